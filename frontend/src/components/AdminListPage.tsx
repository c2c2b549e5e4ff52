import type { ReactElement, ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridRowIdGetter, GridSortModel, GridValidRowModel } from '@mui/x-data-grid';
import { AdminGrid, type AdminGridRowAction } from './AdminGrid';
import type { AdminGridCard } from './AdminGridCards';

/** A list as its hook answers it (`usePagedList`, or any SWR list). */
export interface AdminList<R> {
  data: readonly R[] | undefined;
  error: unknown;
  isLoading: boolean;
  /** Pages after the first are still coming. */
  loadingMore?: boolean;
  mutate(): unknown;
}

export interface AdminListPageProps<R extends GridValidRowModel> {
  /** The page's heading, and the grid's accessible name. */
  title: string;
  /** Above the heading (a link back to another list). */
  above?: ReactNode;
  /** Under the heading (a line of explanation, the scope shown). */
  intro?: ReactNode;
  /** Which grid the user's column settings belong to (a slug: `security-groups`). */
  gridId: string;
  list: AdminList<R>;
  columns: readonly GridColDef<R>[];
  rowActions?: readonly AdminGridRowAction<R>[];
  /** What an empty list says. */
  emptyLabel: string;
  /** The Add button, for those who may write: its label and what it does (or a link's props). */
  add?: { label: string; onClick: () => void; icon?: ReactElement } | undefined;
  /** Beside the Add button: links to other lists, other actions. */
  toolbar?: ReactNode;
  getRowId?: GridRowIdGetter<R>;
  initialSort?: GridSortModel;
  /** Columns hidden until the user shows them (column settings): the list fits 1366 px. */
  defaultHiddenColumns?: readonly string[];
  /** A row's card on a phone (name, value with its time, state); the first columns without it. */
  card?: (row: R) => AdminGridCard;
  /** Rows as tall as their cells (AdminGrid). */
  autoRowHeight?: boolean;
  /** The page's dialogs. */
  children?: ReactNode;
}

/**
 * The one shape of a list screen: its heading, the grid (quick search, sorting, paging, the
 * user's column settings, row actions, loading, empty and error states) with the Add button
 * and other actions in its toolbar, and the page's dialogs. The rows show from the list's
 * first page while later pages load.
 */
export function AdminListPage<R extends GridValidRowModel>({
  title, above, intro, gridId, list, columns, rowActions = [], emptyLabel, add, toolbar, getRowId, initialSort, defaultHiddenColumns, card, autoRowHeight, children,
}: AdminListPageProps<R>) {
  return (
    <>
      {above !== undefined && <Box sx={{ mb: 1 }}>{above}</Box>}
      <Box sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ mb: typeof intro === 'string' ? 1 : 0 }}>
          {title}
        </Typography>
        {typeof intro === 'string'
          ? <Typography variant="body2" color="text.secondary">{intro}</Typography>
          : intro}
      </Box>
      <AdminGrid<R>
        gridId={gridId}
        label={title}
        rows={list.data}
        columns={columns}
        loading={list.isLoading || (list.loadingMore ?? false)}
        error={list.error}
        onReload={() => void list.mutate()}
        emptyLabel={emptyLabel}
        rowActions={rowActions}
        {...(getRowId === undefined ? {} : { getRowId })}
        {...(initialSort === undefined ? {} : { initialSort })}
        {...(defaultHiddenColumns === undefined ? {} : { defaultHiddenColumns })}
        {...(card === undefined ? {} : { card })}
        {...(autoRowHeight === undefined ? {} : { autoRowHeight })}
        toolbar={(toolbar !== undefined || add !== undefined) && (
          <>
            {toolbar}
            {add !== undefined && (
              <Button variant="contained" startIcon={add.icon ?? <AddIcon />} onClick={add.onClick}>
                {add.label}
              </Button>
            )}
          </>
        )}
      />
      {children}
    </>
  );
}
