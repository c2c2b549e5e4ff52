import { securityGroupInputSchema } from '@domain/identity/security-groups';
import { API_PREFIX } from '../routes';
import { assertSitesNamable } from '../shared/access';
import { dynamoDocumentClient } from '../shared/clients';
import { backendConfig } from '../shared/config';
import { bodyOf, createResourceHandler, pathParameter, requireCaller, type ResourceActions } from '../shared/http';
import { pageRequestFrom } from '../shared/pagination';
import { SecurityGroupStore } from './store';

const store = () => new SecurityGroupStore(dynamoDocumentClient(), backendConfig().tableName);
const base = `${API_PREFIX}/securitygroups`;

/** Security groups (administrators of the organisation only; the route table says who). */
export const securityGroupActions: ResourceActions = {
  [`GET ${base}`]: async (request) => {
    const caller = requireCaller(request);
    const groups = store();
    const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: groups.listPartition(caller.customerId) });
    return { statusCode: 200, body: await groups.list(caller.customerId, page) };
  },
  [`POST ${base}`]: async (request) => {
    const caller = requireCaller(request);
    const input = bodyOf(request, securityGroupInputSchema);
    // A site the administrator may not reach is as unknown as a missing one.
    await assertSitesNamable(caller, caller.customerId, input.siteIds);
    return { statusCode: 201, body: await store().create(caller, caller.customerId, input) };
  },
  [`GET ${base}/userlist`]: async (request) => {
    const caller = requireCaller(request);
    return { statusCode: 200, body: { items: await store().users(caller.customerId) } };
  },
  [`GET ${base}/{id}`]: async (request) => {
    const caller = requireCaller(request);
    return { statusCode: 200, body: await store().get(caller.customerId, pathParameter(request, 'id')) };
  },
  [`PUT ${base}/{id}`]: async (request) => {
    const caller = requireCaller(request);
    const input = bodyOf(request, securityGroupInputSchema);
    const groups = store();
    const before = await groups.get(caller.customerId, pathParameter(request, 'id'));
    await assertSitesNamable(caller, caller.customerId, input.siteIds, before.siteIds);
    return { statusCode: 200, body: await groups.update(caller, caller.customerId, before.id, input) };
  },
  [`DELETE ${base}/{id}`]: async (request) => {
    const caller = requireCaller(request);
    await store().delete(caller, caller.customerId, pathParameter(request, 'id'));
    return { statusCode: 204 };
  },
};

export const handler = createResourceHandler('securityGroups', securityGroupActions);
