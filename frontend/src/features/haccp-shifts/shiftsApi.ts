import { shiftPageSchema, shiftSchema, type Shift, type ShiftRequest } from '@domain/haccp/shift';
import { apiFetch, apiFetchAs } from '../../api/apiFetch';
import { fetchAllPages, usePagedList, type PagedList, type PageProgress } from '../../api/pagedList';

export const SHIFTS_KEY = 'shifts';

const listAllShifts = (onPage: PageProgress<Shift>) => fetchAllPages({ schema: shiftPageSchema, path: '/shifts' }, onPage);

/** The Shifts screen's list: the first page at once, the rest as it comes. */
export function useShiftList(): PagedList<Shift> {
  return usePagedList(SHIFTS_KEY, listAllShifts);
}

const shiftPath = (id: string) => `/shifts/${encodeURIComponent(id)}`;

export function createShift(input: ShiftRequest): Promise<Shift> {
  return apiFetchAs(shiftSchema, '/shifts', { method: 'POST', body: input });
}

/** A schedule sent with its id is kept; one without is new. */
export function updateShift(id: string, input: ShiftRequest): Promise<Shift> {
  return apiFetchAs(shiftSchema, shiftPath(id), { method: 'PUT', body: input });
}

/** Refused (`shiftHasChecklists`) while checklists are linked to the shift. */
export async function deleteShift(id: string): Promise<void> {
  await apiFetch(shiftPath(id), { method: 'DELETE' });
}
