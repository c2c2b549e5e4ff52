import { notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { accountTie, itemsInView, securityGroupTie, viewReaches } from '../shared/access';
import { accountsInView, assertSitesNamable, corporateViewOf } from '../data/access';
import { type SecurityGroup } from '@domain/identity/security-groups';
import type { Caller } from '../shared/caller';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { pageRequestFrom } from '../shared/pagination';
import { SecurityGroupStore } from '../data/repositories/security-groups';
import { defineRoutes, route } from '../shared/routing';
import { SECURITY_GROUP_ROUTES } from '@domain/api/security-groups';

const store = () => new SecurityGroupStore(dynamoDocumentClient(), backendConfig().tableName);

/**
 * The groups a caller sees: under a corporate view, those whose sites are all its location's,
 * each with only the members it sees (its location's users); every one as it is otherwise.
 */
async function groupsInView(caller: Caller, groups: readonly SecurityGroup[]): Promise<SecurityGroup[]> {
  const view = await corporateViewOf(caller, caller.customerId);
  if (view === undefined) return [...groups];
  const seen = itemsInView(view, groups, securityGroupTie);
  const members = await accountsInView(view, caller.customerId, seen.flatMap((group) => group.memberAccountIds));
  return seen.map((group) => ({ ...group, memberAccountIds: group.memberAccountIds.filter((accountId) => members.has(accountId)) }));
}

/** Security groups (administrators of the organisation only; the route table says who). */
export const securityGroupRoutes = defineRoutes('securityGroups', [
  route(SECURITY_GROUP_ROUTES.list, {
    action: async ({ caller, request }) => {
      const groups = store();
      const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: groups.listPartition(caller.customerId) });
      const found = await groups.list(caller.customerId, page);
      return { statusCode: 200, body: { ...found, items: await groupsInView(caller, found.items) } };
    },
  }),
  route(SECURITY_GROUP_ROUTES.create, {
    action: async ({ caller, body: input }) => {
      // A site the administrator may not reach is as unknown as a missing one.
      await assertSitesNamable(caller, caller.customerId, input.siteIds);
      return { statusCode: 201, body: await store().create(caller, caller.customerId, input) };
    },
  }),
  route(SECURITY_GROUP_ROUTES.getUserlist, {
    action: async ({ caller }) => {
      const view = await corporateViewOf(caller, caller.customerId);
      const keep = view === undefined ? {} : {
        user: (account: { locationIds?: string[] }) => viewReaches(view, accountTie(account)),
        group: (group: SecurityGroup) => viewReaches(view, securityGroupTie(group)),
      };
      return { statusCode: 200, body: { items: await store().users(caller.customerId, keep) } };
    },
  }),
  route(SECURITY_GROUP_ROUTES.get, {
    action: async ({ caller, params }) => {
      const [group] = await groupsInView(caller, [await store().get(caller.customerId, params.id)]);
      if (group === undefined) throw notFound(MESSAGES.securityGroupNotFound);
      return { statusCode: 200, body: group };
    },
  }),
  route(SECURITY_GROUP_ROUTES.update, {
    action: async ({ caller, body: input, params }) => {
      const groups = store();
      const before = await groups.get(caller.customerId, params.id);
      await assertSitesNamable(caller, caller.customerId, input.siteIds, before.siteIds);
      return { statusCode: 200, body: await groups.update(caller, caller.customerId, before.id, input) };
    },
  }),
  route(SECURITY_GROUP_ROUTES.remove, {
    action: async ({ caller, params }) => {
      await store().delete(caller, caller.customerId, params.id);
      return { statusCode: 204 };
    },
  }),
]);

