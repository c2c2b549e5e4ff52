import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { Link as RouterLink } from 'react-router-dom';
import { sensorModel } from '@domain/devices/device-catalogue';
import type { DeviceStatus, Sensor } from '@domain/devices/sensor';
import { SignalStrength } from '../alarms';
import { liveReadingText, sensorOnlineAt } from './liveReading';
import type { ChannelFormat } from '../../i18n/readingUnits';
import type { SensorLookups } from '../../api/useSensorLookups';

/** The catalogue key of a device status (SPEC section 4: Active, Inactive, In transit). */
export function statusKey(status: DeviceStatus): 'sensors.status.Active' | 'sensors.status.Inactive' | 'sensors.status.InTransit' {
  switch (status) {
    case 'active': return 'sensors.status.Active';
    case 'inactive': return 'sensors.status.Inactive';
    case 'inTransit': return 'sensors.status.InTransit';
  }
}

/** The open/close labels a sensor shows its contact channel with: its own, or the default ones in the user's language. */
export function contactLabelsOf(sensor: Pick<Sensor, 'openLabel' | 'closeLabel'>, t: TFunction) {
  return { open: sensor.openLabel ?? t('devices.contactDefaults.open'), close: sensor.closeLabel ?? t('devices.contactDefaults.close') };
}

export function OnlineChip({ online, t }: { online: boolean; t: TFunction }) {
  return <Chip size="small" variant="outlined" color={online ? 'success' : 'default'} label={t(online ? 'devices.online' : 'devices.offline')} />;
}

/** A sensor's count of active alarms, linking to its Alarms tab; nothing when it has none. */
export function ActiveAlarmCount({ sensor, count, t }: { sensor: Pick<Sensor, 'id' | 'name'>; count: number; t: TFunction }) {
  if (count === 0) return null;
  return (
    <Chip
      size="small"
      color="error"
      clickable
      component={RouterLink}
      to={`/app/sensors/${encodeURIComponent(sensor.id)}?tab=alarms`}
      label={count}
      aria-label={t('alarms.sensorActiveCount', { count, name: sensor.name })}
    />
  );
}

/**
 * The sensor list's columns a manager needs less: hidden until shown in the column settings, so
 * name, alarms, site, connection, last reading (and its time) and battery fit 1366 px (issue 17 item 5).
 */
export const SENSOR_COLUMNS_HIDDEN_BY_DEFAULT: readonly string[] = ['id', 'deviceModel', 'locationId', 'gatewayId', 'deviceStatus', 'signal', 'lastCommunicated'];

/**
 * The sensor list's columns (SPEC section 2: list with column settings); with `activeAlarms`
 * (the alarm summary's count by device) a column of each sensor's active alarms.
 */
export function sensorColumns(
  t: TFunction,
  lookups: SensorLookups,
  channelFormat: (sensor: Sensor) => ChannelFormat,
  /** The moment the list is shown (moving on while it is): what online and a value's age are judged at. */
  now: number,
  dateTime: (iso: string | undefined) => string,
  activeAlarms?: Readonly<Record<string, number>>,
): GridColDef<Sensor>[] {
  const alarmColumn: GridColDef<Sensor>[] = activeAlarms === undefined ? [] : [{
    field: 'activeAlarms',
    headerName: t('alarms.columns.activeAlarms'),
    width: 110,
    type: 'number',
    valueGetter: (_value, row) => activeAlarms[row.id] ?? 0,
    renderCell: ({ row }) => <ActiveAlarmCount sensor={row} count={activeAlarms[row.id] ?? 0} t={t} />,
  }];
  return [
    {
      field: 'name',
      headerName: t('sensors.columns.name'),
      flex: 1,
      minWidth: 160,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={`/app/sensors/${encodeURIComponent(row.id)}`}>{row.name}</Link>
      ),
    },
    ...alarmColumn,
    { field: 'id', headerName: t('sensors.columns.id'), width: 170 },
    { field: 'deviceModel', headerName: t('sensors.columns.model'), width: 120, valueGetter: (_value, row) => sensorModel(row.deviceModel)?.code ?? row.deviceModel },
    { field: 'siteId', headerName: t('sensors.columns.site'), width: 130, valueGetter: (_value, row) => lookups.siteName(row.siteId) },
    { field: 'locationId', headerName: t('sensors.columns.location'), width: 150, valueGetter: (_value, row) => lookups.locationName(row.locationId) },
    { field: 'gatewayId', headerName: t('sensors.columns.gateway'), width: 150, valueGetter: (_value, row) => lookups.gatewayName(row.gatewayId) },
    { field: 'deviceStatus', headerName: t('sensors.columns.status'), width: 110, valueGetter: (_value, row) => t(statusKey(row.deviceStatus)) },
    {
      field: 'online',
      headerName: t('sensors.columns.connectivity'),
      width: 110,
      valueGetter: (_value, row) => t(sensorOnlineAt(row, now) ? 'devices.online' : 'devices.offline'),
      renderCell: ({ row }) => <OnlineChip online={sensorOnlineAt(row, now)} t={t} />,
    },
    {
      field: 'reading',
      headerName: t('sensors.columns.reading'),
      flex: 1,
      minWidth: 150,
      // A stale value with its age ("18.9 °C · 1 h 17 min ago").
      valueGetter: (_value, row) => liveReadingText(row, channelFormat(row), now, t),
    },
    {
      // The value's own time beside it (issue 17 item 3).
      field: 'lastReadingAt',
      headerName: t('sensors.columns.lastReadingAt'),
      width: 150,
      valueGetter: (_value, row) => row.live.lastReadingAt ?? '',
      valueFormatter: (value: string) => dateTime(value),
    },
    { field: 'battery', headerName: t('sensors.columns.battery'), width: 90, type: 'number', valueGetter: (_value, row) => row.live.battery ?? null, valueFormatter: (value: number | null) => (value === null ? '' : `${value} %`) },
    {
      field: 'signal',
      headerName: t('sensors.columns.signal'),
      width: 110,
      type: 'number',
      valueGetter: (_value, row) => row.live.signal ?? null,
      valueFormatter: (value: number | null) => (value === null ? '' : `${value} dBm`),
      // Coloured by the band the Alarms page's signal-strength legend explains.
      renderCell: ({ row }) => (row.live.signal === undefined ? '' : <SignalStrength dbm={row.live.signal} />),
    },
    {
      field: 'lastCommunicated',
      headerName: t('sensors.columns.lastCommunicated'),
      width: 180,
      valueGetter: (_value, row) => row.live.lastCommunicated ?? '',
      valueFormatter: (value: string) => dateTime(value),
    },
  ];
}
