import { describe, expect, inject, it } from 'vitest';
import { API_PREFIX, ROUTES } from '../../lambdas/routes';

const stack = inject('stack');

describe('the local gateway', () => {
  it('serves an OpenAPI document with every route of the table', async () => {
    const response = await fetch(`${stack.apiUrl}/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    for (const route of ROUTES) {
      expect(document.paths[`${API_PREFIX}${route.path}`]?.[route.method.toLowerCase()], `${route.method} ${route.path}`).toBeDefined();
    }
  });

  it('answers an unknown API path with 404 and a message', async () => {
    const response = await fetch(`${stack.apiUrl}/no-such-thing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not Found' });
  });

  it('writes the web app its settings at /config.json', async () => {
    const config = (await (await fetch(`${stack.portalUrl}/config.json`)).json()) as Record<string, string>;
    expect(config).toMatchObject({
      runtime: 'local',
      userPoolId: stack.userPoolId,
      portalClientId: stack.portalClientId,
      helpdeskClientId: stack.helpdeskClientId,
      apiBaseUrl: '/api',
      version: '2.3.2',
    });
    expect(config['userPoolEndpoint']).toMatch(/\/cognito$/);
  });

  it('serves the web app for client routes, and the outbox page', async () => {
    const page = await fetch(`${stack.portalUrl}/app/departments`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect((await fetch(`${stack.portalUrl}/assets/missing.js`)).status).toBe(404);
    const outbox = await fetch(`${stack.portalUrl}/outbox`);
    expect(await outbox.text()).toContain('<h1>Outbox</h1>');
  });
});
