import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gridSettingsSchema, isGridId, orderColumns } from './grid-settings';

const columns = ['name', 'sites', 'members', 'updatedAt'].map((field) => ({ field }));
const fields = (list: { field: string }[]) => list.map((column) => column.field);

describe('grid column order', () => {
  it('puts the saved fields first, then the others in their declared order', () => {
    expect(fields(orderColumns(columns, ['members', 'name']))).toEqual(['members', 'name', 'sites', 'updatedAt']);
  });

  it('ignores saved fields the grid no longer has, and keeps columns added since', () => {
    expect(fields(orderColumns(columns, ['gone', 'updatedAt']))).toEqual(['updatedAt', 'name', 'sites', 'members']);
  });

  it('always returns each column exactly once, whatever was saved', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom('name', 'sites', 'members', 'updatedAt', 'x', 'y')), (order) => {
      const result = fields(orderColumns(columns, order));
      expect([...result].sort()).toEqual(fields(columns).sort());
    }));
  });
});

describe('grid settings', () => {
  it('fills in what is missing', () => {
    expect(gridSettingsSchema.parse({})).toEqual({ columnOrder: [], columnVisibility: {}, columnWidths: {} });
  });

  it('refuses widths out of range and more columns than a grid has', () => {
    expect(gridSettingsSchema.safeParse({ columnWidths: { name: 10 } }).success).toBe(false);
    expect(gridSettingsSchema.safeParse({ columnWidths: { name: 5000 } }).success).toBe(false);
    expect(gridSettingsSchema.safeParse({ columnOrder: Array.from({ length: 101 }, (_, index) => `c${index}`) }).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, index) => [`c${index}`, false]));
    expect(gridSettingsSchema.safeParse({ columnVisibility: many }).success).toBe(false);
  });

  it('keeps a saved filter of a few short fields', () => {
    expect(gridSettingsSchema.parse({ filter: { siteId: 's-1', type: 'threshold' } }).filter).toEqual({ siteId: 's-1', type: 'threshold' });
    expect(gridSettingsSchema.safeParse({ filter: { siteId: 'x'.repeat(201) } }).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`f${index}`, 'x']));
    expect(gridSettingsSchema.safeParse({ filter: many }).success).toBe(false);
  });

  it('takes short slugs as grid ids, nothing else', () => {
    expect(isGridId('security-groups')).toBe(true);
    for (const id of ['', 'A', '-x', 'a#b', 'a/b', 'x'.repeat(65)]) expect(isGridId(id)).toBe(false);
  });
});
