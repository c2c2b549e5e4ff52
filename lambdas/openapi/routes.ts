import { OPEN_API_ROUTES } from '@domain/api/openapi';
import { defineRoutes, route } from '../shared/routing';
import { buildOpenApiDocument } from './document';

let document: Record<string, unknown> | undefined;

export const openApiRoutes = defineRoutes('openapi', [
  route(OPEN_API_ROUTES.get, {
    action: async () => ({ statusCode: 200, body: (document ??= buildOpenApiDocument()) }),
  }),
]);
