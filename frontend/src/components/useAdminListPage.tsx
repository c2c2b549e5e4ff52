import { useCallback, useState } from 'react';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { GridColDef } from '@mui/x-data-grid';
import type { KeyedMutator } from 'swr';
import { useErrorText } from './useErrorText';
import type { AdminGridRowAction } from './AdminGrid';
import type { ConfirmDialogProps } from './ConfirmDialog';

/** The catalogue sections of list pages: each has created, updated, deleted, deleteTitle and deleteConfirm. */
export type AdminListSection = 'customerGroups' | 'departments' | 'divisions' | 'securityGroups' | 'userViews' | 'locations' | 'sites' | 'alarmProfiles' | 'notificationGroups'
  | 'haccpCorrectiveActions' | 'haccpInformation' | 'haccpGroups' | 'haccpChecklists' | 'haccpQuestions' | 'haccpShifts';

/** What a list page's add/edit dialog is open on. */
export type AdminListEditing<T> = { mode: 'add' } | { mode: 'edit'; item: T };

interface NamedRow {
  id: string;
  name: string;
}

export interface AdminListPageOptions<T extends NamedRow, I> {
  /** Where the toasts' and the delete confirmation's texts are. */
  section: AdminListSection;
  /** The list's SWR mutator: the writes' answers update it. */
  mutate: KeyedMutator<T[]>;
  create(input: I): Promise<T>;
  update(item: T, input: I): Promise<T>;
  /** None where the API deletes nothing (its Delete action is then never offered). */
  remove?(item: T): Promise<unknown>;
  /** Runs after a save has updated the list (e.g. other lists the write changes). */
  afterSave?: () => Promise<unknown>;
  /** Runs after a delete has updated the list. */
  afterDelete?: () => Promise<unknown>;
  /** Reload the list when a delete is refused (it may have changed meanwhile). */
  reloadOnDeleteFailure?: boolean;
  /** The confirmation's buttons; `catalog.delete` and `catalog.cancel` unless given. */
  deleteLabels?: { confirm: string; cancel: string };
}

/** The "Updated" column of a list whose rows carry `updatedAt`: a date and time, sorted as one. */
export function updatedAtColumn<R extends { updatedAt: string }>(headerName: string, dateTime: (value: Date) => string): GridColDef<R> {
  return {
    field: 'updatedAt',
    headerName,
    type: 'dateTime',
    width: 200,
    valueGetter: (value: string) => new Date(value),
    valueFormatter: (value: Date) => dateTime(value),
  };
}

/** The API's order: by name, ignoring case. */
export function byName<T extends NamedRow>(items: T[]): T[] {
  return items.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

/**
 * The scaffolding of an administration list page: the add/edit dialog's state, saving with
 * toasts, Edit and Delete row actions, the delete confirmation, and the list updated from
 * each write's answer (the list index is eventually consistent on AWS: a refetch right
 * after a write may not show it yet).
 */
export function useAdminListPage<T extends NamedRow, I>({
  section,
  mutate,
  create,
  update,
  remove,
  afterSave,
  afterDelete,
  reloadOnDeleteFailure = false,
  deleteLabels,
}: AdminListPageOptions<T, I>) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<AdminListEditing<T> | null>(null);
  // The item stays set while the confirmation fades out, so its text does not blank.
  const [deleting, setDeleting] = useState<{ item: T; open: boolean } | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  // Stable, so grids may keep them in memoised columns.
  const closeDelete = useCallback(() => setDeleting((current) => (current === null ? null : { ...current, open: false })), []);
  const askDelete = useCallback((item: T) => setDeleting({ item, open: true }), []);
  const startAdd = useCallback(() => setEditing({ mode: 'add' }), []);
  const startEdit = useCallback((item: T) => setEditing({ mode: 'edit', item }), []);
  const closeEditor = useCallback(() => setEditing(null), []);

  const toastError = (failure: unknown) => enqueueSnackbar(errorText(failure), { variant: 'error' });
  const replace = (saved: T) => mutate((items = []) => byName([...items.filter((entry) => entry.id !== saved.id), saved]), { revalidate: false });

  /** Saves the dialog's input; a refusal is toasted and rethrown so the dialog stays open. */
  const save = async (input: I) => {
    let saved: T;
    try {
      if (editing?.mode === 'edit') {
        saved = await update(editing.item, input);
        enqueueSnackbar(t(`${section}.updated`, { name: saved.name }), { variant: 'success' });
      } else {
        saved = await create(input);
        enqueueSnackbar(t(`${section}.created`, { name: saved.name }), { variant: 'success' });
      }
    } catch (failure) {
      toastError(failure);
      throw failure;
    }
    setEditing(null);
    await replace(saved);
    await afterSave?.();
  };

  const confirmDelete = async () => {
    if (deleting === null || remove === undefined) return;
    const { item } = deleting;
    setDeleteBusy(true);
    try {
      await remove(item);
      enqueueSnackbar(t(`${section}.deleted`, { name: item.name }), { variant: 'success' });
      await mutate((items = []) => items.filter((entry) => entry.id !== item.id), { revalidate: false });
      await afterDelete?.();
    } catch (failure) {
      // The refusal in the API's words (e.g. what is still attached).
      toastError(failure);
      if (reloadOnDeleteFailure) await mutate();
    } finally {
      setDeleteBusy(false);
      closeDelete();
    }
  };

  /** The Edit row action, named after the row; hidden where `hidden` says. */
  const editAction = (label: (row: T) => string, hidden?: (row: T) => boolean): AdminGridRowAction<T> => ({
    key: 'edit',
    label,
    icon: <EditIcon />,
    onClick: startEdit,
    ...(hidden === undefined ? {} : { hidden }),
  });

  /** The Delete row action: asks first. */
  const deleteAction = (label: (row: T) => string, hidden?: (row: T) => boolean): AdminGridRowAction<T> => ({
    key: 'delete',
    label,
    icon: <DeleteIcon />,
    onClick: askDelete,
    ...(hidden === undefined ? {} : { hidden }),
  });

  /** The Edit and Delete row actions, named after the row (`Edit Fridges`), for those who may write. */
  const itemActions: [edit: AdminGridRowAction<T>, remove: AdminGridRowAction<T>] = [
    editAction((row) => t('catalog.editItem', { name: row.name })),
    deleteAction((row) => t('catalog.deleteItem', { name: row.name })),
  ];

  /** Spread into a ConfirmDialog. */
  const deleteDialog: ConfirmDialogProps = {
    open: deleting?.open ?? false,
    title: t(`${section}.deleteTitle`),
    message: deleting === null ? '' : t(`${section}.deleteConfirm`, { name: deleting.item.name }),
    confirmLabel: deleteLabels?.confirm ?? t('catalog.delete'),
    cancelLabel: deleteLabels?.cancel ?? t('catalog.cancel'),
    busy: deleteBusy,
    onConfirm: () => void confirmDelete(),
    onCancel: closeDelete,
  };

  return { editing, startAdd, startEdit, closeEditor, askDelete, save, replace, toastError, editAction, deleteAction, itemActions, deleteDialog };
}
