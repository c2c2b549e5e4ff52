import type { Navbar } from '@domain/identity/account';
import { forbidden, notFound, validationError } from '@domain/core/errors';
import {
  locationInputSchema,
  locationMappingSchema,
  locationShareInputSchema,
  mayDeleteLocation,
  mayEditLocation,
  shareAnswerSchema,
  withDisplayName,
  type CorporateNode,
  type Location,
  type LocationShare,
} from '@domain/organisation/location';
import { MESSAGES } from '@domain/core/messages';
import { CROSS_TENANT_ROLES, isRole } from '@domain/identity/roles';
import { AccountStore, type AccountRecord } from '../accounts/store';
import { API_PREFIX } from '../routes';
import { filterBySite } from '../shared/access';
import { dynamoDocumentClient } from '../shared/clients';
import { backendConfig } from '../shared/config';
import {
  bodyOf,
  createResourceHandler,
  pathParameter,
  requireCaller,
  targetCustomerId,
  type ActionRequest,
  type ResourceActions,
} from '../shared/http';
import { ENTITY, entityPartition } from '../shared/keys';
import { pageRequestFrom, queryAll } from '../shared/pagination';
import { listReferences } from '../shared/references';
import { identityByEmail } from './identity';
import { LocationStore, type ShareRecord } from './store';
import {
  locationView,
  ownStanding,
  seesOwnLocation,
  sharedLocations,
  sharedStanding,
  viewerFor,
  viewerOf,
  visibleOwnLocations,
  type Viewer,
} from './viewer';

const base = `${API_PREFIX}/locations`;

const table = () => backendConfig().tableName;
const locations = () => new LocationStore(dynamoDocumentClient(), table());
const accounts = () => new AccountStore(dynamoDocumentClient(), table());

async function viewer(request: ActionRequest): Promise<Viewer> {
  return viewerOf(requireCaller(request), targetCustomerId(request));
}

const organisationName = (customerId: string) => accounts().organisationName(customerId);

interface SiteItem { id: string; name: string; locationIds?: string[] }

