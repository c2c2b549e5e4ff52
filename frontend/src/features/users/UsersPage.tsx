import { useMemo, useState } from 'react';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { assignableRoles, isInvitationPending, type User, type UserFieldsInput } from '@domain/identity/user';
import { useErrorText } from '../../components/useErrorText';
import { createUser, deleteUser, setUserActive, updateUser, useUsers } from '../../api/users';
import type { AdminGridRowAction } from '../../components/AdminGrid';
import { AdminListPage } from '../../components/AdminListPage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useCurrentUser } from '../../session/useAuth';
import { UserFormDialog } from './UserFormDialog';

type Editing = { mode: 'add' } | { mode: 'edit'; user: User };
type Confirming = { action: 'delete' | 'disable'; user: User; open: boolean };

const fullName = (user: User) => `${user.firstName} ${user.lastName}`.trim();
const byName = (users: User[]) => users.sort((a, b) => fullName(a).localeCompare(fullName(b), 'en', { sensitivity: 'base' }));

/** Administration > User Management (SPEC sections 2, 3, 5): the list, add, edit, enable/disable, delete. */
export default function UsersPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const caller = useCurrentUser();
  const roles = caller.role === null ? [] : assignableRoles(caller.role);
  const users = useUsers('all');
  const { mutate } = users;
  const [editing, setEditing] = useState<Editing | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [busy, setBusy] = useState(false);

  const toastError = (failure: unknown) => enqueueSnackbar(errorText(failure), { variant: 'error' });
  // The list is read from an eventually consistent index: the write's answer updates it.
  const replace = (saved: User) => mutate((users = []) => byName([...users.filter((user) => user.id !== saved.id), saved]), { revalidate: false });
  const remove = (id: string) => mutate((users = []) => users.filter((user) => user.id !== id), { revalidate: false });

  const save = async (input: UserFieldsInput) => {
    let saved: User;
    try {
      if (editing?.mode === 'edit') {
        saved = await updateUser(editing.user.id, input);
        enqueueSnackbar(t('users.updated', { name: fullName(saved) }), { variant: 'success' });
      } else {
        saved = await createUser(input);
        enqueueSnackbar(t('users.invited', { email: saved.email }), { variant: 'success' });
      }
    } catch (failure) {
      toastError(failure);
      throw failure;
    }
    setEditing(null);
    await replace(saved);
  };

  const setActive = async (user: User, active: boolean) => {
    setBusy(true);
    try {
      const saved = await setUserActive(user.id, active);
      enqueueSnackbar(t(active ? 'users.enabled' : 'users.disabled', { name: fullName(saved) }), { variant: 'success' });
      await replace(saved);
    } catch (failure) {
      toastError(failure);
    } finally {
      setBusy(false);
      setConfirming((current) => (current === null ? null : { ...current, open: false }));
    }
  };

  const confirm = async () => {
    if (confirming === null) return;
    const { user, action } = confirming;
    if (action === 'disable') {
      await setActive(user, false);
      return;
    }
    setBusy(true);
    try {
      await deleteUser(user.id);
      enqueueSnackbar(t('users.deleted', { name: fullName(user) }), { variant: 'success' });
      await remove(user.id);
    } catch (failure) {
      toastError(failure);
    } finally {
      setBusy(false);
      setConfirming((current) => (current === null ? null : { ...current, open: false }));
    }
  };

  const isSelf = (user: User) => user.id === caller.accountId;
  const manageable = (user: User) => !isSelf(user) && (roles as readonly string[]).includes(user.role);

  const columns = useMemo<GridColDef<User>[]>(() => [
    { field: 'name', headerName: t('users.name'), flex: 1, minWidth: 160, valueGetter: (_value, row) => fullName(row) },
    { field: 'email', headerName: t('users.email'), flex: 1, minWidth: 200 },
    { field: 'role', headerName: t('users.role'), width: 140, valueGetter: (_value, row) => t(`users.roles.${row.role}`) },
    { field: 'phone', headerName: t('users.phone'), width: 150 },
    { field: 'employeeId', headerName: t('users.employeeId'), width: 130 },
    {
      field: 'status',
      headerName: t('users.status'),
      width: 170,
      valueGetter: (_value, row) => t(isInvitationPending(row) ? 'users.statusInvited' : row.isactive ? 'users.statusActive' : 'users.statusDisabled'),
      renderCell: ({ row, value }) => (
        <Chip size="small" label={String(value)} color={isInvitationPending(row) ? 'info' : row.isactive ? 'success' : 'default'} variant="outlined" />
      ),
    },
    { field: 'mfaEnabled', headerName: t('users.mfa'), type: 'boolean', width: 90 },
    { field: 'lastlogindate', headerName: t('users.lastLogin'), width: 180, valueGetter: (value: string | null) => value ?? '' },
  ], [t]);

  const rowActions: AdminGridRowAction<User>[] = [
    { key: 'edit', label: (user) => t('users.editUser', { name: fullName(user) }), icon: <EditIcon />, onClick: (user) => setEditing({ mode: 'edit', user }), hidden: (user) => !isSelf(user) && !manageable(user) },
    { key: 'disable', label: (user) => t('users.disableUser', { name: fullName(user) }), icon: <BlockIcon />, onClick: (user) => setConfirming({ action: 'disable', user, open: true }), hidden: (user) => !manageable(user) || !user.isactive },
    { key: 'enable', label: (user) => t('users.enableUser', { name: fullName(user) }), icon: <CheckCircleIcon />, onClick: (user) => void setActive(user, true), hidden: (user) => !manageable(user) || user.isactive },
    { key: 'delete', label: (user) => t('users.deleteUser', { name: fullName(user) }), icon: <DeleteIcon />, onClick: (user) => setConfirming({ action: 'delete', user, open: true }), hidden: (user) => !manageable(user) },
  ];

  return (
    <>
      <AdminListPage<User>
        title={t('users.title')}
        gridId="users"
        list={users}
        columns={columns}
        emptyLabel={t('users.empty')}
        rowActions={rowActions}
        initialSort={[{ field: 'name', sort: 'asc' }]}
        // Fits 1366 px with the actions; the rest stays in the column settings.
        defaultHiddenColumns={['phone', 'employeeId', 'mfaEnabled']}
        add={{ label: t('users.add'), icon: <PersonAddIcon />, onClick: () => setEditing({ mode: 'add' }) }}
      />
      {editing !== null && (
        <UserFormDialog
          {...(editing.mode === 'edit' ? { user: editing.user } : {})}
          roles={editing.mode === 'edit' && isSelf(editing.user) ? [editing.user.role] : roles}
          onSave={save}
          onVerified={(user) => void replace(user)}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={confirming?.open ?? false}
        title={t(confirming?.action === 'disable' ? 'users.disableTitle' : 'users.deleteTitle')}
        message={confirming === null ? '' : t(confirming.action === 'disable' ? 'users.disableConfirm' : 'users.deleteConfirm', { name: fullName(confirming.user) })}
        confirmLabel={t(confirming?.action === 'disable' ? 'users.disable' : 'users.delete')}
        cancelLabel={t('users.cancel')}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming((current) => (current === null ? null : { ...current, open: false }))}
      />
    </>
  );
}
