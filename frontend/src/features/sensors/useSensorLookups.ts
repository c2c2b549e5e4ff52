import { useMemo } from 'react';
import { useNavbarLocations } from '../../api/locations';
import { useGatewayNames } from '../../api/sensors';

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
  return useMemo(() => {
    const locations = (navbar.data?.locations ?? []).map((location) => ({
      id: location.id,
      label: location.displayName,
      sites: location.sites.map((site) => ({ id: site.id, label: site.name })),
    }));
    const locationNames = new Map(locations.map((location) => [location.id, location.label]));
    const siteNames = new Map(locations.flatMap((location) => location.sites.map((site) => [site.id, site.label] as const)));
    const gatewayNames = gateways.data ?? new Map<string, string>();
    return {
      locations,
      locationName: (id) => locationNames.get(id) ?? id,
      siteName: (id) => siteNames.get(id) ?? id,
      gatewayName: (id) => gatewayNames.get(id) ?? id,
    };
  }, [gateways.data, navbar.data]);
}
