import { useMemo, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { userDisplayName, type SecurityGroup, type SecurityGroupInput } from '@domain/security-groups';
import { errorMessageOf } from '../../api/ApiError';
import {
  createSecurityGroup,
  deleteSecurityGroup,
  updateSecurityGroup,
  useSecurityGroups,
  useSecurityGroupUsers,
} from '../../api/securityGroups';
import { AdminGrid, type AdminGridRowAction } from '../../components/AdminGrid';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useMessageText } from '../../i18n/messages';
import { useLanguage } from '../../i18n/useLanguage';
import { SecurityGroupDialog } from './SecurityGroupDialog';
import { siteNameOf, useSiteOptions } from './siteOptions';

type Editing = { mode: 'add' } | { mode: 'edit'; group: SecurityGroup };

const byName = (groups: SecurityGroup[]) => groups.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));

/**
 * Administration > Security Groups (SPEC sections 2, 3 and 6; administrators only): which
 * sites and sensors each group's members can reach.
 */
export default function SecurityGroupsPage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const language = useLanguage();
  const { enqueueSnackbar } = useSnackbar();
  const groups = useSecurityGroups();
  const users = useSecurityGroupUsers();
  const { sites } = useSiteOptions();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<{ group: SecurityGroup; open: boolean } | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const toastError = (failure: unknown) => enqueueSnackbar(messageText(errorMessageOf(failure)), { variant: 'error' });

  const userName = useMemo(() => {
    const byId = new Map((users.data ?? []).map((user) => [user.accountId, userDisplayName(user)]));
    return (accountId: string) => byId.get(accountId) ?? accountId;
  }, [users.data]);

  const columns = useMemo<GridColDef<SecurityGroup>[]>(() => {
    const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    return [
      { field: 'name', headerName: t('securityGroups.name'), flex: 1, minWidth: 160 },
      { field: 'description', headerName: t('securityGroups.description'), flex: 1, minWidth: 160 },
      {
        field: 'siteIds',
        headerName: t('securityGroups.sites'),
        flex: 1,
        minWidth: 160,
        valueGetter: (ids: string[]) => ids.map((id) => siteNameOf(sites, id)).join(', '),
      },
      {
        field: 'sensorIds',
        headerName: t('securityGroups.sensors'),
        width: 160,
        valueGetter: (ids: string[]) => (ids.length === 0 ? t('securityGroups.allSensors') : ids.join(', ')),
      },
      {
        field: 'memberAccountIds',
        headerName: t('securityGroups.members'),
        flex: 1,
        minWidth: 160,
        valueGetter: (ids: string[]) => ids.map(userName).join(', '),
      },
      {
        field: 'updatedAt',
        headerName: t('catalog.updatedAt'),
        type: 'dateTime',
        width: 200,
        valueGetter: (value: string) => new Date(value),
        valueFormatter: (value: Date) => dateFormat.format(value),
      },
    ];
  }, [language, sites, t, userName]);

  const rowActions = useMemo<AdminGridRowAction<SecurityGroup>[]>(() => [
    { key: 'edit', label: (row) => t('catalog.editItem', { name: row.name }), icon: <EditIcon />, onClick: (row) => setEditing({ mode: 'edit', group: row }) },
    { key: 'delete', label: (row) => t('catalog.deleteItem', { name: row.name }), icon: <DeleteIcon />, onClick: (row) => setDeleting({ group: row, open: true }) },
  ], [t]);

  const save = async (input: SecurityGroupInput) => {
    let saved: SecurityGroup;
    try {
      if (editing?.mode === 'edit') {
        saved = await updateSecurityGroup(editing.group.id, input);
        enqueueSnackbar(t('securityGroups.updated', { name: saved.name }), { variant: 'success' });
      } else {
        saved = await createSecurityGroup(input);
        enqueueSnackbar(t('securityGroups.created', { name: saved.name }), { variant: 'success' });
      }
    } catch (failure) {
      toastError(failure);
      throw failure;
    }
    setEditing(null);
    // The list index is eventually consistent: the write's answer updates the list.
    await groups.mutate((current = []) => byName([...current.filter((group) => group.id !== saved.id), saved]), { revalidate: false });
    await users.mutate();
  };

  const confirmDelete = async () => {
    if (deleting === null) return;
    const { group } = deleting;
    setDeleteBusy(true);
    try {
      await deleteSecurityGroup(group.id);
      enqueueSnackbar(t('securityGroups.deleted', { name: group.name }), { variant: 'success' });
      await groups.mutate((current = []) => current.filter((existing) => existing.id !== group.id), { revalidate: false });
    } catch (failure) {
      toastError(failure);
      await groups.mutate();
    } finally {
      setDeleteBusy(false);
      setDeleting((current) => (current === null ? null : { ...current, open: false }));
    }
  };

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('securityGroups.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('securityGroups.intro')}
      </Typography>
      <AdminGrid<SecurityGroup>
        gridId="security-groups"
        label={t('securityGroups.title')}
        rows={groups.data}
        columns={columns}
        loading={groups.isLoading}
        error={groups.error}
        onReload={() => void groups.mutate()}
        emptyLabel={t('securityGroups.empty')}
        rowActions={rowActions}
        toolbar={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ mode: 'add' })}>
            {t('securityGroups.add')}
          </Button>
        }
      />
      {editing !== null && (
        <SecurityGroupDialog
          title={t(editing.mode === 'add' ? 'securityGroups.addTitle' : 'securityGroups.editTitle')}
          {...(editing.mode === 'edit'
            ? {
                initial: {
                  name: editing.group.name,
                  description: editing.group.description,
                  siteIds: editing.group.siteIds,
                  sensorIds: editing.group.sensorIds,
                  memberAccountIds: editing.group.memberAccountIds,
                },
              }
            : {})}
          sites={sites}
          users={users.data ?? []}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting?.open ?? false}
        title={t('securityGroups.deleteTitle')}
        message={deleting === null ? '' : t('securityGroups.deleteConfirm', { name: deleting.group.name })}
        confirmLabel={t('catalog.delete')}
        cancelLabel={t('catalog.cancel')}
        busy={deleteBusy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting((current) => (current === null ? null : { ...current, open: false }))}
      />
    </>
  );
}
