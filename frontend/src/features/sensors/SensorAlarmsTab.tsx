import { useMemo, useState } from 'react';
import SnoozeIcon from '@mui/icons-material/Snooze';
import CheckIcon from '@mui/icons-material/TaskAlt';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { ALARM_STATUSES, type Alarm, type AlarmStatus } from '@domain/alarms/alarm';
import type { Sensor } from '@domain/devices/sensor';
import { useAlarms } from '../../api/alarms';
import { AdminGrid, type AdminGridRowAction } from '../../components/AdminGrid';
import { AlarmCards, alarmColumns, mayAcknowledge, maySnooze, useAlarmActions, useAlarmValueText } from '../alarms';
import { useDateTime } from '../../i18n/useDateTime';
import { useSensorLookups } from '../../api/useSensorLookups';

/** The alarms tab: the sensor's active alarms (asked again every 30 s) or its history, newest first; acknowledge and snooze as on the Alarms page. */
export function SensorAlarmsTab({ sensor }: { sensor: Pick<Sensor, 'id'> }) {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [status, setStatus] = useState<AlarmStatus>('active');
  const lookups = useSensorLookups();
  const dateTime = useDateTime();
  const alarms = useAlarms({ status, deviceId: sensor.id, deviceKind: 'sensor' });
  const valueOf = useAlarmValueText();
  const columns = useMemo(() => alarmColumns(t, lookups, dateTime, valueOf, status).filter((column) => column.field !== 'deviceName'), [dateTime, lookups, status, t, valueOf]);
  const emptyLabel = t(status === 'active' ? 'sensors.alarms.emptyActive' : 'sensors.alarms.empty');
  const actions = useAlarmActions();
  const name = (alarm: Alarm) => alarm.deviceName || alarm.deviceId;
  const rowActions: AdminGridRowAction<Alarm>[] = [
    { key: 'acknowledge', label: (row) => t('alarms.actions.acknowledgeItem', { name: name(row) }), icon: <CheckIcon />, onClick: (row) => actions.acknowledge([row.id]), hidden: (row) => !mayAcknowledge(row) },
    { key: 'snooze', label: (row) => t('alarms.actions.snoozeItem', { name: name(row) }), icon: <SnoozeIcon />, onClick: (row) => actions.snooze(row), hidden: (row) => !maySnooze(row) },
  ];
  return (
    <Stack sx={{ gap: 2 }}>
      <ToggleButtonGroup exclusive size="small" aria-label={t('alarms.tabs.label')} value={status} onChange={(_event, next: AlarmStatus | null) => { if (next !== null) setStatus(next); }}>
        {ALARM_STATUSES.map((value) => <ToggleButton key={value} value={value}>{t(`alarms.tabs.${value}`)}</ToggleButton>)}
      </ToggleButtonGroup>
      {phone ? (
        <AlarmCards
          alarms={alarms.data}
          loading={alarms.isLoading}
          error={alarms.error}
          emptyLabel={emptyLabel}
          lookups={lookups}
          dateTime={dateTime}
          onAcknowledge={(alarm) => actions.acknowledge([alarm.id])}
          onSnooze={(alarm) => actions.snooze(alarm)}
        />
      ) : (
        <AdminGrid<Alarm>
          gridId="sensor-alarms"
          label={t('sensors.tabs.alarms')}
          rows={alarms.data}
          columns={columns}
          loading={alarms.isLoading || alarms.loadingMore}
          error={alarms.error}
          onReload={() => void alarms.mutate()}
          emptyLabel={emptyLabel}
          rowActions={rowActions}
          initialSort={[{ field: 'startedAt', sort: 'desc' }]}
          actionsFirst
        />
      )}
      {actions.dialog}
    </Stack>
  );
}
