import { useMemo, useState } from 'react';
import CancelIcon from '@mui/icons-material/CancelOutlined';
import SendIcon from '@mui/icons-material/Send';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { User } from '@domain/identity/user';
import { useErrorText } from '../../components/useErrorText';
import { deleteUser, resendInvitation, useUsers } from '../../api/users';
import type { AdminGridRowAction } from '../../components/AdminGrid';
import { AdminListPage } from '../../components/AdminListPage';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/** Administration > pending invitations: who has not signed in yet; resend or cancel. */
export default function InvitationsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const invitations = useUsers('invitations');
  const { mutate } = invitations;
  const [cancelling, setCancelling] = useState<{ user: User; open: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const toastError = (failure: unknown) => enqueueSnackbar(errorText(failure), { variant: 'error' });

  const resend = async (user: User) => {
    try {
      await resendInvitation(user.email);
      enqueueSnackbar(t('users.resent', { email: user.email }), { variant: 'success' });
    } catch (failure) {
      toastError(failure);
    }
  };

  const cancel = async () => {
    if (cancelling === null) return;
    setBusy(true);
    try {
      await deleteUser(cancelling.user.id);
      enqueueSnackbar(t('users.invitationCancelled', { email: cancelling.user.email }), { variant: 'success' });
      const { id } = cancelling.user;
      await mutate((users = []) => users.filter((user) => user.id !== id), { revalidate: false });
    } catch (failure) {
      toastError(failure);
    } finally {
      setBusy(false);
      setCancelling((current) => (current === null ? null : { ...current, open: false }));
    }
  };

  const columns = useMemo<GridColDef<User>[]>(() => [
    { field: 'email', headerName: t('users.email'), flex: 1, minWidth: 220 },
    { field: 'name', headerName: t('users.name'), flex: 1, minWidth: 160, valueGetter: (_value, row) => `${row.firstName} ${row.lastName}`.trim() },
    { field: 'role', headerName: t('users.userType'), width: 150, valueGetter: (_value, row) => t(`users.roles.${row.role}`) },
    { field: 'invitedate', headerName: t('users.invitedOn'), width: 190 },
  ], [t]);

  const rowActions: AdminGridRowAction<User>[] = [
    { key: 'resend', label: (user) => t('users.resendInvitation', { email: user.email }), icon: <SendIcon />, onClick: (user) => void resend(user) },
    { key: 'cancel', label: (user) => t('users.cancelInvitation', { email: user.email }), icon: <CancelIcon />, onClick: (user) => setCancelling({ user, open: true }) },
  ];

  return (
    <>
      <AdminListPage<User>
        title={t('users.invitationsTitle')}
        gridId="invitations"
        list={invitations}
        columns={columns}
        emptyLabel={t('users.noInvitations')}
        rowActions={rowActions}
        initialSort={[{ field: 'invitedate', sort: 'desc' }]}
        toolbar={<Button variant="contained" startIcon={<PersonAddIcon />} component={RouterLink} to="/app/users/invite">{t('users.invite')}</Button>}
      />
      <ConfirmDialog
        open={cancelling?.open ?? false}
        title={t('users.cancelInvitationTitle')}
        message={cancelling === null ? '' : t('users.cancelInvitationConfirm', { email: cancelling.user.email })}
        confirmLabel={t('users.cancelInvitationConfirmButton')}
        cancelLabel={t('users.cancel')}
        busy={busy}
        onConfirm={() => void cancel()}
        onCancel={() => setCancelling((current) => (current === null ? null : { ...current, open: false }))}
      />
    </>
  );
}
