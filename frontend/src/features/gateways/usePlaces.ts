import { useMemo } from 'react';
import { placeNamers, useNavbarLocations, usePlaceNames } from '../../api/locations';

export interface PlaceOption {
  id: string;
  label: string;
}

export interface LocationPlace extends PlaceOption {
  sites: PlaceOption[];
}

export interface Places {
  /** The locations the user reaches, each with its sites (the navbar's list), by name. */
  locations: LocationPlace[];
  locationName(id: string): string;
  siteName(id: string): string;
  /** The sites of the given locations, each once, by name. */
  sitesOf(locationIds: readonly string[]): PlaceOption[];
  isLoading: boolean;
}

const byLabel = (a: PlaceOption, b: PlaceOption) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' });

/** Names of the locations and sites a gateway names by id; an unknown id shows as itself. */
export function usePlaces(): Places {
  const { data, isLoading } = useNavbarLocations(true);
  const { data: names } = usePlaceNames();
  return useMemo(() => {
    const locations = (data?.locations ?? [])
      .map((location) => ({ id: location.id, label: location.displayName, sites: location.sites.map((site) => ({ id: site.id, label: site.name })).sort(byLabel) }))
      .sort(byLabel);
    return {
      locations,
      isLoading,
      ...placeNamers(locations, names),
      sitesOf: (locationIds) => {
        const sites = new Map<string, PlaceOption>();
        for (const location of locations) if (locationIds.includes(location.id)) for (const site of location.sites) sites.set(site.id, site);
        return [...sites.values()].sort(byLabel);
      },
    };
  }, [data, isLoading, names]);
}
