import { checklistPageSchema, checklistSchema, type Checklist, type ChecklistCopyInput, type ChecklistInput } from '@domain/haccp/checklist';
import { shiftPageSchema, type Shift } from '@domain/haccp/shift';
import type { SWRResponse } from 'swr';
import { apiFetch, apiFetchAs } from '../../api/apiFetch';
import type { ApiError } from '../../api/ApiError';
import { fetchAllPages, useAllPages, usePagedList, type PagedList, type PageProgress } from '../../api/pagedList';

/** HACCP checklists' API (issue 15 section 1): the checklists with their questions, Copy Checklist, and the shifts they name. */

export const CHECKLISTS_KEY = 'checklists';
const checklistPath = (id: string) => `/checklists/${encodeURIComponent(id)}`;
const listAll = (onPage?: PageProgress<Checklist>) => fetchAllPages({ schema: checklistPageSchema, path: '/checklists' }, onPage);

export const useChecklistList = (): PagedList<Checklist> => usePagedList(CHECKLISTS_KEY, listAll);
export const useChecklists = (): SWRResponse<Checklist[], ApiError> => useAllPages(CHECKLISTS_KEY, listAll);
export const createChecklist = (input: ChecklistInput) => apiFetchAs(checklistSchema, '/checklists', { method: 'POST', body: input });
export const updateChecklist = (id: string, input: ChecklistInput) => apiFetchAs(checklistSchema, checklistPath(id), { method: 'PUT', body: input });
export const deleteChecklist = (id: string) => apiFetch(checklistPath(id), { method: 'DELETE' });
export const copyChecklist = (id: string, input: ChecklistCopyInput) => apiFetchAs(checklistSchema, `${checklistPath(id)}/copy`, { method: 'POST', body: input });

/** The organisation's shifts (a checklist names one of its site's). */
export const useShiftChoices = (): SWRResponse<Shift[], ApiError> =>
  useAllPages('shift-choices', (onPage) => fetchAllPages({ schema: shiftPageSchema, path: '/shifts' }, onPage));
