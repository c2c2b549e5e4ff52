import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { TFunction } from 'i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Sensor } from '@domain/devices/sensor';
import type { AdminGridCard } from '../../components/AdminGridCards';
import { liveReadingText, sensorOnlineAt } from './liveReading';
import type { ChannelFormat } from '../../i18n/readingUnits';
import { ActiveAlarmCount, OnlineChip } from './sensorColumns';

/**
 * A sensor on a phone (issue 17 item 6): its name, its last reading with the reading's time, its
 * connection, and its count of active alarms as the grid's Alarms column shows it (none when it has none).
 */
export function sensorCard(
  t: TFunction,
  channelFormat: (sensor: Sensor) => ChannelFormat,
  /** The moment the list is shown: what online and a value's age are judged at. */
  now: number,
  dateTime: (iso: string | undefined) => string,
  /** The alarm summary's count of active alarms by device. */
  activeAlarms: Readonly<Record<string, number>>,
): (sensor: Sensor) => AdminGridCard {
  return (sensor) => ({
    title: <Link component={RouterLink} to={`/app/sensors/${encodeURIComponent(sensor.id)}`}>{sensor.name}</Link>,
    value: liveReadingText(sensor, channelFormat(sensor), now, t),
    time: dateTime(sensor.live.lastReadingAt ?? sensor.live.lastCommunicated),
    state: (
      <Stack direction="row" sx={{ gap: 1 }}>
        <OnlineChip online={sensorOnlineAt(sensor, now)} t={t} />
        <ActiveAlarmCount sensor={sensor} count={activeAlarms[sensor.id] ?? 0} t={t} />
      </Stack>
    ),
  });
}
