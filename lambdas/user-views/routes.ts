import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '@domain/identity/roles';
import { notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { type UserView, userViewInputSchema, userViewSchema } from '@domain/identity/user-views';
import { type SiteAccess } from '../shared/access';
import { accessibleSiteIds, assertSitesNamable } from '../data/access';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { pageRequestFrom } from '../shared/pagination';
import { UserViewStore } from '../data/repositories/user-views';
import { defineRoutes, route } from '../shared/routing';

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
  route({
    method: 'GET', path: '/userviews', roles: ORGANISATION_READERS, summary: "The organisation's user views, by name (only the sites the caller's security groups reach)", response: userViewSchema, paginated: true,
    action: async ({ caller, request }) => {
      const views = store();
      const pageRequest = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: views.listPartition(caller.customerId) });
      const [page, access] = await Promise.all([views.list(caller.customerId, pageRequest), accessibleSiteIds(caller, caller.customerId)]);
      const items = page.items.map((view) => visible(view, access)).filter((view): view is UserView => view !== undefined);
      return { statusCode: 200, body: { ...page, items } };
    },
  }),
  route({
    method: 'POST', path: '/userviews', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Add a user view', body: userViewInputSchema, response: userViewSchema,
    action: async ({ caller, body: input }) => {
      // A site the administrator may not reach is as unknown as a missing one.
      await assertSitesNamable(caller, caller.customerId, input.siteIds);
      return { statusCode: 201, body: await store().create(caller, caller.customerId, input) };
    },
  }),
  route({
    method: 'GET', path: '/userviews/{id}', roles: ORGANISATION_READERS, summary: 'Get a user view', response: userViewSchema,
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
  route({
    method: 'PUT', path: '/userviews/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Update a user view', body: userViewInputSchema, response: userViewSchema,
    action: async ({ caller, body: input, params }) => {
      const views = store();
      const before = await views.get(caller.customerId, params.id);
      await assertSitesNamable(caller, caller.customerId, input.siteIds, before.siteIds);
      return { statusCode: 200, body: await views.update(caller, caller.customerId, before.id, input) };
    },
  }),
  route({
    method: 'DELETE', path: '/userviews/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Delete a user view',
    action: async ({ caller, params }) => {
      await store().delete(caller, caller.customerId, params.id);
      return { statusCode: 204 };
    },
  }),
]);

