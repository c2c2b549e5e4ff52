import { SHIFT_ROUTES } from '@domain/api/shifts';
import type { Shift, ShiftRequest } from '@domain/haccp/shift';
import { call, pages } from '../../../api/client';
import { fetchAllPages, usePagedList, type PagedList, type PageProgress } from '../../../api/pagedList';

export const SHIFTS_KEY = 'shifts';

const listAllShifts = (onPage: PageProgress<Shift>) => fetchAllPages(pages(SHIFT_ROUTES.list), onPage);

/** The Shifts screen's list: the first page at once, the rest as it comes. */
export function useShiftList(): PagedList<Shift> {
  return usePagedList(SHIFTS_KEY, listAllShifts);
}

export function createShift(input: ShiftRequest): Promise<Shift> {
  return call(SHIFT_ROUTES.create, { body: input });
}

/** A schedule sent with its id is kept; one without is new. */
export function updateShift(id: string, input: ShiftRequest): Promise<Shift> {
  return call(SHIFT_ROUTES.update, { params: { id }, body: input });
}

/** Refused (`shiftHasChecklists`) while checklists are linked to the shift. */
export async function deleteShift(id: string): Promise<void> {
  await call(SHIFT_ROUTES.remove, { params: { id } });
}
