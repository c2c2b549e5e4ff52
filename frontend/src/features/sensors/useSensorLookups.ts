import { useMemo } from 'react';
import { useNavbarLocations, usePlaceNames } from '../../api/locations';
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
  const { data: names } = usePlaceNames();
  return useMemo(() => {
    const locations = (navbar.data?.locations ?? []).map((location) => ({
      id: location.id,
      label: location.displayName,
      sites: location.sites.map((site) => ({ id: site.id, label: site.name })),
    }));
    // Names from the lookup the user may read whole (a one-site user's location too), else the navbar's.
    const locationNames = new Map([
      ...locations.map((location) => [location.id, location.label] as const),
      ...(names?.locations ?? []).map((location) => [location.id, location.name] as const),
    ]);
    const siteNames = new Map([
      ...locations.flatMap((location) => location.sites.map((site) => [site.id, site.label] as const)),
      ...(names?.sites ?? []).map((site) => [site.id, site.name] as const),
    ]);
    const gatewayNames = gateways.data ?? new Map<string, string>();
    return {
      locations,
      locationName: (id) => locationNames.get(id) ?? id,
      siteName: (id) => siteNames.get(id) ?? id,
      gatewayName: (id) => gatewayNames.get(id) ?? id,
    };
  }, [gateways.data, names, navbar.data]);
}
