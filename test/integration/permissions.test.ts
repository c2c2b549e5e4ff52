import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ROLES, type Role } from '../../domain/roles';
import { API_PREFIX, ROUTES, type RouteDefinition } from '../../lambdas/routes';
import { DEMO_ORGANISATION } from '../../local/demo';
import { api, createUser, type TestUser } from '../support/identity';

const stack = inject('stack');

/** A body each route accepts, so that what decides the answer is the role alone. */
function sampleBody(route: RouteDefinition): unknown {
  return route.body ? { name: `P ${Math.random().toString(36).slice(2, 10)}` } : undefined;
}

/**
 * The route-table permission test: every route, called as every role of the organisation
 * and as another organisation. What the table refuses must be refused.
 */
describe('every route, as every role', () => {
  const users = new Map<Role, TestUser>();
  let outsider: TestUser;
  const existingIds = new Map<string, string>();

  beforeAll(async () => {
    for (const role of ROLES) users.set(role, await createUser(stack, role));
    outsider = await createUser(stack, 'admin', 'outsider-org');
    const admin = users.get('admin');
    if (admin === undefined) throw new Error('no admin');
    for (const resource of ['/departments', '/divisions']) {
      const created = await api(stack, admin, 'POST', resource, { name: `Perm ${resource.slice(1, 5)}` });
      existingIds.set(resource, (created.body as { id: string }).id);
    }
  });

  const concretePath = (route: RouteDefinition) =>
    route.path.replace('{id}', existingIds.get(`/${route.path.split('/')[1]}`) ?? 'missing');

  for (const route of ROUTES) {
    for (const role of ROLES) {
      const allowed = route.roles === 'public' || route.roles.includes(role);
      it(`${route.method} ${API_PREFIX}${route.path} as ${role}: ${allowed ? 'allowed' : 'refused'}`, async () => {
        const user = users.get(role);
        // Deletes run against throw-away items so the other checks keep theirs.
        let path = concretePath(route);
        if (route.method === 'DELETE' && allowed) {
          const resource = `/${route.path.split('/')[1]}`;
          const created = await api(stack, users.get('admin'), 'POST', resource, sampleBody({ ...route, body: ROUTES.find((r) => r.body)?.body }));
          path = `${resource}/${(created.body as { id: string }).id}`;
        }
        const result = await api(stack, user, route.method, path, sampleBody(route));
        if (allowed) {
          expect(result.status, JSON.stringify(result.body)).toBeLessThan(400);
        } else {
          expect(result.status).toBe(403);
        }
      });
    }

    if (route.roles !== 'public' && route.path.includes('{id}')) {
      it(`${route.method} ${API_PREFIX}${route.path} from another organisation finds nothing`, async () => {
        const result = await api(stack, outsider, route.method, concretePath(route), sampleBody(route));
        expect(result.status).toBe(404);
      });
    }

    if (route.roles !== 'public') {
      it(`${route.method} ${API_PREFIX}${route.path} with another organisation's headers is refused`, async () => {
        const admin = users.get('admin');
        const result = await api(stack, admin, route.method, concretePath(route), sampleBody(route), {
          customerid: 'outsider-org',
        });
        expect(result.status).toBe(403);
      });
    }
  }

  it('the demo organisation is the one the users belong to', () => {
    expect(users.get('admin')?.customerId).toBe(DEMO_ORGANISATION.customerId);
  });
});
