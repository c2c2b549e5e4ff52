import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './ApiError';
import type { ApiRequest } from './apiFetch';
import { fetchAllPages, fetchPage } from './pagedList';

const fake = vi.hoisted(() => ({ api: vi.fn<(path: string, request?: ApiRequest) => unknown>() }));

vi.mock('./apiFetch', () => ({
  apiFetchAs: async (schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest) =>
    schema.parse(await fake.api(path, request)),
}));

const schema = z.object({ items: z.array(z.string()), nextCursor: z.string().optional() });
const source = { schema, path: '/things' };

describe('the paging fetcher', () => {
  beforeEach(() => {
    fake.api.mockReset();
  });

  it('asks for the largest page, with the list\'s filters, and the cursor of the page after', async () => {
    // Prepare
    fake.api.mockResolvedValue({ items: ['a'] });
    // Act
    await fetchPage({ ...source, filters: { siteId: 's-1', locationId: undefined, kind: '' } }, 'c-1');
    // Assess
    expect(fake.api).toHaveBeenCalledWith('/things?limit=100&siteId=s-1&cursor=c-1', undefined);
  });

  it('follows the cursors to the last page, telling of each page as it comes', async () => {
    fake.api.mockImplementation((path) => {
      if (path === '/things?limit=100') return { items: ['a', 'b'], nextCursor: 'p2' };
      if (path === '/things?limit=100&cursor=p2') return { items: ['c'], nextCursor: 'p3' };
      if (path === '/things?limit=100&cursor=p3') return { items: ['d'] };
      throw new Error(`unexpected call ${path}`);
    });
    const progress: (readonly string[])[] = [];

    const items = await fetchAllPages(source, (soFar) => progress.push(soFar));

    expect(items).toEqual(['a', 'b', 'c', 'd']);
    expect(progress).toEqual([['a', 'b'], ['a', 'b', 'c'], ['a', 'b', 'c', 'd']]);
    expect(fake.api).toHaveBeenCalledTimes(3);
  });

  it('stops at a cursor it has seen before rather than loop forever', async () => {
    fake.api.mockImplementation((path) => (path === '/things?limit=100' ? { items: ['a'], nextCursor: 'same' } : { items: ['b'], nextCursor: 'same' }));

    await expect(fetchAllPages(source)).resolves.toEqual(['a', 'b']);
    expect(fake.api).toHaveBeenCalledTimes(2);
  });

  it('fails the list when a page fails, asking for no page after it', async () => {
    fake.api.mockImplementation((path) => {
      if (path === '/things?limit=100') return { items: ['a'], nextCursor: 'p2' };
      throw new ApiError(500, 'An error occurred', { code: 'genericError' });
    });

    await expect(fetchAllPages(source)).rejects.toMatchObject({ status: 500, code: 'genericError' });
    expect(fake.api).toHaveBeenCalledTimes(2);
  });
});
