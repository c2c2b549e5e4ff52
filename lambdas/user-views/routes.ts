import { notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { type SiteAccess } from '../shared/access';
import { accessibleSiteIds, assertSitesNamable } from '../data/access';
import { dynamoDocumentClient } from '../data/client';
import { type UserView } from '@domain/identity/user-views';
import { backendConfig } from '../shared/config';
import { pageRequestFrom } from '../shared/pagination';
import { UserViewStore } from '../data/repositories/user-views';
import { defineRoutes, route } from '../shared/routing';
import { USER_VIEW_ROUTES } from '@domain/api/user-views';

const store = () => new UserViewStore(dynamoDocumentClient(), backendConfig().tableName);

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
export const userViewRoutes = defineRoutes('userViews', [
  route(USER_VIEW_ROUTES.list, {
    action: async ({ caller, request }) => {
      const views = store();
      const pageRequest = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: views.listPartition(caller.customerId) });
      const [page, access] = await Promise.all([views.list(caller.customerId, pageRequest), accessibleSiteIds(caller, caller.customerId)]);
      const items = page.items.map((view) => visible(view, access)).filter((view): view is UserView => view !== undefined);
      return { statusCode: 200, body: { ...page, items } };
    },
  }),
  route(USER_VIEW_ROUTES.create, {
    action: async ({ caller, body: input }) => {
      // A site the administrator may not reach is as unknown as a missing one.
      await assertSitesNamable(caller, caller.customerId, input.siteIds);
      return { statusCode: 201, body: await store().create(caller, caller.customerId, input) };
    },
  }),
  route(USER_VIEW_ROUTES.get, {
    action: async ({ caller, params }) => {
      const [view, access] = await Promise.all([
        store().get(caller.customerId, params.id),
        accessibleSiteIds(caller, caller.customerId),
      ]);
      const shown = visible(view, access);
      if (shown === undefined) throw notFound(MESSAGES.userViewNotFound);
      return { statusCode: 200, body: shown };
    },
  }),
  route(USER_VIEW_ROUTES.update, {
    action: async ({ caller, body: input, params }) => {
      const views = store();
      const before = await views.get(caller.customerId, params.id);
      await assertSitesNamable(caller, caller.customerId, input.siteIds, before.siteIds);
      return { statusCode: 200, body: await views.update(caller, caller.customerId, before.id, input) };
    },
  }),
  route(USER_VIEW_ROUTES.remove, {
    action: async ({ caller, params }) => {
      await store().delete(caller, caller.customerId, params.id);
      return { statusCode: 204 };
    },
  }),
]);

