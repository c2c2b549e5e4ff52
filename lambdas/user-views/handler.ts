import { notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { userViewInputSchema, type UserView } from '@domain/identity/user-views';
import { API_PREFIX } from '../routes';
import { accessibleSiteIds, assertSitesNamable, type SiteAccess } from '../shared/access';
import { dynamoDocumentClient } from '../shared/clients';
import { backendConfig } from '../shared/config';
import { bodyOf, createResourceHandler, pathParameter, requireCaller, type ResourceActions } from '../shared/http';
import { pageRequestFrom } from '../shared/pagination';
import { UserViewStore } from './store';

const store = () => new UserViewStore(dynamoDocumentClient(), backendConfig().tableName);
const base = `${API_PREFIX}/userviews`;

/**
 * What a reader may see of a view under the access layer: only the sites they may reach; a
 * view with none of those is not theirs to see.
 */
function visible(view: UserView, access: SiteAccess): UserView | undefined {
  if (access === 'all') return view;
  const siteIds = view.siteIds.filter((id) => access.has(id));
  return siteIds.length === 0 ? undefined : { ...view, siteIds };
}

/** User views: the organisation reads them (within its security groups), administrators write. */
export const userViewActions: ResourceActions = {
  [`GET ${base}`]: async (request) => {
    const caller = requireCaller(request);
    const views = store();
    const pageRequest = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: views.listPartition(caller.customerId) });
    const [page, access] = await Promise.all([views.list(caller.customerId, pageRequest), accessibleSiteIds(caller, caller.customerId)]);
    const items = page.items.map((view) => visible(view, access)).filter((view): view is UserView => view !== undefined);
    return { statusCode: 200, body: { ...page, items } };
  },
  [`POST ${base}`]: async (request) => {
    const caller = requireCaller(request);
    const input = bodyOf(request, userViewInputSchema);
    // A site the administrator may not reach is as unknown as a missing one.
    await assertSitesNamable(caller, caller.customerId, input.siteIds);
    return { statusCode: 201, body: await store().create(caller, caller.customerId, input) };
  },
  [`GET ${base}/{id}`]: async (request) => {
    const caller = requireCaller(request);
    const [view, access] = await Promise.all([
      store().get(caller.customerId, pathParameter(request, 'id')),
      accessibleSiteIds(caller, caller.customerId),
    ]);
    const shown = visible(view, access);
    if (shown === undefined) throw notFound(MESSAGES.userViewNotFound);
    return { statusCode: 200, body: shown };
  },
  [`PUT ${base}/{id}`]: async (request) => {
    const caller = requireCaller(request);
    const input = bodyOf(request, userViewInputSchema);
    const views = store();
    const before = await views.get(caller.customerId, pathParameter(request, 'id'));
    await assertSitesNamable(caller, caller.customerId, input.siteIds, before.siteIds);
    return { statusCode: 200, body: await views.update(caller, caller.customerId, before.id, input) };
  },
  [`DELETE ${base}/{id}`]: async (request) => {
    const caller = requireCaller(request);
    await store().delete(caller, caller.customerId, pathParameter(request, 'id'));
    return { statusCode: 204 };
  },
};

export const handler = createResourceHandler('userViews', userViewActions);
