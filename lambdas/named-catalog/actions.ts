import { namedItemInputSchema, namedItemPatchSchema, namedItemSchema, type NamedCatalogKind } from '@domain/organisation/named-catalog';
import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '@domain/identity/roles';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { pageRequestFrom } from '../shared/pagination';
import { route, type ResourceRoute } from '../shared/routing';
import { NamedCatalogStore } from '../data/repositories/named-catalog';

/** The routes of a department-like resource, each with its action, over one store. */
export function namedCatalogRoutes(
  kind: NamedCatalogKind,
  resourcePath: '/departments' | '/divisions',
  makeStore: () => NamedCatalogStore = () =>
    new NamedCatalogStore(dynamoDocumentClient(), backendConfig().tableName, kind),
): ResourceRoute[] {
  let store: NamedCatalogStore | undefined;
  const storeOnce = () => (store ??= makeStore());
  const base = resourcePath;
  const noun = kind;
  return [
    route({
      method: 'GET', path: base, roles: ORGANISATION_READERS, summary: `List ${noun}s`, response: namedItemSchema, paginated: true,
      action: async ({ caller, query }) => {
        const partition = storeOnce().listPartition(caller.customerId);
        const page = pageRequestFrom(query, { attribute: 'gsi1pk', value: partition });
        return { statusCode: 200, body: await storeOnce().list(caller.customerId, page) };
      },
    }),
    route({
      method: 'POST', path: base, roles: ORGANISATION_WRITERS, organisationWide: true, summary: `Add a ${noun}`, body: namedItemInputSchema, response: namedItemSchema,
      action: async ({ caller, body }) => ({ statusCode: 201, body: await storeOnce().create(caller, body) }),
    }),
    route({
      method: 'GET', path: `${base}/{id}`, roles: ORGANISATION_READERS, summary: `Get a ${noun}`, response: namedItemSchema,
      action: async ({ caller, params }) => ({ statusCode: 200, body: await storeOnce().get(caller.customerId, params.id) }),
    }),
    route({
      method: 'PUT', path: `${base}/{id}`, roles: ORGANISATION_WRITERS, organisationWide: true, summary: `Update a ${noun}`, body: namedItemInputSchema, response: namedItemSchema,
      action: async ({ caller, body, params }) => ({ statusCode: 200, body: await storeOnce().update(caller, params.id, body) }),
    }),
    route({
      method: 'PATCH', path: `${base}/{id}`, roles: ORGANISATION_WRITERS, organisationWide: true, summary: `Update some fields of a ${noun}`, body: namedItemPatchSchema, response: namedItemSchema,
      action: async ({ caller, body, params }) => ({ statusCode: 200, body: await storeOnce().update(caller, params.id, body) }),
    }),
    route({
      method: 'DELETE', path: `${base}/{id}`, roles: ORGANISATION_WRITERS, organisationWide: true, summary: `Delete a ${noun}`,
      action: async ({ caller, params }) => {
        await storeOnce().delete(caller, params.id);
        return { statusCode: 204 };
      },
    }),
  ];
}
