import { useMemo, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { ORGANISATION_WRITERS } from '@domain/roles';
import type { UserView, UserViewInput } from '@domain/user-views';
import { errorMessageOf } from '../../api/ApiError';
import { useNamedItems } from '../../api/namedCatalog';
import { createUserView, deleteUserView, updateUserView, useUserViews } from '../../api/userViews';
import { AdminGrid, type AdminGridRowAction } from '../../components/AdminGrid';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { IdOption } from '../../components/IdMultiSelect';
import { useMessageText } from '../../i18n/messages';
import { useLanguage } from '../../i18n/useLanguage';
import { useCurrentUser } from '../auth/useAuth';
import { useSiteOptions } from '../security-groups/siteOptions';
import { UserViewDialog } from './UserViewDialog';

type Editing = { mode: 'add' } | { mode: 'edit'; view: UserView };

const byName = (views: UserView[]) => views.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
const namesOf = (options: readonly IdOption[], ids: readonly string[]) =>
  ids.map((id) => options.find((option) => option.id === id)?.label ?? id).join(', ');

/** Administration > User Views (SPEC sections 2, 3, 5): everyone may read, administrators write. */
export default function UserViewsPage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const language = useLanguage();
  const { enqueueSnackbar } = useSnackbar();
  const user = useCurrentUser();
  const canWrite = user.role !== null && ORGANISATION_WRITERS.includes(user.role);
  const views = useUserViews();
  const { sites: siteList } = useSiteOptions();
  const departmentItems = useNamedItems('/departments');
  const divisionItems = useNamedItems('/divisions');
  const sites = useMemo(() => siteList.map((site) => ({ id: site.id, label: site.name })), [siteList]);
  const departments = useMemo(() => (departmentItems.data ?? []).map((item) => ({ id: item.id, label: item.name })), [departmentItems.data]);
  const divisions = useMemo(() => (divisionItems.data ?? []).map((item) => ({ id: item.id, label: item.name })), [divisionItems.data]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<{ view: UserView; open: boolean } | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const toastError = (failure: unknown) => enqueueSnackbar(messageText(errorMessageOf(failure)), { variant: 'error' });

  const columns = useMemo<GridColDef<UserView>[]>(() => {
    const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    return [
      { field: 'name', headerName: t('userViews.name'), flex: 1, minWidth: 160 },
      { field: 'siteIds', headerName: t('userViews.sites'), flex: 1, minWidth: 160, valueGetter: (ids: string[]) => namesOf(sites, ids) },
      { field: 'departmentIds', headerName: t('userViews.departments'), flex: 1, minWidth: 140, valueGetter: (ids: string[]) => namesOf(departments, ids) },
      { field: 'divisionIds', headerName: t('userViews.divisions'), flex: 1, minWidth: 140, valueGetter: (ids: string[]) => namesOf(divisions, ids) },
      {
        field: 'updatedAt',
        headerName: t('catalog.updatedAt'),
        type: 'dateTime',
        width: 200,
        valueGetter: (value: string) => new Date(value),
        valueFormatter: (value: Date) => dateFormat.format(value),
      },
    ];
  }, [departments, divisions, language, sites, t]);

  const rowActions = useMemo<AdminGridRowAction<UserView>[]>(() => (canWrite
    ? [
        { key: 'edit', label: (row) => t('catalog.editItem', { name: row.name }), icon: <EditIcon />, onClick: (row) => setEditing({ mode: 'edit', view: row }) },
        { key: 'delete', label: (row) => t('catalog.deleteItem', { name: row.name }), icon: <DeleteIcon />, onClick: (row) => setDeleting({ view: row, open: true }) },
      ]
    : []), [canWrite, t]);

  const save = async (input: UserViewInput) => {
    let saved: UserView;
    try {
      if (editing?.mode === 'edit') {
        saved = await updateUserView(editing.view.id, input);
        enqueueSnackbar(t('userViews.updated', { name: saved.name }), { variant: 'success' });
      } else {
        saved = await createUserView(input);
        enqueueSnackbar(t('userViews.created', { name: saved.name }), { variant: 'success' });
      }
    } catch (failure) {
      toastError(failure);
      throw failure;
    }
    setEditing(null);
    await views.mutate((current = []) => byName([...current.filter((view) => view.id !== saved.id), saved]), { revalidate: false });
  };

  const confirmDelete = async () => {
    if (deleting === null) return;
    const { view } = deleting;
    setDeleteBusy(true);
    try {
      await deleteUserView(view.id);
      enqueueSnackbar(t('userViews.deleted', { name: view.name }), { variant: 'success' });
      await views.mutate((current = []) => current.filter((existing) => existing.id !== view.id), { revalidate: false });
    } catch (failure) {
      toastError(failure);
      await views.mutate();
    } finally {
      setDeleteBusy(false);
      setDeleting((current) => (current === null ? null : { ...current, open: false }));
    }
  };

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('userViews.title')}
      </Typography>
      <AdminGrid<UserView>
        gridId="user-views"
        label={t('userViews.title')}
        rows={views.data}
        columns={columns}
        loading={views.isLoading}
        error={views.error}
        onReload={() => void views.mutate()}
        emptyLabel={t('userViews.empty')}
        rowActions={rowActions}
        toolbar={canWrite && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ mode: 'add' })}>
            {t('userViews.add')}
          </Button>
        )}
      />
      {editing !== null && (
        <UserViewDialog
          title={t(editing.mode === 'add' ? 'userViews.addTitle' : 'userViews.editTitle')}
          {...(editing.mode === 'edit'
            ? { initial: { name: editing.view.name, siteIds: editing.view.siteIds, departmentIds: editing.view.departmentIds, divisionIds: editing.view.divisionIds } }
            : {})}
          sites={sites}
          departments={departments}
          divisions={divisions}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting?.open ?? false}
        title={t('userViews.deleteTitle')}
        message={deleting === null ? '' : t('userViews.deleteConfirm', { name: deleting.view.name })}
        confirmLabel={t('catalog.delete')}
        cancelLabel={t('catalog.cancel')}
        busy={deleteBusy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting((current) => (current === null ? null : { ...current, open: false }))}
      />
    </>
  );
}
