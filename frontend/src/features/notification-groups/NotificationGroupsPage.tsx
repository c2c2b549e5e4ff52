import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { NotificationGroup, NotificationGroupRequest } from '@domain/notifications/notification-group';
import {
  createNotificationGroup,
  deleteNotificationGroup,
  updateNotificationGroup,
  useNotificationGroupList,
} from '../../api/notificationGroups';
import { useUsers } from '../../api/users';
import { AdminListPage } from '../../components/AdminListPage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useAdminListPage } from '../../components/useAdminListPage';
import { useCanWriteOrganisation } from '../../session/useCanWriteOrganisation';
import { usePlaces } from '../gateways';
import { NotificationGroupDialog } from './NotificationGroupDialog';

/**
 * Administration > Notification groups (SPEC sections 3 and 5; issue 14 section 1): who hears
 * about an alarm, when and how. A group sensors or gateways use cannot be deleted: the refusal
 * says how many.
 */
export default function NotificationGroupsPage() {
  const { t } = useTranslation();
  const canWrite = useCanWriteOrganisation();
  const groups = useNotificationGroupList();
  const places = usePlaces();
  // Only writers choose users (the users list is theirs to read).
  const users = useUsers('all');
  const userOptions = useMemo(
    () => (canWrite ? users.data ?? [] : [])
      .map((entry) => ({ value: entry.accountId, label: `${entry.firstName} ${entry.lastName}`.trim() || entry.email }))
      .sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' })),
    [canWrite, users.data],
  );
  const page = useAdminListPage<NotificationGroup, NotificationGroupRequest>({
    section: 'notificationGroups',
    mutate: groups.mutate,
    create: createNotificationGroup,
    update: (group, input) => updateNotificationGroup(group.id, input),
    remove: (group) => deleteNotificationGroup(group.id),
    // A refused delete: the counts may have changed since the list was read.
    reloadOnDeleteFailure: true,
  });
  const { editing } = page;

  const columns = useMemo<GridColDef<NotificationGroup>[]>(() => [
    { field: 'name', headerName: t('notificationGroups.fields.name'), flex: 1, minWidth: 160 },
    { field: 'description', headerName: t('notificationGroups.fields.description'), flex: 1, minWidth: 160 },
    { field: 'groupType', headerName: t('notificationGroups.fields.groupType'), width: 110, valueFormatter: (value: NotificationGroup['groupType']) => t(`notificationGroups.types.${value}`) },
    {
      field: 'siteIds',
      headerName: t('notificationGroups.fields.siteIds'),
      flex: 1,
      minWidth: 160,
      valueGetter: (siteIds: NotificationGroup['siteIds']) => siteIds.map((id) => places.siteName(id)).join(', '),
    },
    { field: 'isDefault', headerName: t('notificationGroups.columns.isDefault'), width: 100, type: 'boolean' },
    { field: 'schedules', headerName: t('notificationGroups.columns.schedules'), width: 110, type: 'number', valueGetter: (schedules: NotificationGroup['schedules']) => schedules.length },
    { field: 'sensorCount', headerName: t('notificationGroups.columns.sensorCount'), width: 100, type: 'number' },
    { field: 'gatewayCount', headerName: t('notificationGroups.columns.gatewayCount'), width: 110, type: 'number' },
  ], [t, places]);

  const rowActions = canWrite ? page.itemActions : [];

  return (
    <AdminListPage<NotificationGroup>
      title={t('notificationGroups.title')}
      gridId="notification-groups"
      list={groups}
      columns={columns}
      emptyLabel={t('notificationGroups.empty')}
      rowActions={rowActions}
      initialSort={[{ field: 'name', sort: 'asc' }]}
      add={canWrite ? { label: t('notificationGroups.add'), onClick: page.startAdd } : undefined}
    >
      {editing !== null && (
        <NotificationGroupDialog
          key={editing.mode === 'edit' ? editing.item.id : 'new'}
          {...(editing.mode === 'edit' ? { group: editing.item } : {})}
          places={places}
          userOptions={userOptions}
          onSave={page.save}
          onClose={page.closeEditor}
        />
      )}
      <ConfirmDialog {...page.deleteDialog} />
    </AdminListPage>
  );
}
