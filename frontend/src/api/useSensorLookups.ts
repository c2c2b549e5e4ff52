import { useMemo } from 'react';
import { placeNamers, useNavbarLocations, usePlaceNames } from './locations';
import { useGatewayNames } from './sensors';

export interface SensorLookups {
  locationName(id: string): string;
  siteName(id: string): string;
  gatewayName(id: string): string;
  /** The locations the user reaches, each with its sites (the navbar's list). */
  locations: { id: string; label: string; sites: { id: string; label: string }[] }[];
}

/** Names for the ids a sensor holds (its location, site and gateway); an unknown id shows as itself. */
export function useSensorLookups(): SensorLookups {
  const navbar = useNavbarLocations(true);
  const gateways = useGatewayNames();
  const { data: names } = usePlaceNames();
  return useMemo(() => {
    const locations = (navbar.data?.locations ?? []).map((location) => ({
      id: location.id,
      label: location.displayName,
      sites: location.sites.map((site) => ({ id: site.id, label: site.name })),
    }));
    const gatewayNames = gateways.data ?? new Map<string, string>();
    return {
      locations,
      ...placeNamers(locations, names),
      gatewayName: (id) => gatewayNames.get(id) ?? id,
    };
  }, [gateways.data, names, navbar.data]);
}
