import { useMemo, useState } from 'react';
import EditIcon from '@mui/icons-material/EditOutlined';
import OpenIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ORGANISATION_WRITERS } from '@domain/identity/roles';
import type { Sensor, SensorInput } from '@domain/devices/sensor';
import { useAlarmSummary } from '../../api/alarms';
import { createSensor, updateSensor, useSensors } from '../../api/sensors';
import { useClientState } from '../../session/clientState';
import type { AdminGridRowAction } from '../../components/AdminGrid';
import { AdminListPage } from '../../components/AdminListPage';
import { useCurrentUser } from '../../session/useAuth';
import { useDateTime } from '../../i18n/useDateTime';
import { useNow } from './liveReading';
import { sensorCard } from './sensorCard';
import { SENSOR_COLUMNS_HIDDEN_BY_DEFAULT, sensorColumns } from './sensorColumns';
import { SensorFormDialog } from './SensorFormDialog';
import { useChannelFormat } from './useChannelFormat';
import { useSensorLookups } from '../../api/useSensorLookups';

type Editing = { mode: 'add' } | { mode: 'edit'; sensor: Sensor };

/** Which part of the organisation the lists show: the top bar's selected location and site. */
export function useSelectedScope(): { locationId?: string; siteId?: string } {
  const { selectedLocation } = useClientState();
  return {
    ...(selectedLocation?.locationId ? { locationId: selectedLocation.locationId } : {}),
    ...(selectedLocation?.siteId ? { siteId: selectedLocation.siteId } : {}),
  };
}

/** The heading under the title: whose sensors these are. */
export function ScopeCaption({ scope }: { scope: { locationId?: string; siteId?: string } }) {
  const { t } = useTranslation();
  const lookups = useSensorLookups();
  if (scope.siteId !== undefined) return <Typography color="text.secondary">{t('sensors.scope.site', { name: lookups.siteName(scope.siteId) })}</Typography>;
  if (scope.locationId !== undefined) return <Typography color="text.secondary">{t('sensors.scope.location', { name: lookups.locationName(scope.locationId) })}</Typography>;
  return null;
}

/**
 * Sensors (SPEC section 2, issue 5 section 3): the active sensors of the selected location or
 * site with their live state, column settings per user; administrators add and edit.
 */
export default function SensorsPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const canWrite = user.role !== null && ORGANISATION_WRITERS.includes(user.role);
  const scope = useSelectedScope();
  const sensors = useSensors({ list: 'active', ...scope });
  const { mutate } = sensors;
  const lookups = useSensorLookups();
  const dateTime = useDateTime();
  const channelFormat = useChannelFormat();
  const [editing, setEditing] = useState<Editing | null>(null);
  // Each sensor's count of active alarms, asked again every 30 s (none shown until it answers).
  const byDevice = useAlarmSummary().data?.byDevice;
  const activeAlarms = useMemo(() => byDevice ?? {}, [byDevice]);

  // Online and a value's age are judged at the moment shown, moving on while the page stays open.
  const now = useNow();
  const columns = useMemo(() => sensorColumns(t, lookups, channelFormat, now, dateTime, activeAlarms), [activeAlarms, channelFormat, dateTime, lookups, now, t]);
  const card = useMemo(() => sensorCard(t, channelFormat, now, dateTime, activeAlarms), [activeAlarms, channelFormat, dateTime, now, t]);

  const save = async (input: SensorInput) => {
    const saved = editing?.mode === 'edit' ? await updateSensor(editing.sensor.id, input) : await createSensor(input);
    enqueueSnackbar(t(editing?.mode === 'edit' ? 'sensors.updated' : 'sensors.created', { name: saved.name }), { variant: 'success' });
    setEditing(null);
    await mutate((sensors = []) => [...sensors.filter((sensor) => sensor.id !== saved.id), saved], { revalidate: true });
  };

  const rowActions: AdminGridRowAction<Sensor>[] = [
    { key: 'open', label: (row) => t('sensors.openItem', { name: row.name }), icon: <OpenIcon />, onClick: (row) => void navigate(`/app/sensors/${encodeURIComponent(row.id)}`) },
    { key: 'edit', label: (row) => t('sensors.editItem', { name: row.name }), icon: <EditIcon />, onClick: (row) => setEditing({ mode: 'edit', sensor: row }), hidden: () => !canWrite },
  ];

  return (
    <>
      <AdminListPage<Sensor>
        title={t('sensors.title')}
        intro={<ScopeCaption scope={scope} />}
        gridId="sensors"
        list={sensors}
        columns={columns}
        emptyLabel={t('sensors.empty')}
        rowActions={rowActions}
        initialSort={[{ field: 'name', sort: 'asc' }]}
        defaultHiddenColumns={SENSOR_COLUMNS_HIDDEN_BY_DEFAULT}
        card={card}
        toolbar={<Button component={RouterLink} to="/app/sensors/inactive" variant="outlined">{t('sensors.showInactive')}</Button>}
        add={canWrite ? { label: t('sensors.add'), onClick: () => setEditing({ mode: 'add' }) } : undefined}
      />
      {editing !== null && (
        <SensorFormDialog
          key={editing.mode === 'edit' ? editing.sensor.id : 'new'}
          {...(editing.mode === 'edit' ? { sensor: editing.sensor } : { defaults: scope })}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
