import { describe, expect, it } from 'vitest';
import { HANDLERS, ROUTES, routeKeyOf, type HandlerName } from './routes';

describe('the route table and the handlers', () => {
  it('every route is served by its handler, and every handler action has a route', async () => {
    const served = new Map<HandlerName, string[]>();
    for (const [name, entry] of Object.entries(HANDLERS) as [HandlerName, string][]) {
      const module = await import(`../${entry}`) as { handler: { routeKeys: string[] } };
      served.set(name, module.handler.routeKeys);
    }
    for (const route of ROUTES) expect(served.get(route.handler), routeKeyOf(route)).toContain(routeKeyOf(route));
    const routeKeys = ROUTES.map(routeKeyOf);
    for (const keys of served.values()) for (const key of keys) expect(routeKeys).toContain(key);
  });

  it('no two routes share a method and path, and path parameters at one place share a name', () => {
    const keys = ROUTES.map(routeKeyOf);
    expect(new Set(keys).size).toBe(keys.length);
    // API Gateway refuses `/users/{id}` beside `/users/{email}`: one name per position.
    const namesAt = new Map<string, string>();
    for (const route of ROUTES) {
      const segments = route.path.split('/');
      segments.forEach((segment, index) => {
        if (!segment.startsWith('{')) return;
        const prefix = `${segments.slice(0, index).join('/')}/*`;
        const existing = namesAt.get(prefix);
        if (existing !== undefined) expect(segment, `${routeKeyOf(route)} at ${prefix}`).toBe(existing);
        namesAt.set(prefix, segment);
      });
    }
  });
});