/** Every site of an organisation, by name (gsi1). */
async function allSites(customerId: string): Promise<SiteItem[]> {
  return queryAll<SiteItem>(dynamoDocumentClient(), {
    TableName: table(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': entityPartition(customerId, ENTITY.site) },
    ProjectionExpression: 'id, #name, locationIds',
    ExpressionAttributeNames: { '#name': 'name' },
  });
}

/**
 * A location the viewer may see: one of the organisation's they see, or one shared with them
 * and accepted. A pending share does not count (SPEC section 5), so it answers 404 here.
 */
async function visibleLocation(view: Viewer, id: string): Promise<{ location: Location; share?: ShareRecord }> {
  const store = locations();
  const own = await store.find(view.customerId, id);
  if (own !== undefined && seesOwnLocation(view, id)) return { location: locationView(own, view.customerId, ownStanding(view)) };
  if (own === undefined && view.ownOrganisation) {
    const share = await store.shareWith(view.customerId, view.accountId, id);
    if (share !== undefined && !share.isAcceptancePending) {
      const record = await store.find(share.ownerCustomerId, id);
      if (record !== undefined) {
        return { location: locationView(record, share.ownerCustomerId, sharedStanding(share), await organisationName(share.ownerCustomerId)), share };
      }
    }
  }
  throw notFound(MESSAGES.locationNotFound);
}

/** A location of the viewer's organisation they may change (owner), or one shared with them as administrator. */
async function editableLocation(view: Viewer, id: string): Promise<{ location: Location; ownerCustomerId: string }> {
  const { location } = await visibleLocation(view, id);
  if (!mayEditLocation(location)) throw forbidden(MESSAGES.locationEditNotAllowed);
  return { location, ownerCustomerId: location.ownerCustomerId };
}

/** A location of the viewer's own organisation that they own (sharing, deleting). */
async function ownedLocation(view: Viewer, id: string): Promise<Location> {
  const { location } = await visibleLocation(view, id);
  if (location.isShared) throw notFound(MESSAGES.locationNotFound);
  if (!location.isOwner) throw forbidden(MESSAGES.locationEditNotAllowed);
  return location;
}

/** Whose locations a lookup may read: one's own; any of the organisation for administrators, helpdesk and superadmin. */
async function accountNamed(request: ActionRequest, idOrEmail: string): Promise<{ account: AccountRecord; customerId: string }> {
  const caller = requireCaller(request);
  const byEmail = idOrEmail.includes('@');
  const self = byEmail ? idOrEmail.trim().toLowerCase() === caller.email.toLowerCase() : idOrEmail === caller.accountId;
  if (!self && caller.role !== 'admin' && !CROSS_TENANT_ROLES.includes(caller.role)) throw forbidden();
  const customerId = self ? caller.customerId : targetCustomerId(request);
  const store = accounts();
  const account = self
    ? await store.get(caller.customerId, caller.accountId)
    : byEmail ? await store.findByEmail(customerId, idOrEmail) : await store.get(customerId, idOrEmail);
  if (account === undefined) throw notFound(MESSAGES.accountNotFound);
  return { account, customerId };
}

/** A user's locations (SPEC section 7): those they see, and the shared ones they accepted; never a pending one. */
async function userLocations(request: ActionRequest, idOrEmail: string) {
  const caller = requireCaller(request);
  const { account, customerId } = await accountNamed(request, idOrEmail);
  const isSelf = account.accountId === caller.accountId && customerId === caller.customerId;
  const role = isSelf ? caller.role : isRole(account.role) ? account.role : 'basicuser';
  const view = viewerFor(account.accountId, role, customerId, true, account, { kind: 'all' });
  const store = locations();
  const [own, shared] = await Promise.all([
    visibleOwnLocations(view, store),
    sharedLocations(view, store, 'accepted', organisationName),
  ]);
  return { statusCode: 200, body: { items: [...own, ...shared] } };
}

/** Only the standing flags of a location view (its fields are the record's). */
const standingOf = ({ isOwner, isAdmin, isShared, isAcceptancePending }: Location) => ({ isOwner, isAdmin, isShared, isAcceptancePending });

const shareView = (share: ShareRecord): LocationShare => ({
  locationId: share.locationId,
  email: share.email,
  accountId: share.accountId,
  customerId: share.customerId,
  isAdmin: share.isAdmin,
  isAcceptancePending: share.isAcceptancePending,
  sharedAt: share.sharedAt,
  sharedBy: share.sharedBy,
  ...(share.acceptedAt ? { acceptedAt: share.acceptedAt } : {}),
});

/**
 * Locations (SPEC section 7, node backend): add, update, delete, get, the mapping update, the
 * corporate node, a user's locations, the existence check by name, the navbar; sharing with
 * users of other organisations and the invitee's answer.
 */
export const locationActions: ResourceActions = {
  [`GET ${base}`]: async (request) => {
    const view = await viewer(request);
    const store = locations();
    const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: store.listPartition(view.customerId) });
    const result = await store.list(view.customerId, page);
    const standing = ownStanding(view);
    return {
      statusCode: 200,
      body: {
        items: result.items.filter((record) => seesOwnLocation(view, record.id)).map((record) => locationView(record, view.customerId, standing)),
        ...(result.nextCursor ? { nextCursor: result.nextCursor } : {}),
      },
    };
  },
  [`POST ${base}`]: async (request) => {
    const view = await viewer(request);
    const caller = requireCaller(request);
    const input = bodyOf(request, locationInputSchema);
    // Someone who sees only their assigned locations gets the new one assigned.
    const assignTo = !view.seesAllLocations && view.account !== undefined ? view.accountId : undefined;
    const record = await locations().create(caller, view.customerId, input, assignTo);
    return { statusCode: 201, body: locationView(record, view.customerId, ownStanding(view)) };
  },
  [`GET ${base}/navbar`]: async (request) => {
    const view = await viewer(request);
    const store = locations();
    const [own, shared, ownSites] = await Promise.all([
      visibleOwnLocations(view, store),
      sharedLocations(view, store, 'accepted', organisationName),
      allSites(view.customerId),
    ]);
    // Own sites through the access layer (assigned sites, security groups); a location another
    // organisation shared brings its sites with it (the scope is of the caller's own organisation).
    const sitesOf = async (location: Location) => {
      if (location.isShared) {
        return (await listReferences(dynamoDocumentClient(), table(), location.ownerCustomerId, { entity: ENTITY.location, id: location.id }, 'SITE'))
          .map((reference) => ({ id: reference.id, name: reference.name }));
      }
      const sites = ownSites.filter((site) => site.locationIds?.includes(location.id)).map((site) => ({ id: site.id, name: site.name }));
      return filterBySite(sites, (site) => site.id, view.siteAccess);
    };
    const body: Navbar = {
      locations: await Promise.all([...own, ...shared].map(async (location) => ({
        id: location.id,
        name: location.name,
        displayName: location.displayName,
        sites: await sitesOf(location),
      }))),
    };
    return { statusCode: 200, body };
  },
  [`GET ${base}/corporate`]: async (request) => {
    const view = await viewer(request);
    const name = await organisationName(view.customerId);
    const own = await visibleOwnLocations(view, locations());
    const body: CorporateNode = {
      ...withDisplayName({ id: view.customerId, name }),
      isCorporate: true,
      locations: own.map((location) => withDisplayName({ id: location.id, name: location.name })),
    };
    return { statusCode: 200, body };
  },
  [`GET ${base}/exists/{name}`]: async (request) => {
    const customerId = targetCustomerId(request);
    const name = pathParameter(request, 'name');
    return { statusCode: 200, body: { exists: await locations().nameExists(customerId, name) } };
  },
  [`GET ${base}/user/{idOrEmail}`]: async (request) => userLocations(request, pathParameter(request, 'idOrEmail')),
  [`GET ${API_PREFIX}/users/{id}/locations`]: async (request) => userLocations(request, pathParameter(request, 'id')),
  [`GET ${base}/shared`]: async (request) => {
    const view = await viewer(request);
    return { statusCode: 200, body: { items: await sharedLocations(view, locations(), 'accepted', organisationName) } };
  },
  [`GET ${base}/shared/pending`]: async (request) => {
    const view = await viewer(request);
    return { statusCode: 200, body: { items: await sharedLocations(view, locations(), 'pending', organisationName) } };
  },
  [`PUT ${base}/shared/{id}`]: async (request) => {
    const caller = requireCaller(request);
    const { accept } = bodyOf(request, shareAnswerSchema);
    const store = locations();
    const share = await store.shareWith(caller.customerId, caller.accountId, pathParameter(request, 'id'));
    if (share === undefined) throw notFound(MESSAGES.shareNotFound);
    const answered = await store.answer(caller, share, accept);
    if (answered === undefined) return { statusCode: 204 };
    const record = await store.get(answered.ownerCustomerId, answered.locationId);
    return {
      statusCode: 200,
      body: locationView(record, answered.ownerCustomerId, sharedStanding(answered), await organisationName(answered.ownerCustomerId)),
    };
  },
  [`GET ${base}/{id}`]: async (request) => {
    const { location } = await visibleLocation(await viewer(request), pathParameter(request, 'id'));
    return { statusCode: 200, body: location };
  },
  [`PUT ${base}/{id}`]: async (request) => {
    const caller = requireCaller(request);
    const view = await viewer(request);
    const { location, ownerCustomerId } = await editableLocation(view, pathParameter(request, 'id'));
    const record = await locations().update(caller, ownerCustomerId, location.id, bodyOf(request, locationInputSchema), 'replace');
    return { statusCode: 200, body: locationView(record, ownerCustomerId, standingOf(location), location.ownerOrganisationName) };
  },
  [`PUT ${base}/{id}/mapping`]: async (request) => {
    const caller = requireCaller(request);
    const view = await viewer(request);
    const { id, fieldsToUpdate } = bodyOf(request, locationMappingSchema);
    const pathId = pathParameter(request, 'id');
    if (id !== undefined && id !== pathId) throw validationError(MESSAGES.locationNotFound);
    const { location, ownerCustomerId } = await editableLocation(view, pathId);
    const record = await locations().update(caller, ownerCustomerId, location.id, fieldsToUpdate, 'merge');
    return { statusCode: 200, body: locationView(record, ownerCustomerId, standingOf(location), location.ownerOrganisationName) };
  },
  [`DELETE ${base}/{id}`]: async (request) => {
    const caller = requireCaller(request);
    const view = await viewer(request);
    const location = await ownedLocation(view, pathParameter(request, 'id'));
    if (!mayDeleteLocation(location, view.hasCorporateAccess)) throw forbidden(MESSAGES.locationDeleteNeedsCorporateAccess);
    await locations().delete(caller, view.customerId, location.id);
    return { statusCode: 204 };
  },
  [`GET ${base}/{id}/shares`]: async (request) => {
    const view = await viewer(request);
    const location = await ownedLocation(view, pathParameter(request, 'id'));
    const shares = await locations().shares(view.customerId, location.id);
    return { statusCode: 200, body: { items: shares.map(shareView) } };
  },
  [`POST ${base}/{id}/shares`]: async (request) => {
    const caller = requireCaller(request);
    const view = await viewer(request);
    const location = await ownedLocation(view, pathParameter(request, 'id'));
    const { email, isAdmin } = bodyOf(request, locationShareInputSchema);
    const invitee = await identityByEmail(email);
    if (invitee === undefined) throw validationError(MESSAGES.shareUserNotFound, { email: MESSAGES.shareUserNotFound });
    if (invitee.customerId === view.customerId) {
      throw validationError(MESSAGES.shareSameOrganisation, { email: MESSAGES.shareSameOrganisation });
    }
    const share = await locations().share(caller, view.customerId, location.id, invitee, isAdmin);
    return { statusCode: 201, body: shareView(share) };
  },
  [`DELETE ${base}/{id}/shares/{accountId}`]: async (request) => {
    const caller = requireCaller(request);
    const view = await viewer(request);
    const location = await ownedLocation(view, pathParameter(request, 'id'));
    const accountId = pathParameter(request, 'accountId');
    const store = locations();
    const share = (await store.shares(view.customerId, location.id)).find((entry) => entry.accountId === accountId);
    if (share === undefined) throw notFound(MESSAGES.shareNotFound);
    await store.unshare(caller, view.customerId, location.id, share.customerId, share.accountId);
    return { statusCode: 204 };
  },
};

export const handler = createResourceHandler('locations', locationActions);
