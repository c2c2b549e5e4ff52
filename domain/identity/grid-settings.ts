import { z } from 'zod';
import { MESSAGES } from '../core/messages';

/**
 * Column settings of one data grid, saved per user and per grid (issue 4 section 4: "a
 * DataGrid with column settings saved per user"): which columns are shown, their order and
 * their widths. `GET`/`PUT /api/account/gridsettings/{gridId}`.
 */
export const GRID_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
export const GRID_MAX_COLUMNS = 100;
export const GRID_MIN_COLUMN_WIDTH = 40;
export const GRID_MAX_COLUMN_WIDTH = 2000;

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
