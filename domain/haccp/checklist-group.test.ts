import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../core/messages';
import { checklistGroupInputSchema, checklistGroupOrderSchema, inGroupOrder, reorderedPositions } from './checklist-group';

describe('checklist group input', () => {
  it('requires a name of at most 50 characters', () => {
    expect(checklistGroupInputSchema.safeParse({ name: '' }).error?.issues[0]?.message).toBe(MESSAGES.nameRequired);
    expect(checklistGroupInputSchema.safeParse({ name: 'x'.repeat(51) }).error?.issues[0]?.message).toBe(MESSAGES.nameMax50);
    expect(checklistGroupInputSchema.parse({ name: ' Opening ' })).toEqual({ name: 'Opening' });
  });

  it('refuses an order that names a group twice', () => {
    expect(checklistGroupOrderSchema.safeParse({ ids: ['a', 'a'] }).error?.issues[0]?.message).toBe(MESSAGES.checklistGroupOrderStale);
    expect(checklistGroupOrderSchema.parse({ ids: ['b', 'a'] })).toEqual({ ids: ['b', 'a'] });
  });
});

describe('group order', () => {
  it('sorts by order, then by name', () => {
    const groups = [{ order: 1, name: 'b' }, { order: 0, name: 'z' }, { order: 1, name: 'A' }];
    expect(inGroupOrder(groups).map((group) => group.name)).toEqual(['z', 'A', 'b']);
  });

  it('gives each group its new place only when the ids name every group once', () => {
    expect(reorderedPositions(['a', 'b', 'c'], ['c', 'a', 'b'])).toEqual(new Map([['c', 0], ['a', 1], ['b', 2]]));
    // A group added or deleted meanwhile: the administrator's list is stale.
    expect(reorderedPositions(['a', 'b', 'c'], ['c', 'a'])).toBeUndefined();
    expect(reorderedPositions(['a', 'b'], ['a', 'x'])).toBeUndefined();
    expect(reorderedPositions(['a', 'b'], ['a', 'a'])).toBeUndefined();
  });
});
