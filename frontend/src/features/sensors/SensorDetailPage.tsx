import { useState, type ReactNode } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrowOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { ORGANISATION_WRITERS } from '@domain/identity/roles';
import type { Sensor, SensorDisableInput, SensorEnableInput, SensorInput } from '@domain/devices/sensor';
import { ApiError } from '../../api/ApiError';
import { useErrorText } from '../../components/useErrorText';
import { cancelScheduledChange, deleteSensor, disableSensor, enableSensor, isSensorListKey, updateSensor, useSensor } from '../../api/sensors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useCurrentUser } from '../../session/useAuth';
import { DeviceCommandsTab, DeviceDetailHeader, DeviceTabs, useDeviceTab, DeviceFilesTab, DeviceHistoryTab, DeviceNotesTab } from '../devices';
import { useDateTime } from '../../i18n/useDateTime';
import { DisableSensorDialog, EnableSensorDialog } from './DisableSensorDialog';
import { SensorAlarmsTab } from './SensorAlarmsTab';
import { SensorCalibrationsTab } from './SensorCalibrationsTab';
import { liveReadingText, sensorOnlineAt, useNow } from './liveReading';
import { OnlineChip, statusKey } from './sensorColumns';
import { SensorDataTab } from './SensorDataTab';
import { SensorDetailsTab } from './SensorDetailsTab';
import { SensorEquipmentTab } from './SensorEquipmentTab';
import { SensorFormDialog } from './SensorFormDialog';
import { useChannelFormat } from './useChannelFormat';

/** SPEC section 2: the sensor detail tabs, in the spec's order. */
export const SENSOR_TABS = ['data', 'details', 'alarms', 'notes', 'files', 'calibrations', 'commands', 'equipment', 'history'] as const;
export type SensorTab = (typeof SENSOR_TABS)[number];

type Dialog = 'edit' | 'disable' | 'enable' | null;

/**
 * A sensor (SPEC section 2; issue 5 section 3): its name, state and online/offline, the
 * administrators' actions (edit, disable or enable now or scheduled, delete) and its tabs.
 * The tab is kept in the address (`?tab=`), so a tab can be linked and reloaded.
 */
