import type { ReactElement } from 'react';

/** One action of a row (Edit, Delete, ...), shown as an icon button named after the row. */
export interface AdminGridRowAction<R> {
  key: string;
  /** The accessible name, e.g. "Edit Bakery". */
  label: (row: R) => string;
  icon: ReactElement;
  onClick: (row: R) => void;
  /** Hidden for some rows. */
  hidden?: (row: R) => boolean;
  /** Shown but not usable for some rows (while a call runs, say). */
  disabled?: (row: R) => boolean;
}
