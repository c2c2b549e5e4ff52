import { randomUUID } from 'node:crypto';
import { forbidden, notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { withDisplayName } from '@domain/organisation/location';
import { type Site, type SiteDocument } from '@domain/organisation/site';
import { unknownLocation, locationKey } from '../data';
import { seesOwnLocation, viewerOf, type Viewer } from '../data/viewer';
import { filterSensors, maySeeSite, sensorsLimitedOn, type AccessScope } from '../shared/access';
import { s3Client } from '../shared/clients/s3';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig, requireFilesBucket } from '../shared/config';
import { requireCaller, targetCustomerId, type ActionRequest } from '../shared/http';
import { readByIds } from '../data/unique-claims';
import { pageRequestFrom } from '../shared/pagination';
import { S3SiteDocumentFiles, siteDocumentKey, type SiteDocumentFiles } from '../shared/pdf-files';
import { SiteStore, type SiteRecord } from '../data/repositories/sites';
import { defineRoutes, route } from '../shared/routing';
import { SITE_ROUTES } from '@domain/api/sites';

const table = () => backendConfig().tableName;
const sites = () => new SiteStore(dynamoDocumentClient(), table());
const files = (): SiteDocumentFiles => new S3SiteDocumentFiles(s3Client(), requireFilesBucket());

const viewer = (request: ActionRequest): Promise<Viewer> =>
  viewerOf(requireCaller(request), targetCustomerId(request));

/**
 * A viewer sees a site when they see one of its locations and the security groups let them
 * reach it (the shared access layer).
 */
function seesSite(view: Viewer, site: Pick<SiteRecord, 'id' | 'locationIds'>): boolean {
  return site.locationIds.some((locationId) => seesOwnLocation(view, locationId)) && maySeeSite(view.siteAccess, site.id);
}

/** The sensors of a site (its references) the viewer reaches: a security group may list only some. */
const visibleSensors = <T extends { id: string }>(scope: AccessScope, siteId: string, sensors: readonly T[]): T[] =>
  filterSensors(sensors, (sensor) => ({ sensorId: sensor.id, siteId }), scope);

/** A site as the API gives it: its details without where its file is kept, `displayName` = `name`. */
function siteView(record: SiteRecord, counts?: { activeDeviceCount: number; userCount: number }): Site {
  const { document, ...fields } = record;
  return withDisplayName({
    ...fields,
    ...(document ? { document: { fileName: document.fileName, size: document.size, uploadedAt: document.uploadedAt, uploadedBy: document.uploadedBy } } : {}),
    ...(counts ?? {}),
  });
}

/** A site the viewer may see; any other answers 404, as a missing one does. */
async function visibleSite(view: Viewer, id: string): Promise<SiteRecord> {
  const site = await sites().find(view.customerId, id);
  if (site === undefined || !seesSite(view, site)) throw notFound(MESSAGES.siteNotFound);
  return site;
}

/** Every location of a site must be one of the organisation's that the viewer sees. */
async function assertLocationsUsable(view: Viewer, locationIds: readonly string[]): Promise<void> {
  if (!locationIds.every((locationId) => seesOwnLocation(view, locationId))) throw unknownLocation();
  const found = await readByIds(dynamoDocumentClient(), table(), view.customerId, locationKey, locationIds);
  if (locationIds.some((locationId) => !found.has(locationId))) throw unknownLocation();
}

