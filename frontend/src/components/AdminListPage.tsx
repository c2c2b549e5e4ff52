import type { ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridSortModel, GridValidRowModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { AdminGrid, type AdminGridRowAction } from './AdminGrid';
import type { AdminListSection } from './useAdminListPage';

export interface AdminListPageProps<R extends GridValidRowModel> {
  /** Where the page's title, Add button and empty-list texts are. */
  section: AdminListSection;
  /** Which grid the user's column settings belong to. */
  gridId: string;
  /** The list as its SWR hook answers it. */
  list: { data: R[] | undefined; error: unknown; isLoading: boolean; mutate(): unknown };
  columns: readonly GridColDef<R>[];
  rowActions: readonly AdminGridRowAction<R>[];
  /** Shows the Add button (for those who may write). */
  onAdd?: (() => void) | undefined;
  /** A line under the title. */
  intro?: string;
  initialSort?: GridSortModel;
  /** The page's dialogs. */
  children?: ReactNode;
}

/** An administration list page: its title, the grid with the Add button, and its dialogs. */
export function AdminListPage<R extends GridValidRowModel>({ section, gridId, list, columns, rowActions, onAdd, intro, initialSort, children }: AdminListPageProps<R>) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: intro === undefined ? 2 : 1 }}>
        {t(`${section}.title`)}
      </Typography>
      {intro !== undefined && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
      )}
      <AdminGrid<R>
        gridId={gridId}
        label={t(`${section}.title`)}
        rows={list.data}
        columns={columns}
        loading={list.isLoading}
        error={list.error}
        onReload={() => void list.mutate()}
        emptyLabel={t(`${section}.empty`)}
        rowActions={rowActions}
        {...(initialSort === undefined ? {} : { initialSort })}
        toolbar={onAdd !== undefined && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
            {t(`${section}.add`)}
          </Button>
        )}
      />
      {children}
    </>
  );
}
