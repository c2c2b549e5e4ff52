import type { Navbar } from '@domain/identity/account';
import { forbidden, notFound, validationError } from '@domain/core/errors';
import { type CorporateNode, type Location, type LocationShare, mayDeleteLocation, mayEditLocation, type PlaceNames, withDisplayName } from '@domain/organisation/location';
import { MESSAGES } from '@domain/core/messages';
import { CROSS_TENANT_ROLES, isRole } from '@domain/identity/roles';
import { AccountStore, listReferences, partitionOf, sitesByName, type AccountRecord, ENTITY } from '../data';
import { accountTie, filterBySite } from '../shared/access';
import { assertInCorporateView } from '../data/access';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { requireCaller, targetCustomerId, type ActionRequest } from '../shared/http';
import { pageRequestFrom } from '../shared/pagination';
import { queryAll } from '../data/query-pages';
import { identityByEmail } from './identity';
import { LocationStore, type ShareRecord } from '../data/repositories/locations';
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
import { defineRoutes, route } from '../shared/routing';
import { LOCATION_ROUTES } from '@domain/api/locations';

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
    ExpressionAttributeValues: { ':pk': partitionOf(sitesByName(table(), customerId)) },
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
  // Under a corporate view, another location's user is as unknown as a missing one.
  if (!self) await assertInCorporateView(caller, customerId, accountTie(account), { notFoundMessage: MESSAGES.accountNotFound });
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
  // A corporate view shows its own location only (not the user's others, nor other organisations').
  const viewLocationId = caller.proxy?.locationId;
  const items = viewLocationId === undefined ? [...own, ...shared] : own.filter((location) => location.id === viewLocationId);
  return { statusCode: 200, body: { items } };
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
export const locationRoutes = defineRoutes('locations', [
  route(LOCATION_ROUTES.list, {
    action: async ({ request }) => {
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
  }),
  route(LOCATION_ROUTES.create, {
    action: async ({ caller, body: input, request }) => {
      const view = await viewer(request);
      // A corporate view acts for its one location: it adds no other.
      if (view.onlyLocationId !== undefined) throw forbidden(MESSAGES.corporateViewOneLocation);
      // Someone who sees only their assigned locations gets the new one assigned.
      const assignTo = !view.seesAllLocations && view.account !== undefined ? view.accountId : undefined;
      const record = await locations().create(caller, view.customerId, input, assignTo);
      return { statusCode: 201, body: locationView(record, view.customerId, ownStanding(view)) };
    },
  }),
  route(LOCATION_ROUTES.getNames, {
    action: async ({ request }) => {
      const view = await viewer(request);
      const store = locations();
      const [ownRecords, shared, ownSites] = await Promise.all([
        store.all(view.customerId),
        sharedLocations(view, store, 'accepted', organisationName),
        allSites(view.customerId),
      ]);
      const sites = filterBySite(ownSites, (site) => site.id, view.siteAccess);
      const locationsOfSites = new Set(sites.flatMap((site) => site.locationIds ?? []));
      const sharedSites = (await Promise.all(shared.map((location) =>
        listReferences(dynamoDocumentClient(), table(), location.ownerCustomerId, { entity: ENTITY.location, id: location.id }, 'SITE')))).flat();
      const body: PlaceNames = {
        locations: [
          ...ownRecords.filter((record) => seesOwnLocation(view, record.id) || locationsOfSites.has(record.id)),
          ...shared,
        ].map(({ id, name }) => ({ id, name })),
        sites: [...sites, ...sharedSites].map(({ id, name }) => ({ id, name })),
      };
      return { statusCode: 200, body };
    },
  }),
  route(LOCATION_ROUTES.getNavbar, {
    action: async ({ request }) => {
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
  }),
  route(LOCATION_ROUTES.getCorporate, {
    action: async ({ request }) => {
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
  }),
  route(LOCATION_ROUTES.getExistsById, {
    action: async ({ params, request }) => {
      const customerId = targetCustomerId(request);
      const name = params.name;
      return { statusCode: 200, body: { exists: await locations().nameExists(customerId, name) } };
    },
  }),
  route(LOCATION_ROUTES.getUserById, {
    action: async ({ params, request }) => userLocations(request, params.idOrEmail),
  }),
  route(LOCATION_ROUTES.getUsersLocations, {
    action: async ({ params, request }) => userLocations(request, params.id),
  }),
  route(LOCATION_ROUTES.getShared, {
    action: async ({ request }) => {
      const view = await viewer(request);
      return { statusCode: 200, body: { items: await sharedLocations(view, locations(), 'accepted', organisationName) } };
    },
  }),
  route(LOCATION_ROUTES.getSharedPending, {
    action: async ({ request }) => {
      const view = await viewer(request);
      return { statusCode: 200, body: { items: await sharedLocations(view, locations(), 'pending', organisationName) } };
    },
  }),
  route(LOCATION_ROUTES.putSharedById, {
    action: async ({ caller, body, params }) => {
      const { accept } = body;
      const store = locations();
      const share = await store.shareWith(caller.customerId, caller.accountId, params.id);
      if (share === undefined) throw notFound(MESSAGES.shareNotFound);
      const answered = await store.answer(caller, share, accept);
      if (answered === undefined) return { statusCode: 204 };
      const record = await store.get(answered.ownerCustomerId, answered.locationId);
      return {
        statusCode: 200,
        body: locationView(record, answered.ownerCustomerId, sharedStanding(answered), await organisationName(answered.ownerCustomerId)),
      };
    },
  }),
  route(LOCATION_ROUTES.get, {
    action: async ({ params, request }) => {
      const { location } = await visibleLocation(await viewer(request), params.id);
      return { statusCode: 200, body: location };
    },
  }),
  route(LOCATION_ROUTES.update, {
    action: async ({ caller, body, params, request }) => {
      const view = await viewer(request);
      const { location, ownerCustomerId } = await editableLocation(view, params.id);
      const record = await locations().update(caller, ownerCustomerId, location.id, body, 'replace');
      return { statusCode: 200, body: locationView(record, ownerCustomerId, standingOf(location), location.ownerOrganisationName) };
    },
  }),
  route(LOCATION_ROUTES.putMapping, {
    action: async ({ caller, body, params, request }) => {
      const view = await viewer(request);
      const { id, fieldsToUpdate } = body;
      const pathId = params.id;
      if (id !== undefined && id !== pathId) throw validationError(MESSAGES.locationNotFound);
      const { location, ownerCustomerId } = await editableLocation(view, pathId);
      const record = await locations().update(caller, ownerCustomerId, location.id, fieldsToUpdate, 'merge');
      return { statusCode: 200, body: locationView(record, ownerCustomerId, standingOf(location), location.ownerOrganisationName) };
    },
  }),
  route(LOCATION_ROUTES.remove, {
    action: async ({ caller, params, request }) => {
      const view = await viewer(request);
      const location = await ownedLocation(view, params.id);
      if (!mayDeleteLocation(location, view.hasCorporateAccess)) throw forbidden(MESSAGES.locationDeleteNeedsCorporateAccess);
      await locations().delete(caller, view.customerId, location.id);
      return { statusCode: 204 };
    },
  }),
  route(LOCATION_ROUTES.getShares, {
    action: async ({ params, request }) => {
      const view = await viewer(request);
      const location = await ownedLocation(view, params.id);
      const shares = await locations().shares(view.customerId, location.id);
      return { statusCode: 200, body: { items: shares.map(shareView) } };
    },
  }),
  route(LOCATION_ROUTES.postShares, {
    action: async ({ caller, body, params, request }) => {
      const view = await viewer(request);
      const location = await ownedLocation(view, params.id);
      const { email, isAdmin } = body;
      const invitee = await identityByEmail(email);
      if (invitee === undefined) throw validationError(MESSAGES.shareUserNotFound, { email: MESSAGES.shareUserNotFound });
      if (invitee.customerId === view.customerId) {
        throw validationError(MESSAGES.shareSameOrganisation, { email: MESSAGES.shareSameOrganisation });
      }
      const share = await locations().share(caller, view.customerId, location.id, invitee, isAdmin);
      return { statusCode: 201, body: shareView(share) };
    },
  }),
  route(LOCATION_ROUTES.deleteSharesById, {
    action: async ({ caller, params, request }) => {
      const view = await viewer(request);
      const location = await ownedLocation(view, params.id);
      const accountId = params.accountId;
      const store = locations();
      const share = (await store.shares(view.customerId, location.id)).find((entry) => entry.accountId === accountId);
      if (share === undefined) throw notFound(MESSAGES.shareNotFound);
      await store.unshare(caller, view.customerId, location.id, share.customerId, share.accountId);
      return { statusCode: 204 };
    },
  }),
]);

