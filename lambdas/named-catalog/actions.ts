import { namedItemInputSchema, namedItemPatchSchema, type NamedCatalogKind } from '@domain/organisation/named-catalog';
import { API_PREFIX } from '../routes';
import { dynamoDocumentClient } from '../shared/clients';
import { backendConfig } from '../shared/config';
import { bodyOf, pathParameter, requireCaller, type ResourceActions } from '../shared/http';
import { pageRequestFrom } from '../shared/pagination';
import { NamedCatalogStore } from './store';

/** The routes of a department-like resource, by route key, over one store. */
export function namedCatalogActions(
  kind: NamedCatalogKind,
  resourcePath: '/departments' | '/divisions',
  makeStore: () => NamedCatalogStore = () =>
    new NamedCatalogStore(dynamoDocumentClient(), backendConfig().tableName, kind),
): ResourceActions {
  let store: NamedCatalogStore | undefined;
  const storeOnce = () => (store ??= makeStore());
  const base = `${API_PREFIX}${resourcePath}`;
  return {
    [`GET ${base}`]: async (request) => {
      const caller = requireCaller(request);
      const partition = storeOnce().listPartition(caller.customerId);
      const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: partition });
      return { statusCode: 200, body: await storeOnce().list(caller.customerId, page) };
    },
    [`POST ${base}`]: async (request) => {
      const caller = requireCaller(request);
      return { statusCode: 201, body: await storeOnce().create(caller, bodyOf(request, namedItemInputSchema)) };
    },
    [`GET ${base}/{id}`]: async (request) => {
      const caller = requireCaller(request);
      return { statusCode: 200, body: await storeOnce().get(caller.customerId, pathParameter(request, 'id')) };
    },
    [`PUT ${base}/{id}`]: async (request) => {
      const caller = requireCaller(request);
      const input = bodyOf(request, namedItemInputSchema);
      return { statusCode: 200, body: await storeOnce().update(caller, pathParameter(request, 'id'), input) };
    },
    [`PATCH ${base}/{id}`]: async (request) => {
      const caller = requireCaller(request);
      const input = bodyOf(request, namedItemPatchSchema);
      return { statusCode: 200, body: await storeOnce().update(caller, pathParameter(request, 'id'), input) };
    },
    [`DELETE ${base}/{id}`]: async (request) => {
      const caller = requireCaller(request);
      await storeOnce().delete(caller, pathParameter(request, 'id'));
      return { statusCode: 204 };
    },
  };
}
