import { beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { SITE_ROUTES } from '@domain/api/sites';
import { DEVICE_RECORD_ROUTES } from '@domain/api/device-records';
import { REPORT_ROUTES } from '@domain/api/reports';
import type { Site } from '@domain/organisation/site';
import type { ApiRequest } from './apiFetch';

const fake = vi.hoisted(() => ({ api: vi.fn<(path: string, request?: ApiRequest) => unknown>(), publicApi: vi.fn<(path: string, request?: ApiRequest) => unknown>() }));
vi.mock('./apiFetch', () => ({
  apiFetch: async (...args: [string, ApiRequest?]) => fake.api(...args),
  apiFetchAs: async (schema: { parse(value: unknown): unknown }, ...args: [string, ApiRequest?]) => schema.parse(await fake.api(...args)),
  publicFetchAs: async (schema: { parse(value: unknown): unknown }, ...args: [string, ApiRequest?]) => schema.parse(await fake.publicApi(...args)),
}));

const { call, pages, pathOf } = await import('./client');

const at = '2026-01-01T00:00:00.000Z';
const site = {
  id: 's/1', name: 'Depot', displayName: 'Depot', locationIds: ['l1'], timezone: 'Europe/Paris', billingAddressSameAsSite: true, taxExempt: false,
  retainAdditionalFieldAnswers: false, createdAt: at, updatedAt: at, createdBy: 'a@example.com', updatedBy: 'a@example.com', version: 1,
};

describe('the typed client', () => {
  beforeEach(() => {
    fake.api.mockReset();
    fake.publicApi.mockReset();
  });

  it('calls a public route without the session (a signed-out visitor checks a report file)', async () => {
    fake.publicApi.mockResolvedValue({ verified: false });
    const sha256 = 'a'.repeat(64);
    await expect(call(REPORT_ROUTES.postVerify, { body: { sha256 } })).resolves.toEqual({ verified: false });
    expect(fake.publicApi).toHaveBeenCalledWith(REPORT_ROUTES.postVerify.path, { method: 'POST', body: { sha256 } });
    expect(fake.api).not.toHaveBeenCalled();
  });

  it('fills the path from the contract and its parameters, encoded, and sends a change with its method and body', async () => {
    fake.api.mockResolvedValue(undefined);
    await call(SITE_ROUTES.remove, { params: { id: 'a b/c' } });
    expect(fake.api).toHaveBeenCalledWith('/sites/a%20b%2Fc', { method: 'DELETE' });
    expect(pathOf(DEVICE_RECORD_ROUTES.gateways.listFiles, { id: 'g1' }, { kind: 'image', cursor: undefined })).toBe('/gateways/g1/files?kind=image');
  });

  it('sends a read as the path alone and parses the answer with the response schema, a page when paginated', async () => {
    fake.api.mockResolvedValue({ items: [site], nextCursor: 'next' });
    const page = await call(SITE_ROUTES.list);
    expect(fake.api).toHaveBeenCalledWith('/sites');
    expect(page.items.map((item) => item.id)).toEqual(['s/1']);
    fake.api.mockResolvedValue({ unexpected: true });
    await expect(call(SITE_ROUTES.get, { params: { id: 's/1' } })).rejects.toThrow();
    expect(pages(SITE_ROUTES.list, { filters: { siteId: 'x' } }).path).toBe('/sites');
  });

  it('types the parameters, the body and the answer by the contract (checked by the type check)', () => {
    // Never called: the type check of the web app is the test. A wrong parameter name, a missing
    // one, a body of the wrong shape, or a body on a route without one do not compile.
    const typeChecks = () => {
      // @ts-expect-error the path names {id}, not {siteId}
      void call(SITE_ROUTES.get, { params: { siteId: 's1' } });
      // @ts-expect-error the path has a parameter to fill
      void call(SITE_ROUTES.get);
      // @ts-expect-error the body must be a site's input
      void call(SITE_ROUTES.create, { body: { title: 'Depot' } });
      // @ts-expect-error this route takes no body
      void call(SITE_ROUTES.remove, { params: { id: 's1' }, body: {} });
      // @ts-expect-error a route without parameters takes none
      void call(SITE_ROUTES.list, { params: { id: 's1' } });
      // @ts-expect-error a device note's path names {noteId}
      void call(DEVICE_RECORD_ROUTES.sensors.deleteNote, { params: { id: 's1', fileId: 'n1' } });
      expectTypeOf(call(SITE_ROUTES.get, { params: { id: 's1' } })).resolves.toEqualTypeOf<Site>();
      expectTypeOf(call(SITE_ROUTES.remove, { params: { id: 's1' } })).resolves.toBeUndefined();
    };
    expect(typeChecks).toBeTypeOf('function');
  });
});
