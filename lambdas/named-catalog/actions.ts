import { dynamoDocumentClient } from '../data/client';
import type { NamedCatalogRoutes } from '@domain/api/named-catalog';
import type { NamedCatalogKind } from '@domain/organisation/named-catalog';
import { backendConfig } from '../shared/config';
import { pageRequestFrom } from '../shared/pagination';
import { route, type ResourceRoute } from '../shared/routing';
import { NamedCatalogStore } from '../data/repositories/named-catalog';

/** The routes of a department-like resource, each with its action, over one store. */
export function namedCatalogRoutes(
  kind: NamedCatalogKind,
  contracts: NamedCatalogRoutes,
  makeStore: () => NamedCatalogStore = () =>
    new NamedCatalogStore(dynamoDocumentClient(), backendConfig().tableName, kind),
): ResourceRoute[] {
  let store: NamedCatalogStore | undefined;
  const storeOnce = () => (store ??= makeStore());
  return [
    route(contracts.list, {
      action: async ({ caller, query }) => {
        const partition = storeOnce().listPartition(caller.customerId);
        const page = pageRequestFrom(query, { attribute: 'gsi1pk', value: partition });
        return { statusCode: 200, body: await storeOnce().list(caller.customerId, page) };
      },
    }),
    route(contracts.create, {
      action: async ({ caller, body }) => ({ statusCode: 201, body: await storeOnce().create(caller, body) }),
    }),
    route(contracts.get, {
      action: async ({ caller, params }) => ({ statusCode: 200, body: await storeOnce().get(caller.customerId, params.id) }),
    }),
    route(contracts.update, {
      action: async ({ caller, body, params }) => ({ statusCode: 200, body: await storeOnce().update(caller, params.id, body) }),
    }),
    route(contracts.patch, {
      action: async ({ caller, body, params }) => ({ statusCode: 200, body: await storeOnce().update(caller, params.id, body) }),
    }),
    route(contracts.remove, {
      action: async ({ caller, params }) => {
        await storeOnce().delete(caller, params.id);
        return { statusCode: 204 };
      },
    }),
  ];
}
