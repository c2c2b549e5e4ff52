import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '@domain/api';
import { ROUTES, routeKeyOf, type RouteDefinition } from './routes';

/** A row of the table without what only the Lambdas know (the handler, the action) nor the module `defineRoutes` gives a whole resource. */
function contractOf(route: RouteDefinition): Record<string, unknown> {
  const { handler: _handler, action: _action, module: _module, ...contract } = route;
  return contract;
}

describe('the routes\' contracts (domain/api) and the route table', () => {
  it('list the same routes, in the same order, with the same method, path, roles, schemas and flags', () => {
    expect(API_ROUTES.map(routeKeyOf)).toEqual(ROUTES.map(routeKeyOf));
    ROUTES.forEach((route, index) => {
      const { module, ...contract } = API_ROUTES[index] ?? {};
      expect(contractOf(route), routeKeyOf(route)).toEqual(contract);
      // A contract's own module is the route's (a resource's `defineRoutes` may give one to all its routes).
      if (module !== undefined) expect(route.module, routeKeyOf(route)).toBe(module);
    });
  });

  it('hold each route\'s very schemas, so the web app parses what the API validates and documents', () => {
    ROUTES.forEach((route, index) => {
      expect(API_ROUTES[index]?.body, routeKeyOf(route)).toBe(route.body);
      expect(API_ROUTES[index]?.response, routeKeyOf(route)).toBe(route.response);
    });
  });
});
