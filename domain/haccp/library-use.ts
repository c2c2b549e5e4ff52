import type { Checklist } from './checklist';

/** How many checklist names a refusal lists before it stops ("…"). */
export const USE_NAMES_SHOWN = 5;

/**
 * What a delete of a library item is refused with (SPEC section 8 words it for shifts; issue 15
 * for the library): the names of the checklists that still use it, a few of them.
 */
export function checklistNamesUsing(checklists: readonly Pick<Checklist, 'name' | 'groupId' | 'questions'>[], uses: (checklist: Pick<Checklist, 'name' | 'groupId' | 'questions'>) => boolean): string[] {
  return checklists.filter(uses).map((checklist) => checklist.name).sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

/** The names as a refusal shows them: the first few, then "…". */
export const shownNames = (names: readonly string[]) =>
  names.length > USE_NAMES_SHOWN ? `${names.slice(0, USE_NAMES_SHOWN).join(', ')}, …` : names.join(', ');

/** A checklist uses a standard corrective action when one of its questions offers it. */
export const usesCorrectiveAction = (id: string) => (checklist: Pick<Checklist, 'questions'>) =>
  checklist.questions.some((question) => question.correctiveActionIds.includes(id));

/** A checklist uses an information item when one of its questions shows it. */
export const usesInformationItem = (id: string) => (checklist: Pick<Checklist, 'questions'>) =>
  checklist.questions.some((question) => question.informationId === id);

/** A checklist uses a group when it is listed under it. */
export const usesGroup = (id: string) => (checklist: Pick<Checklist, 'groupId'>) => checklist.groupId === id;
