import { randomUUID } from 'node:crypto';
import { forbidden, notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { withDisplayName } from '@domain/organisation/location';
import { siteDocumentUploadSchema, siteInputSchema, type Site, type SiteDocument } from '@domain/organisation/site';
import { unknownLocation } from '../locations/store';
import { seesOwnLocation, viewerOf, type Viewer } from '../locations/viewer';
import { API_PREFIX } from '../routes';
import { filterSensors, maySeeSite, sensorsLimitedOn, type AccessScope } from '../shared/access';
import { dynamoDocumentClient, s3Client } from '../shared/clients';
import { backendConfig, requireFilesBucket } from '../shared/config';
import {
  bodyOf,
  createResourceHandler,
  pathParameter,
  requireCaller,
  targetCustomerId,
  type ActionRequest,
  type ResourceActions,
} from '../shared/http';
import { ENTITY } from '../shared/keys';
import { readByIds } from '../shared/named-records';
import { pageRequestFrom } from '../shared/pagination';
import { S3SiteDocumentFiles, siteDocumentKey, type SiteDocumentFiles } from './documents';
import { SiteStore, type SiteRecord } from './store';

const base = `${API_PREFIX}/sites`;

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
  const found = await readByIds(dynamoDocumentClient(), table(), view.customerId, ENTITY.location, locationIds);
  if (locationIds.some((locationId) => !found.has(locationId))) throw unknownLocation();
}

/** Sites (SPEC sections 2, 3, 5, 8): list, add, get, update, delete, devices, users, the uploaded PDF. */
export const siteActions: ResourceActions = {
  [`GET ${base}`]: async (request) => {
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
  [`POST ${base}`]: async (request) => {
    const view = await viewer(request);
    const input = bodyOf(request, siteInputSchema);
    await assertLocationsUsable(view, input.locationIds);
    const record = await sites().create(requireCaller(request), view.customerId, input);
    return { statusCode: 201, body: siteView(record) };
  },
  [`GET ${base}/{id}`]: async (request) => {
    const view = await viewer(request);
    const site = await visibleSite(view, pathParameter(request, 'id'));
    const store = sites();
    const [attached, devices] = await Promise.all([
      store.attachments(view.customerId, site),
      // Only when the viewer reaches some of the site's sensors is the count made of the visible ones.
      sensorsLimitedOn(view.scope, site.id) ? store.devices(view.customerId, site.id) : Promise.resolve(undefined),
    ]);
    const sensorCount = devices === undefined ? attached.sensors : visibleSensors(view.scope, site.id, devices.sensors).length;
    return { statusCode: 200, body: siteView(site, { activeDeviceCount: sensorCount + attached.gateways, userCount: attached.users }) };
  },
  [`PUT ${base}/{id}`]: async (request) => {
    const view = await viewer(request);
    const site = await visibleSite(view, pathParameter(request, 'id'));
    const input = bodyOf(request, siteInputSchema);
    await assertLocationsUsable(view, input.locationIds.filter((locationId) => !site.locationIds.includes(locationId)));
    const record = await sites().update(requireCaller(request), view.customerId, site.id, input, site);
    return { statusCode: 200, body: siteView(record) };
  },
  [`DELETE ${base}/{id}`]: async (request) => {
    const view = await viewer(request);
    const site = await visibleSite(view, pathParameter(request, 'id'));
    if (!view.hasCorporateAccess) throw forbidden(MESSAGES.siteDeleteNeedsCorporateAccess);
    const deleted = await sites().delete(requireCaller(request), view.customerId, site.id, site);
    if (deleted.document) await files().delete(deleted.document.key);
    return { statusCode: 204 };
  },
  [`GET ${base}/{id}/users`]: async (request) => {
    const view = await viewer(request);
    const site = await visibleSite(view, pathParameter(request, 'id'));
    return { statusCode: 200, body: { items: await sites().users(view.customerId, site.id) } };
  },
  [`GET ${base}/{id}/devices`]: async (request) => {
    const view = await viewer(request);
    const site = await visibleSite(view, pathParameter(request, 'id'));
    const { sensors, gateways } = await sites().devices(view.customerId, site.id);
    return {
      statusCode: 200,
      body: {
        sensors: visibleSensors(view.scope, site.id, sensors).map(({ id, name }) => ({ id, name })),
        gateways: gateways.map(({ id, name }) => ({ id, name })),
      },
    };
  },
  [`PUT ${base}/{id}/document`]: async (request) => {
    const caller = requireCaller(request);
    const view = await viewer(request);
    const site = await visibleSite(view, pathParameter(request, 'id'));
    const upload = bodyOf(request, siteDocumentUploadSchema);
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
  [`GET ${base}/{id}/document`]: async (request) => {
    const view = await viewer(request);
    const site = await visibleSite(view, pathParameter(request, 'id'));
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
  [`DELETE ${base}/{id}/document`]: async (request) => {
    const view = await viewer(request);
    const site = await visibleSite(view, pathParameter(request, 'id'));
    if (site.document === undefined) throw notFound(MESSAGES.siteDocumentNotFound);
    const { before } = await sites().setDocument(requireCaller(request), view.customerId, site.id, undefined, site);
    if (before.document) await files().delete(before.document.key);
    return { statusCode: 204 };
  },
};

export const handler = createResourceHandler('sites', siteActions);
