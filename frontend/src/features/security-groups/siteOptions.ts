import { useMemo } from 'react';
import { useNavbarLocations } from '../../api/locations';

export interface SiteOption {
  id: string;
  name: string;
}

/**
 * The organisation's sites a group or a view may take, by name: every site of the locations
 * the administrator sees (the navbar's list, which a corporate administrator sees whole).
 */
export function useSiteOptions(): { sites: SiteOption[]; isLoading: boolean } {
  const { data, isLoading } = useNavbarLocations(true);
  const sites = useMemo(() => {
    const byId = new Map<string, SiteOption>();
    for (const location of data?.locations ?? []) {
      for (const site of location.sites) byId.set(site.id, { id: site.id, name: site.name });
    }
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
  }, [data]);
  return { sites, isLoading };
}

/** A site's name, or its id when the site is not (or no longer) known. */
export function siteNameOf(sites: readonly SiteOption[], id: string): string {
  return sites.find((site) => site.id === id)?.name ?? id;
}
