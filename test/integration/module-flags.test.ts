import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { Organisation } from '@domain/organisation/organisation';
import { DEMO_ORGANISATION } from '../../local/demo';
import { api, createUser } from '../support/identity';

const stack = inject('stack');

/**
 * Issue 16: the organisation's module flags hide areas, and the API refuses them too, not only
 * the menu. An organisation made without HACCP has none of its routes until a super-administrator
 * gives it the module.
 */
describe('module flags (issue 16)', () => {
  it('refuses the HACCP routes to an organisation without HACCP, and serves them once a super-administrator enables it', async () => {
    const suffix = randomUUID().slice(0, 8);
    const superadmin = await createUser(stack, 'superadmin');
    const created = await api(stack, superadmin, 'POST', '/superadmin/organisations', {
      name: `No HACCP ${suffix}`, timezone: 'Europe/London', customerGroupId: DEMO_ORGANISATION.customerGroupId,
      modules: { isHaccapAvailable: false, enableAuditModule: false, enableIVR: false, enablePager: false },
      administrator: { email: `owner-${suffix}@nohaccp.example`, firstName: 'Nora', lastName: 'Haccp' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const organisation = created.body as Organisation;
    const admin = await createUser(stack, 'admin', organisation.customerId);

    for (const path of ['/shifts', '/checklists', '/haccp/today', '/correctiveactions', '/dashboard/checklist-exceptions']) {
      expect(await api(stack, admin, 'GET', path), path).toMatchObject({ status: 403, body: { message: MESSAGES.moduleNotEnabled } });
    }
    // A write is refused before its body is even read; the rest of the portal is served.
    expect(await api(stack, admin, 'POST', '/questions', {})).toMatchObject({ status: 403, body: { message: MESSAGES.moduleNotEnabled } });
    expect((await api(stack, admin, 'GET', '/sites')).status).toBe(200);
    // The user details carry the organisation's modules, which the menu hides areas by.
    expect((await api(stack, admin, 'GET', '/account/me')).body).toMatchObject({ organisationModules: { isHaccapAvailable: false, enablePager: false } });

    const { customerId: _id, status: _status, createdAt: _createdAt, updatedAt: _updatedAt, version: _version, ...fields } = organisation;
    const edited = await api(stack, superadmin, 'PUT', `/superadmin/organisations/${organisation.customerId}`, { ...fields, modules: { ...fields.modules, isHaccapAvailable: true } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await api(stack, admin, 'GET', '/shifts')).status).toBe(200);
    expect((await api(stack, admin, 'GET', '/checklists')).status).toBe(200);
    expect((await api(stack, admin, 'GET', '/account/me')).body).toMatchObject({ organisationModules: { isHaccapAvailable: true, enablePager: false } });
  });
});
