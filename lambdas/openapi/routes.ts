import { defineRoutes, route } from '../shared/routing';

let document: Record<string, unknown> | undefined;

export const openApiRoutes = defineRoutes('openapi', [
  route({
    method: 'GET', path: '/openapi.json', roles: 'public', summary: 'This API, as an OpenAPI 3.1 document',
    // Imported when first asked for: the document reads the whole route table, which lists this route.
    action: async () => {
      const { buildOpenApiDocument } = await import('./document');
      return { statusCode: 200, body: (document ??= buildOpenApiDocument()) };
    },
  }),
]);
