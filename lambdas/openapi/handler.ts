import { createResourceHandler } from '../shared/http';
import { buildOpenApiDocument } from './document';

let document: Record<string, unknown> | undefined;

export const handler = createResourceHandler('openapi', {
  'GET /api/openapi.json': async () => ({ statusCode: 200, body: (document ??= buildOpenApiDocument()) }),
});
