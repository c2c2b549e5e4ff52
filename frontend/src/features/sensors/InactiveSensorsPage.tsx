import { useMemo, useState } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import OpenIcon from '@mui/icons-material/OpenInNew';
import PlayArrowIcon from '@mui/icons-material/PlayArrowOutlined';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { ORGANISATION_WRITERS } from '@domain/identity/roles';
import type { Sensor, SensorEnableInput } from '@domain/devices/sensor';
import { useErrorText } from '../../components/useErrorText';
import { enableSensor, isSensorListKey, setSensorStatus, useSensors } from '../../api/sensors';
import type { AdminGridRowAction } from '../../components/AdminGrid';
import { AdminListPage } from '../../components/AdminListPage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useCurrentUser } from '../../session/useAuth';
import { useDateTime } from '../../i18n/useDateTime';
import { EnableSensorDialog } from './DisableSensorDialog';
import { useNow } from './liveReading';
import { sensorColumns } from './sensorColumns';
import { ScopeCaption, useSelectedScope } from './SensorsPage';
import { useChannelFormat } from './useChannelFormat';
import { useSensorLookups } from '../../api/useSensorLookups';

/**
 * Inactive sensors (SPEC section 2): sensors with status Inactive, or disabled, with when,
 * by whom and why; administrators enable them again (a disabled one now or scheduled).
 */
export default function InactiveSensorsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const { mutate: mutateKey } = useSWRConfig();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const channelFormat = useChannelFormat();
  const now = useNow();
  const canWrite = user.role !== null && ORGANISATION_WRITERS.includes(user.role);
  const scope = useSelectedScope();
  const sensors = useSensors({ list: 'inactive', ...scope });
  const { mutate } = sensors;
  const lookups = useSensorLookups();
  const dateTime = useDateTime();
  const [enabling, setEnabling] = useState<Sensor | null>(null);
  const [busy, setBusy] = useState(false);

  const columns = useMemo<GridColDef<Sensor>[]>(() => [
    ...sensorColumns(t, lookups, channelFormat, now, dateTime),
    { field: 'disabledOn', headerName: t('sensors.columns.disabledOn'), width: 170, valueGetter: (_value, row) => row.disable?.disabledOn ?? '', valueFormatter: (value: string) => dateTime(value) },
    { field: 'disabledBy', headerName: t('sensors.columns.disabledBy'), width: 190, valueGetter: (_value, row) => row.disable?.disabledBy ?? '' },
    { field: 'disableReason', headerName: t('sensors.columns.disableReason'), flex: 1, minWidth: 160, valueGetter: (_value, row) => row.disable?.reason ?? '' },
    { field: 'enableOn', headerName: t('sensors.columns.enableOn'), width: 170, valueGetter: (_value, row) => row.disable?.enableOn ?? '', valueFormatter: (value: string) => dateTime(value) },
  ], [channelFormat, dateTime, lookups, now, t]);

  const enabled = async (saved: Sensor) => {
    enqueueSnackbar(t('sensors.enabled', { name: saved.name }), { variant: 'success' });
    setEnabling(null);
    await mutate();
    await mutateKey(isSensorListKey);
  };

  const enableDisabled = async (input: SensorEnableInput) => {
    if (enabling === null) return;
    const saved = await enableSensor(enabling.id, input);
    if (saved.disabled) {
      // Scheduled: it stays in this list until its time.
      setEnabling(null);
      await mutate();
      return;
    }
    await enabled(saved);
  };

  const activate = async () => {
    if (enabling === null) return;
    setBusy(true);
    try {
      await enabled(await setSensorStatus(enabling.id, 'active'));
    } catch (failure) {
      enqueueSnackbar(errorText(failure), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const rowActions: AdminGridRowAction<Sensor>[] = [
    { key: 'open', label: (row) => t('sensors.openItem', { name: row.name }), icon: <OpenIcon />, onClick: (row) => void navigate(`/app/sensors/${encodeURIComponent(row.id)}`) },
    { key: 'enable', label: (row) => t('sensors.enableItem', { name: row.name }), icon: <PlayArrowIcon />, onClick: (row) => setEnabling(row), hidden: () => !canWrite },
  ];

  return (
    <>
      <AdminListPage<Sensor>
        title={t('sensors.inactiveTitle')}
        above={<Button component={RouterLink} to="/app/sensors" startIcon={<ArrowBackIcon />}>{t('sensors.backToList')}</Button>}
        intro={<ScopeCaption scope={scope} />}
        gridId="inactive-sensors"
        list={sensors}
        columns={columns}
        emptyLabel={t('sensors.inactiveEmpty')}
        rowActions={rowActions}
        initialSort={[{ field: 'name', sort: 'asc' }]}
      />
      {enabling !== null && enabling.disabled && (
        <EnableSensorDialog sensor={enabling} onEnable={enableDisabled} onClose={() => setEnabling(null)} />
      )}
      <ConfirmDialog
        open={enabling !== null && !enabling.disabled}
        title={t('sensors.disable.enableTitle')}
        message={enabling === null ? '' : t('sensors.disable.enableConfirm', { name: enabling.name })}
        confirmLabel={t('sensors.disable.enableButton')}
        cancelLabel={t('devices.cancel')}
        busy={busy}
        onConfirm={() => void activate()}
        onCancel={() => setEnabling(null)}
      />
    </>
  );
}
