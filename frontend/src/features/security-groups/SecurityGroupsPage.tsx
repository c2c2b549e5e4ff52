import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { userDisplayName, type SecurityGroup, type SecurityGroupInput } from '@domain/identity/security-groups';
import {
  createSecurityGroup,
  deleteSecurityGroup,
  updateSecurityGroup,
  useSecurityGroups,
  useSecurityGroupUsers,
} from '../../api/securityGroups';
import { AdminListPage } from '../../components/AdminListPage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useAdminListPage } from '../../components/useAdminListPage';
import { useFormatters } from '../../i18n/formatters';
import { SecurityGroupDialog } from './SecurityGroupDialog';
import { siteNameOf, useSiteOptions } from './siteOptions';

/**
 * Administration > Security Groups (SPEC sections 2, 3 and 6; administrators only): which
 * sites and sensors each group's members can reach.
 */
export default function SecurityGroupsPage() {
  const { t } = useTranslation();
  const formatters = useFormatters();
  const groups = useSecurityGroups();
  const users = useSecurityGroupUsers();
  const { sites } = useSiteOptions();
  const page = useAdminListPage<SecurityGroup, SecurityGroupInput>({
    section: 'securityGroups',
    mutate: groups.mutate,
    create: createSecurityGroup,
    update: (group, input) => updateSecurityGroup(group.id, input),
    remove: (group) => deleteSecurityGroup(group.id),
    // A group's members show on the user list's security groups.
    afterSave: () => users.mutate(),
    reloadOnDeleteFailure: true,
  });
  const { editing } = page;

  const userName = useMemo(() => {
    const byId = new Map((users.data ?? []).map((user) => [user.accountId, userDisplayName(user)]));
    return (accountId: string) => byId.get(accountId) ?? accountId;
  }, [users.data]);

  const columns = useMemo<GridColDef<SecurityGroup>[]>(() => {
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
        valueFormatter: (value: Date) => formatters.dateTime(value),
      },
    ];
  }, [formatters, sites, t, userName]);

  const rowActions = [
    page.editAction((row) => t('catalog.editItem', { name: row.name })),
    page.deleteAction((row) => t('catalog.deleteItem', { name: row.name })),
  ];

  return (
    <AdminListPage
      title={t('securityGroups.title')}
      emptyLabel={t('securityGroups.empty')}
      gridId="security-groups"
      intro={t('securityGroups.intro')}
      list={groups}
      columns={columns}
      rowActions={rowActions}
      add={{ label: t('securityGroups.add'), onClick: page.startAdd }}
    >
      {editing !== null && (
        <SecurityGroupDialog
          title={t(editing.mode === 'add' ? 'securityGroups.addTitle' : 'securityGroups.editTitle')}
          {...(editing.mode === 'edit'
            ? {
                initial: {
                  name: editing.item.name,
                  description: editing.item.description,
                  siteIds: editing.item.siteIds,
                  sensorIds: editing.item.sensorIds,
                  memberAccountIds: editing.item.memberAccountIds,
                },
              }
            : {})}
          sites={sites}
          users={users.data ?? []}
          onSave={page.save}
          onClose={page.closeEditor}
        />
      )}
      <ConfirmDialog {...page.deleteDialog} />
    </AdminListPage>
  );
}
