import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { AlarmProfile, AlarmProfileFields } from '@domain/alarms/alarm-profile';
import { ORGANISATION_WRITERS } from '@domain/identity/roles';
import { createAlarmProfile, deleteAlarmProfile, updateAlarmProfile, useAlarmProfileList } from '../../api/alarmProfiles';
import { useClientState } from '../../session/clientState';
import { AdminListPage } from '../../components/AdminListPage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useAdminListPage } from '../../components/useAdminListPage';
import { useFormatters } from '../../i18n/formatters';
import { useCurrentUser } from '../../session/useAuth';
import { AlarmProfileDialog } from './AlarmProfileDialog';
import { limitsInUserUnit } from './alarmProfileUnits';

/**
 * Administration > Alarm profiles (SPEC sections 3 and 5; issue 13 section 1): which
 * conditions raise an alarm, after how long and with what limits (shown in the user's unit).
 * A profile sensors or gateways use cannot be deleted: the refusal says how many.
 */
export default function AlarmProfilesPage() {
  const { t } = useTranslation();
  const { uom } = useClientState();
  const formatters = useFormatters();
  const user = useCurrentUser();
  const canWrite = user.role !== null && ORGANISATION_WRITERS.includes(user.role);
  const profiles = useAlarmProfileList();
  const page = useAdminListPage<AlarmProfile, AlarmProfileFields>({
    section: 'alarmProfiles',
    mutate: profiles.mutate,
    create: createAlarmProfile,
    update: (profile, input) => updateAlarmProfile(profile.id, input),
    remove: (profile) => deleteAlarmProfile(profile.id),
    // A refused delete: the counts may have changed since the list was read.
    reloadOnDeleteFailure: true,
  });
  const { editing } = page;

  const columns = useMemo<GridColDef<AlarmProfile>[]>(() => {
    const limits = (profile: AlarmProfile) => {
      const shown = limitsInUserUnit(profile, uom);
      return shown === undefined ? '' : t('alarmProfiles.limits', { min: formatters.number(shown.min), max: formatters.number(shown.max), unit: shown.unit });
    };
    return [
      { field: 'name', headerName: t('alarmProfiles.fields.name'), flex: 1, minWidth: 160 },
      { field: 'description', headerName: t('alarmProfiles.fields.description'), flex: 1, minWidth: 160 },
      {
        field: 'types',
        headerName: t('alarmProfiles.columns.types'),
        flex: 1,
        minWidth: 180,
        valueGetter: (types: AlarmProfile['types']) => types.map((type) => t(`alarmProfiles.types.${type}`)).join(', '),
      },
      { field: 'alarmDelayMinutes', headerName: t('alarmProfiles.columns.alarmDelay'), width: 120, valueFormatter: (value: number) => t('alarmProfiles.minutes', { count: value }) },
      { field: 'limits', headerName: t('alarmProfiles.columns.limits'), width: 170, valueGetter: (_value, row) => limits(row) },
      { field: 'sensorCount', headerName: t('alarmProfiles.columns.sensorCount'), width: 110, type: 'number' },
      { field: 'gatewayCount', headerName: t('alarmProfiles.columns.gatewayCount'), width: 120, type: 'number' },
    ];
  }, [formatters, t, uom]);

  const rowActions = canWrite
    ? [
        page.editAction((row) => t('catalog.editItem', { name: row.name })),
        page.deleteAction((row) => t('catalog.deleteItem', { name: row.name })),
      ]
    : [];

  return (
    <AdminListPage<AlarmProfile>
      title={t('alarmProfiles.title')}
      gridId="alarm-profiles"
      list={profiles}
      columns={columns}
      emptyLabel={t('alarmProfiles.empty')}
      rowActions={rowActions}
      initialSort={[{ field: 'name', sort: 'asc' }]}
      add={canWrite ? { label: t('alarmProfiles.add'), onClick: page.startAdd } : undefined}
    >
      {editing !== null && (
        <AlarmProfileDialog
          key={editing.mode === 'edit' ? editing.item.id : 'new'}
          {...(editing.mode === 'edit' ? { profile: editing.item } : {})}
          uom={uom}
          onSave={page.save}
          onClose={page.closeEditor}
        />
      )}
      <ConfirmDialog {...page.deleteDialog} />
    </AdminListPage>
  );
}
