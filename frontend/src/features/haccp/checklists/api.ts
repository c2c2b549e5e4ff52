import { CHECKLIST_ROUTES } from '@domain/api/checklists';
import { SHIFT_ROUTES } from '@domain/api/shifts';
import type { Checklist, ChecklistCopyInput, ChecklistInput } from '@domain/haccp/checklist';
import type { Shift } from '@domain/haccp/shift';
import type { SWRResponse } from 'swr';
import type { ApiError } from '../../../api/ApiError';
import { call, pages } from '../../../api/client';
import { fetchAllPages, useAllPages, usePagedList, type PagedList, type PageProgress } from '../../../api/pagedList';

/** HACCP checklists' API (issue 15 section 1): the checklists with their questions, Copy Checklist, and the shifts they name. */

export const CHECKLISTS_KEY = 'checklists';
const listAll = (onPage?: PageProgress<Checklist>) => fetchAllPages(pages(CHECKLIST_ROUTES.list), onPage);

export const useChecklistList = (): PagedList<Checklist> => usePagedList(CHECKLISTS_KEY, listAll);
export const useChecklists = (): SWRResponse<Checklist[], ApiError> => useAllPages(CHECKLISTS_KEY, listAll);
export const createChecklist = (input: ChecklistInput) => call(CHECKLIST_ROUTES.create, { body: input });
export const updateChecklist = (id: string, input: ChecklistInput) => call(CHECKLIST_ROUTES.update, { params: { id }, body: input });
export const deleteChecklist = (id: string) => call(CHECKLIST_ROUTES.remove, { params: { id } });
export const copyChecklist = (id: string, input: ChecklistCopyInput) => call(CHECKLIST_ROUTES.postCopy, { params: { id }, body: input });

/** The organisation's shifts (a checklist names one of its site's). */
export const useShiftChoices = (): SWRResponse<Shift[], ApiError> =>
  useAllPages('shift-choices', (onPage) => fetchAllPages(pages(SHIFT_ROUTES.list), onPage));
