import { useMemo } from 'react';
import useSWR from 'swr';
import { ORGANISATION_READERS } from '@domain/identity/roles';
import { useNavbarLocations } from '../../api/locations';
import { listAllNamedItems, namedItemsKey, type NamedCatalogPath } from '../../api/namedCatalog';
import { useCurrentUser } from '../../session/useAuth';

export interface Option {
  id: string;
  label: string;
}

function useCatalogOptions(path: NamedCatalogPath, enabled: boolean): Option[] {
  // Only roles that may read the catalogue ask for it (a refused call ends the session).
  const { data } = useSWR(enabled ? namedItemsKey(path) : null, ([, resource]) => listAllNamedItems(resource));
  return useMemo(() => (data ?? []).map((item) => ({ id: item.id, label: item.name })), [data]);
}

/** What the user form offers: the organisation's locations and sites, departments and divisions. */
export function useUserOptions() {
  const user = useCurrentUser();
  const readsCatalogues = user.role !== null && ORGANISATION_READERS.includes(user.role);
  const { data: navbar } = useNavbarLocations(true);
  const departments = useCatalogOptions('/departments', readsCatalogues);
  const divisions = useCatalogOptions('/divisions', readsCatalogues);
  const locations = useMemo<Option[]>(
    () => (navbar?.locations ?? []).map((location) => ({ id: location.id, label: location.displayName })),
    [navbar],
  );
  const sites = useMemo<Option[]>(() => {
    const byId = new Map<string, Option>();
    for (const location of navbar?.locations ?? []) {
      for (const site of location.sites) byId.set(site.id, { id: site.id, label: site.name });
    }
    return [...byId.values()].sort((a, b) => a.label.localeCompare(b.label));
  }, [navbar]);
  return { locations, sites, departments, divisions };
}

/** The time zones the browser knows, for the time zone field. */
export function timeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes('UTC') ? known : ['UTC', ...known];
}
