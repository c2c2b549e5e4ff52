import { describe, expect, it } from 'vitest';
import type { Question } from './question';
import { checklistNamesUsing, shownNames, usesCorrectiveAction, usesGroup, usesInformationItem } from './library-use';

const question = (fields: Partial<Question>) => ({ correctiveActionIds: [], ...fields }) as Question;
const checklists = [
  { name: 'Opening', groupId: 'g-1', questions: [question({ correctiveActionIds: ['c-1'] }), question({ informationId: 'i-1' })] },
  { name: 'closing', questions: [question({ correctiveActionIds: ['c-2', 'c-1'] })] },
  { name: 'Fryer', groupId: 'g-2', questions: [] },
];

describe('which checklists use a library item', () => {
  it('names, in order, the checklists whose questions offer the action or show the item, or that sit in the group', () => {
    expect(checklistNamesUsing(checklists, usesCorrectiveAction('c-1'))).toEqual(['closing', 'Opening']);
    expect(checklistNamesUsing(checklists, usesCorrectiveAction('c-9'))).toEqual([]);
    expect(checklistNamesUsing(checklists, usesInformationItem('i-1'))).toEqual(['Opening']);
    expect(checklistNamesUsing(checklists, usesGroup('g-2'))).toEqual(['Fryer']);
  });

  it('shows the first five names, then an ellipsis', () => {
    expect(shownNames(['A', 'B'])).toBe('A, B');
    expect(shownNames(['A', 'B', 'C', 'D', 'E', 'F'])).toBe('A, B, C, D, E, …');
  });
});