/** Sites (SPEC sections 2, 3, 5, 8): list, add, get, update, delete, devices, users, the uploaded PDF. */
export const siteRoutes = defineRoutes('sites', [
  route(SITE_ROUTES.list, {
    action: async ({ request }) => {
      const view = await viewer(request);
      const store = sites();
      const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: store.listPartition(view.customerId) });
      const result = await store.list(view.customerId, page);
      return {
        statusCode: 200,
        body: {
          items: result.items.filter((site) => seesSite(view, site)).map((site) => siteView(site)),
          ...(result.nextCursor ? { nextCursor: result.nextCursor } : {}),
        },
      };
    },
  }),
  route(SITE_ROUTES.create, {
    action: async ({ caller, body: input, request }) => {
      const view = await viewer(request);
      await assertLocationsUsable(view, input.locationIds);
      const record = await sites().create(caller, view.customerId, input);
      return { statusCode: 201, body: siteView(record) };
    },
  }),
  route(SITE_ROUTES.get, {
    action: async ({ params, request }) => {
      const view = await viewer(request);
      const site = await visibleSite(view, params.id);
      const store = sites();
      const [attached, devices] = await Promise.all([
        store.attachments(view.customerId, site),
        // Only when the viewer reaches some of the site's sensors is the count made of the visible ones.
        sensorsLimitedOn(view.scope, site.id) ? store.devices(view.customerId, site.id) : Promise.resolve(undefined),
      ]);
      const sensorCount = devices === undefined ? attached.sensors : visibleSensors(view.scope, site.id, devices.sensors).length;
      return { statusCode: 200, body: siteView(site, { activeDeviceCount: sensorCount + attached.gateways, userCount: attached.users }) };
    },
  }),
  route(SITE_ROUTES.update, {
    action: async ({ caller, body: input, params, request }) => {
      const view = await viewer(request);
      const site = await visibleSite(view, params.id);
      await assertLocationsUsable(view, input.locationIds.filter((locationId) => !site.locationIds.includes(locationId)));
      const record = await sites().update(caller, view.customerId, site.id, input, site);
      return { statusCode: 200, body: siteView(record) };
    },
  }),
  route(SITE_ROUTES.remove, {
    action: async ({ caller, params, request }) => {
      const view = await viewer(request);
      const site = await visibleSite(view, params.id);
      if (!view.hasCorporateAccess) throw forbidden(MESSAGES.siteDeleteNeedsCorporateAccess);
      const deleted = await sites().delete(caller, view.customerId, site.id, site);
      if (deleted.document) await files().delete(deleted.document.key);
      return { statusCode: 204 };
    },
  }),
  route(SITE_ROUTES.getUsers, {
    action: async ({ params, request }) => {
      const view = await viewer(request);
      const site = await visibleSite(view, params.id);
      return { statusCode: 200, body: { items: await sites().users(view.customerId, site.id) } };
    },
  }),
  route(SITE_ROUTES.getDevices, {
    action: async ({ params, request }) => {
      const view = await viewer(request);
      const site = await visibleSite(view, params.id);
      const { sensors, gateways } = await sites().devices(view.customerId, site.id);
      return {
        statusCode: 200,
        body: {
          sensors: visibleSensors(view.scope, site.id, sensors).map(({ id, name }) => ({ id, name })),
          gateways: gateways.map(({ id, name }) => ({ id, name })),
        },
      };
    },
  }),
  route(SITE_ROUTES.putDocument, {
    action: async ({ caller, body: upload, params, request }) => {
      const view = await viewer(request);
      const site = await visibleSite(view, params.id);
      const content = Buffer.from(upload.data, 'base64');
      const key = siteDocumentKey(view.customerId, site.id, randomUUID());
      const bucket = files();
      await bucket.put(key, content);
      let before: SiteRecord;
      let after: SiteRecord;
      try {
        ({ before, after } = await sites().setDocument(caller, view.customerId, site.id, {
          key, fileName: upload.fileName, size: content.length, uploadedAt: new Date().toISOString(), uploadedBy: caller.email,
        }));
      } catch (error) {
        await bucket.delete(key);
        throw error;
      }
      if (before.document) await bucket.delete(before.document.key);
      return { statusCode: 200, body: siteView(after) };
    },
  }),
  route(SITE_ROUTES.getDocument, {
    action: async ({ params, request }) => {
      const view = await viewer(request);
      const site = await visibleSite(view, params.id);
      const content = site.document ? await files().get(site.document.key) : undefined;
      if (site.document === undefined || content === undefined) throw notFound(MESSAGES.siteDocumentNotFound);
      const body: SiteDocument = {
        fileName: site.document.fileName,
        size: site.document.size,
        uploadedAt: site.document.uploadedAt,
        uploadedBy: site.document.uploadedBy,
        contentType: 'application/pdf',
        data: content.toString('base64'),
      };
      return { statusCode: 200, body };
    },
  }),
  route(SITE_ROUTES.deleteDocument, {
    action: async ({ caller, params, request }) => {
      const view = await viewer(request);
      const site = await visibleSite(view, params.id);
      if (site.document === undefined) throw notFound(MESSAGES.siteDocumentNotFound);
      const { before } = await sites().setDocument(caller, view.customerId, site.id, undefined, site);
      if (before.document) await files().delete(before.document.key);
      return { statusCode: 204 };
    },
  }),
]);

