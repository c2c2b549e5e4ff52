import * as z from 'zod';
import { MESSAGES } from '../core/messages';

/**
 * Column settings of one data grid, saved per user and per grid (issue 4 section 4: "a
 * DataGrid with column settings saved per user"): which columns are shown, their order and
 * their widths, and for a list with a filter bar the filter the user set. `GET`/`PUT
 * /api/account/gridsettings/{gridId}`.
 */
export const GRID_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
export const GRID_MAX_COLUMNS = 100;
export const GRID_MIN_COLUMN_WIDTH = 40;
export const GRID_MAX_COLUMN_WIDTH = 2000;
/** A saved filter names a few fields (the alarm lists': location, site, type, device, user view, range, counts). */
export const GRID_MAX_FILTER_FIELDS = 20;
export const GRID_MAX_FILTER_VALUE = 200;

export function isGridId(value: string): boolean {
  return GRID_ID_PATTERN.test(value);
}

const columnField = z.string().min(1).max(100);

export const gridSettingsSchema = z.object({
  /** Fields in the order the user wants them; fields not listed keep their place after these. */
  columnOrder: z.array(columnField).max(GRID_MAX_COLUMNS, { error: MESSAGES.listTooLong }).default([]),
  /** `false` hides a column; a field not listed is shown. */
  columnVisibility: z.record(columnField, z.boolean())
    .refine((value) => Object.keys(value).length <= GRID_MAX_COLUMNS, { error: MESSAGES.listTooLong })
    .meta({ maxProperties: GRID_MAX_COLUMNS })
    .default({}),
  /** Widths in pixels set by the user. */
  columnWidths: z.record(columnField, z.number().int().min(GRID_MIN_COLUMN_WIDTH).max(GRID_MAX_COLUMN_WIDTH))
    .refine((value) => Object.keys(value).length <= GRID_MAX_COLUMNS, { error: MESSAGES.listTooLong })
    .meta({ maxProperties: GRID_MAX_COLUMNS })
    .default({}),
  /**
   * The user's filter customization of the list (issue 13 section 3: the alarm lists' filter
   * saved per user): field → value, as the screen's filter holds them. Absent: no filter saved.
   */
  filter: z.record(z.string().min(1).max(50), z.string().max(GRID_MAX_FILTER_VALUE))
    .refine((value) => Object.keys(value).length <= GRID_MAX_FILTER_FIELDS, { error: MESSAGES.listTooLong })
    .meta({ maxProperties: GRID_MAX_FILTER_FIELDS })
    .optional(),
});
export type GridSettings = z.infer<typeof gridSettingsSchema>;

export const DEFAULT_GRID_SETTINGS: GridSettings = { columnOrder: [], columnVisibility: {}, columnWidths: {} };

/**
 * The grid's columns in the saved order: the saved fields first (those that still exist),
 * then the others in their declared order, so a column added later still appears.
 */
export function orderColumns<T extends { field: string }>(columns: readonly T[], order: readonly string[]): T[] {
  const byField = new Map(columns.map((column) => [column.field, column]));
  const ordered: T[] = [];
  for (const field of order) {
    const column = byField.get(field);
    if (column !== undefined) {
      ordered.push(column);
      byField.delete(field);
    }
  }
  return [...ordered, ...columns.filter((column) => byField.has(column.field))];
}
