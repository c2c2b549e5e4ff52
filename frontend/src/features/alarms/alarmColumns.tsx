import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Alarm, AlarmStatus } from '@domain/alarms/alarm';
import { ALARM_TYPE_CATALOGUE } from '@domain/alarms/alarm-types';
import type { SensorLookups } from '../../api/useSensorLookups';
import { alarmState } from './alarmPresentation';
import type { AlarmValueText } from './useAlarmValueText';
import { AlarmStateChip, AlarmTypeLabel } from './AlarmLegend';

export const alarmPath = (id: string) => `/app/alarms/${encodeURIComponent(id)}`;

/** The alarm lists' columns (Alarms page, a sensor's Alarms tab); an active list's leave out who acknowledged and why. */
export function alarmColumns(
  t: TFunction,
  lookups: Pick<SensorLookups, 'siteName' | 'locationName'>,
  dateTime: (iso: string | undefined) => string,
  valueOf: AlarmValueText,
  status?: AlarmStatus,
): GridColDef<Alarm>[] {
  // Who acknowledged and why are history's; an active alarm's state chip says whether it is acknowledged.
  const acknowledgement: GridColDef<Alarm>[] = status === 'active' ? [] : [
    { field: 'acknowledgedBy', headerName: t('alarms.columns.acknowledgedBy'), width: 190, valueGetter: (_value, row) => row.acknowledgedBy ?? '' },
    { field: 'acknowledgeReason', headerName: t('alarms.columns.reason'), width: 200, valueGetter: (_value, row) => row.acknowledgeReason ?? '' },
  ];
  return [
    {
      field: 'type',
      headerName: t('alarms.columns.type'),
      width: 230,
      valueGetter: (_value, row) => t(ALARM_TYPE_CATALOGUE[row.type].labelKey),
      renderCell: ({ row }) => <AlarmTypeLabel type={row.type} />,
    },
    {
      field: 'deviceName',
      headerName: t('alarms.columns.device'),
      flex: 1,
      minWidth: 170,
      valueGetter: (_value, row) => row.deviceName || row.deviceId,
      renderCell: ({ row }) => <Link component={RouterLink} to={alarmPath(row.id)}>{row.deviceName || row.deviceId}</Link>,
    },
    {
      field: 'state',
      headerName: t('alarms.columns.state'),
      width: 200,
      valueGetter: (_value, row) => t(`alarms.states.${alarmState(row)}`),
      renderCell: ({ row }) => <AlarmStateChip state={alarmState(row)} />,
    },
    { field: 'siteId', headerName: t('alarms.columns.site'), width: 150, valueGetter: (_value, row) => lookups.siteName(row.siteId) },
    { field: 'locationId', headerName: t('alarms.columns.location'), width: 150, valueGetter: (_value, row) => (row.locationId === undefined ? '' : lookups.locationName(row.locationId)) },
    { field: 'startedAt', headerName: t('alarms.columns.startedAt'), width: 180, valueFormatter: (value: string) => dateTime(value) },
    { field: 'clearedAt', headerName: t('alarms.columns.clearedAt'), width: 180, valueGetter: (_value, row) => row.clearedAt ?? '', valueFormatter: (value: string) => dateTime(value) },
    { field: 'worstValue', headerName: t('alarms.columns.worstValue'), width: 120, type: 'number', valueFormatter: (value: number | null, row) => valueOf(row, value) },
    { field: 'lastValue', headerName: t('alarms.columns.lastValue'), width: 120, type: 'number', valueFormatter: (value: number | null, row) => valueOf(row, value) },
    ...acknowledgement,
  ];
}
