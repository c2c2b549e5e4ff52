import { locationInputSchema } from '@domain/organisation/location';
import { siteInputSchema } from '@domain/organisation/site';
import { locationPut, referenceItem, siteFieldsOf, sitePut, uniqueMarkerPut, type LocationRecord, type SiteRecord, ENTITY } from '../lambdas/data';
import { DEMO_ORGANISATION } from './demo';

/**
 * The demo location and site as the API itself would have stored them: validated by the
 * domain's schemas, with their uniqueness markers and the site's reference from its
 * location (so the location cannot be deleted while the site is in it).
 */
/** The data layer builds requests for a table; only the items are wanted here (the seed writes them), so any name does. */
const ITEM_ONLY = 'item-only';

export function demoLocationAndSiteItems(now: string): Record<string, unknown>[] {
  const { customerId, location, site } = DEMO_ORGANISATION;
  const bookkeeping = { createdAt: now, updatedAt: now, createdBy: 'seed', updatedBy: 'seed', version: 1 };
  const { id: locationId, ...locationFields } = location;
  const locationRecord: LocationRecord = { id: locationId, ...locationInputSchema.parse(locationFields), ...bookkeeping };
  const { id: siteId, ...siteFields } = site;
  const siteRecord: SiteRecord = { id: siteId, ...siteFieldsOf(siteInputSchema.parse({ ...siteFields, locationIds: [locationId] })), ...bookkeeping };
  return [
    { ...locationPut(ITEM_ONLY, customerId, locationRecord).Item, refCount: 1 },
    uniqueMarkerPut(ITEM_ONLY, { customerId, entityType: ENTITY.location, field: 'name', value: locationRecord.name }, locationId).Item,
    sitePut(ITEM_ONLY, customerId, siteRecord).Item,
    uniqueMarkerPut(ITEM_ONLY, { customerId, entityType: ENTITY.site, field: 'name', value: siteRecord.name }, siteId).Item,
    ...(siteRecord.siteId ? [uniqueMarkerPut(ITEM_ONLY, { customerId, entityType: ENTITY.site, field: 'siteId', value: siteRecord.siteId }, siteId).Item] : []),
    referenceItem(customerId, { entity: ENTITY.location, id: locationId }, { kind: 'SITE', id: siteId, name: siteRecord.name }),
  ];
}