export default function SensorDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const { mutate: mutateKey } = useSWRConfig();
  const navigate = useNavigate();
  const dateTime = useDateTime();
  const user = useCurrentUser();
  const canWrite = user.role !== null && ORGANISATION_WRITERS.includes(user.role);
  const [tab, openTab] = useDeviceTab<SensorTab>(SENSOR_TABS, 'data');
  const { data: sensor, error, isLoading, mutate } = useSensor(id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const channelFormat = useChannelFormat();
  const now = useNow();

  const changed = async (saved: Sensor) => {
    await mutate(saved, { revalidate: false });
    await mutateKey(isSensorListKey);
  };

  if (error !== undefined && sensor === undefined) {
    return (
      <Stack sx={{ gap: 2 }}>
        <BackLink />
        <Alert severity="error">{error instanceof ApiError && error.status === 404 ? t('sensors.notFound') : errorText(error)}</Alert>
      </Stack>
    );
  }
  if (sensor === undefined) return isLoading ? <LinearProgress /> : null;

  const save = async (input: SensorInput) => {
    const saved = await updateSensor(sensor.id, input);
    enqueueSnackbar(t('sensors.updated', { name: saved.name }), { variant: 'success' });
    setDialog(null);
    await changed(saved);
  };

  const disable = async (input: SensorDisableInput) => {
    const saved = await disableSensor(sensor.id, input);
    const scheduled = saved.scheduledChanges.find((change) => change.action === 'disable');
    enqueueSnackbar(
      saved.disabled || scheduled === undefined ? t('sensors.disabled', { name: saved.name }) : t('sensors.disableScheduled', { name: saved.name, date: dateTime(scheduled.at) }),
      { variant: 'success' },
    );
    setDialog(null);
    await changed(saved);
  };

  const enable = async (input: SensorEnableInput) => {
    const saved = await enableSensor(sensor.id, input);
    enqueueSnackbar(t('sensors.enabled', { name: saved.name }), { variant: 'success' });
    setDialog(null);
    await changed(saved);
  };

  const cancelChange = async (changeId: string) => {
    try {
      await changed(await cancelScheduledChange(sensor.id, changeId));
    } catch (failure) {
      enqueueSnackbar(errorText(failure), { variant: 'error' });
    }
  };

  const confirmDelete = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      await deleteSensor(sensor.id);
      enqueueSnackbar(t('sensors.deleted', { name: sensor.name }), { variant: 'success' });
      await mutateKey(isSensorListKey);
      void navigate('/app/sensors');
    } catch (failure) {
      // SPEC section 8: refused while the sensor has notes.
      setRefusal(errorText(failure));
    } finally {
      setBusy(false);
      setDeleteOpen(false);
    }
  };

  const panels: Record<SensorTab, () => ReactNode> = {
    data: () => <SensorDataTab sensor={sensor} />,
    details: () => <SensorDetailsTab sensor={sensor} />,
    alarms: () => <SensorAlarmsTab sensor={sensor} />,
    notes: () => <DeviceNotesTab kind="sensors" id={sensor.id} canWrite={canWrite} />,
    files: () => <DeviceFilesTab kind="sensors" id={sensor.id} canWrite={canWrite} />,
    calibrations: () => <SensorCalibrationsTab sensor={sensor} canWrite={canWrite} />,
    commands: () => <DeviceCommandsTab kind="sensors" id={sensor.id} canWrite={canWrite} connectionType={sensor.connectionType} />,
    equipment: () => <SensorEquipmentTab sensor={sensor} canWrite={canWrite} />,
    history: () => <DeviceHistoryTab kind="sensors" id={sensor.id} />,
  };

  return (
    <Stack sx={{ gap: 2 }}>
      <BackLink />
      <DeviceDetailHeader
        name={sensor.name}
        id={sensor.id}
        chips={(
          <>
            <Chip size="small" label={t(statusKey(sensor.deviceStatus))} color={sensor.deviceStatus === 'active' ? 'primary' : 'default'} />
            <OnlineChip online={sensorOnlineAt(sensor, now)} t={t} />
            <LiveReadingChip text={liveReadingText(sensor, channelFormat(sensor), now, t)} />
            {sensor.disabled && <Chip size="small" color="warning" label={t('sensors.disabledChip')} />}
          </>
        )}
        actions={canWrite && (
          <>
            <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setDialog('edit')}>{t('sensors.edit')}</Button>
            {sensor.disabled
              ? <Button variant="outlined" startIcon={<PlayArrowIcon />} onClick={() => setDialog('enable')}>{t('sensors.disable.enableButton')}</Button>
              : <Button variant="outlined" color="warning" startIcon={<BlockIcon />} onClick={() => setDialog('disable')}>{t('sensors.disable.button')}</Button>}
            <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => setDeleteOpen(true)}>{t('devices.delete')}</Button>
          </>
        )}
      />
      {sensor.scheduledChanges.map((change) => (
        <Alert
          key={change.id}
          severity="info"
          action={canWrite && <Button color="inherit" size="small" onClick={() => void cancelChange(change.id)}>{t('sensors.disable.cancelScheduled')}</Button>}
        >
          {t(change.action === 'disable' ? 'sensors.disable.scheduledInfo' : 'sensors.disable.scheduledEnableInfo', { date: dateTime(change.at) })}
        </Alert>
      ))}
      {refusal !== null && <Alert severity="error" onClose={() => setRefusal(null)}>{refusal}</Alert>}
      <DeviceTabs tabs={SENSOR_TABS} tab={tab} onChange={openTab} label={t('sensors.tabs.label')} tabLabel={(name) => t(`sensors.tabs.${name}`)} idPrefix="sensor">
        {panels[tab]()}
      </DeviceTabs>
      {dialog === 'edit' && <SensorFormDialog sensor={sensor} onSave={save} onClose={() => setDialog(null)} />}
      {dialog === 'disable' && <DisableSensorDialog sensor={sensor} by={user.email} onDisable={disable} onClose={() => setDialog(null)} />}
      {dialog === 'enable' && <EnableSensorDialog sensor={sensor} onEnable={enable} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={deleteOpen}
        title={t('sensors.deleteTitle')}
        message={t('sensors.deleteConfirm', { name: sensor.name })}
        confirmLabel={t('devices.delete')}
        cancelLabel={t('devices.cancel')}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleteOpen(false)}
      />
    </Stack>
  );
}

/** The sensor's newest values beside its state, with their age once stale; nothing before its first reading. */
function LiveReadingChip({ text }: { text: string }) {
  if (text === '') return null;
  return <Chip size="small" variant="outlined" label={text} />;
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Box>
      <Button component={RouterLink} to="/app/sensors" startIcon={<ArrowBackIcon />}>{t('sensors.backToList')}</Button>
    </Box>
  );
}
