import { locationInputSchema } from '@domain/organisation/location';
import { siteInputSchema } from '@domain/organisation/site';
import { locationItem, locationNameMarker, type LocationRecord } from '../lambdas/locations/store';
import { ENTITY } from '../lambdas/shared/keys';
import { referenceItem } from '../lambdas/shared/references';
import { siteFieldsOf, siteItem, siteMarker, type SiteRecord } from '../lambdas/sites/store';
import { DEMO_ORGANISATION } from './demo';

/**
 * The demo location and site as the API itself would have stored them: validated by the
 * domain's schemas, with their uniqueness markers and the site's reference from its
 * location (so the location cannot be deleted while the site is in it).
 */
export function demoLocationAndSiteItems(now: string): Record<string, unknown>[] {
  const { customerId, location, site } = DEMO_ORGANISATION;
  const bookkeeping = { createdAt: now, updatedAt: now, createdBy: 'seed', updatedBy: 'seed', version: 1 };
  const { id: locationId, ...locationFields } = location;
  const locationRecord: LocationRecord = { id: locationId, ...locationInputSchema.parse(locationFields), ...bookkeeping };
  const { id: siteId, ...siteFields } = site;
  const siteRecord: SiteRecord = { id: siteId, ...siteFieldsOf(siteInputSchema.parse({ ...siteFields, locationIds: [locationId] })), ...bookkeeping };
  return [
    { ...locationItem(customerId, locationRecord), refCount: 1 },
    locationNameMarker(customerId, locationRecord.name, locationId),
    siteItem(customerId, siteRecord),
    siteMarker(customerId, 'name', siteRecord.name, siteId),
    ...(siteRecord.siteId ? [siteMarker(customerId, 'siteId', siteRecord.siteId, siteId)] : []),
    referenceItem(customerId, { entity: ENTITY.location, id: locationId }, { kind: 'SITE', id: siteId, name: siteRecord.name }),
  ];
}
