import { contract } from './contract';

/** The contracts of lambdas/openapi/routes.ts (docs/adding-a-route.md). */
export const OPEN_API_ROUTES = {
  get: contract({
    method: 'GET', path: '/openapi.json', roles: 'public', summary: 'This API, as an OpenAPI 3.1 document',
  }),
} as const;
