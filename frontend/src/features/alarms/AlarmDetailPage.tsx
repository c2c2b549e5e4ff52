import { useMemo, type ReactNode } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckIcon from '@mui/icons-material/TaskAlt';
import SnoozeIcon from '@mui/icons-material/Snooze';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { alarmEventDetailCode, type Alarm, type AlarmEvent } from '@domain/alarms/alarm';
import { ALARM_TYPE_CATALOGUE } from '@domain/alarms/alarm-types';
import { useAlarm } from '../../api/alarms';
import { useAlarmProfiles } from '../../api/alarmProfiles';
import { useGraphData } from '../../api/telemetry';
import { useClientState } from '../../session/clientState';
import { useErrorText } from '../../components/useErrorText';
import { useDateTime } from '../../i18n/useDateTime';
import { SensorChart, graphChannels } from '../sensors';
import { useSensorLookups } from '../../api/useSensorLookups';
import { AlarmStateChip, AlarmTypeLabel } from './AlarmLegend';
import { AlarmNotifications } from './AlarmNotifications';
import { alarmState, mayAcknowledge, maySnooze } from './alarmPresentation';
import { useAlarmValueText } from './useAlarmValueText';
import { useAlarmActions } from './useAlarmActions';

const HOUR_MS = 60 * 60 * 1000;
/** The chart shows the readings from two hours before the alarm began to an hour after it cleared (or now). */
const BEFORE_MS = 2 * HOUR_MS;
const AFTER_MS = HOUR_MS;

/** The readings around a sensor's alarm, with the profile's limits drawn. */
function AlarmReadings({ alarm }: { alarm: Alarm }) {
  const { t } = useTranslation();
  const { uom } = useClientState();
  const errorText = useErrorText();
  const profiles = useAlarmProfiles();
  // The window is fixed while the page is open (an ongoing alarm's end moves with the 30 s refresh of the alarm itself).
  const span = useMemo(() => {
    const start = Date.parse(alarm.startedAt) - BEFORE_MS;
    const end = Math.min(Date.now(), (alarm.clearedAt === undefined ? Date.now() : Date.parse(alarm.clearedAt)) + AFTER_MS);
    return { start: new Date(start), end: new Date(Math.max(end, start + HOUR_MS)) };
  }, [alarm.clearedAt, alarm.startedAt]);
  const graph = useGraphData({ sensorId: alarm.deviceId, start: span.start, end: span.end, refreshMs: 0 });
  const channels = useMemo(
    () => graphChannels(graph.data).filter((channel) => alarm.channel === undefined || channel.channel === alarm.channel),
    [alarm.channel, graph.data],
  );
  const profile = profiles.data?.find((candidate) => candidate.id === alarm.profileId);
  const limitUnit = profile?.measurement === 'humidity' ? '%RH' as const : 'C' as const;
  const limits = alarm.type !== 'threshold' || profile === undefined ? [] : [
    ...(profile.min === undefined ? [] : [{ value: profile.min, unit: limitUnit, label: t('alarms.detail.minLimit') }]),
    ...(profile.max === undefined ? [] : [{ value: profile.max, unit: limitUnit, label: t('alarms.detail.maxLimit') }]),
  ];
  return (
    <Paper variant="outlined" sx={{ p: 1 }}>
      {graph.isLoading && <LinearProgress />}
      {graph.error !== undefined && <Alert severity="error">{errorText(graph.error)}</Alert>}
      {graph.data !== undefined && (
        <SensorChart
          channels={channels}
          uom={uom}
          contactLabels={{ open: t('devices.contactDefaults.open'), close: t('devices.contactDefaults.close') }}
          window={span}
          limits={limits}
          marks={[
            { at: new Date(alarm.startedAt), label: t('alarms.detail.startMark') },
            ...(alarm.clearedAt === undefined ? [] : [{ at: new Date(alarm.clearedAt), label: t('alarms.detail.clearedMark') }]),
          ]}
          height={280}
        />
      )}
    </Paper>
  );
}

function Timeline({ alarm, events }: { alarm: Alarm; events: readonly AlarmEvent[] }) {
  const { t } = useTranslation();
  const valueOf = useAlarmValueText();
  const dateTime = useDateTime('medium');
  const known = ['raised', 'returned', 'cleared', 'acknowledged', 'snoozed'];
  // The engine's reasons are codes, translated; people's words (an acknowledgement's reason) are shown as typed.
  const detailText = (event: AlarmEvent) => {
    if (event.detail === undefined) return undefined;
    if (event.kind === 'snoozed') return t('alarms.detail.until', { time: dateTime(event.detail) });
    const code = alarmEventDetailCode(event);
    return code === undefined ? event.detail : t(`alarms.detail.eventDetails.${code}`);
  };
  return (
    <Box component="ol" aria-label={t('alarms.detail.timeline')} sx={{ m: 0, pl: 0, listStyle: 'none', borderLeft: 2, borderColor: 'divider' }}>
      {events.map((event, index) => (
        <Box component="li" key={`${event.at}-${event.kind}-${String(index)}`} sx={{ pl: 2, pb: 1.5, position: 'relative' }}>
          <Typography variant="body2" color="text.secondary">{dateTime(event.at)}</Typography>
          <Typography variant="body1">
            {known.includes(event.kind) ? t(`alarms.detail.events.${event.kind as 'raised'}`) : event.kind}
            {event.value !== undefined && event.value !== null ? ` · ${valueOf(alarm, event.value)}` : ''}
          </Typography>
          {(event.by !== undefined || event.detail !== undefined) && (
            <Typography variant="body2" color="text.secondary">
              {[event.by, detailText(event)].filter(Boolean).join(' · ')}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}

/** One fact of the alarm: its name, and its value (left out when it has none). */
function Fact({ label, value }: { label: string; value: ReactNode }) {
  if (value === undefined || value === null || value === '') return null;
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">{label}</Typography>
      <Typography component="dd" sx={{ m: 0 }}>{value}</Typography>
    </Box>
  );
}

/**
 * An alarm (`/app/alarms/:id`): what, where and when, who acknowledged it and why, its
 * timeline and its messages, and for a sensor the readings around it with the profile's limits drawn.
 */
export default function AlarmDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams<{ id: string }>();
  const errorText = useErrorText();
  const dateTime = useDateTime('medium');
  const lookups = useSensorLookups();
  const alarm = useAlarm(id);
  const actions = useAlarmActions();
  const valueOf = useAlarmValueText();
  const back = <Link component={RouterLink} to="/app/alarms" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}><ArrowBackIcon fontSize="small" />{t('alarms.detail.back')}</Link>;

  if (alarm.error !== undefined) return <Stack sx={{ gap: 2 }}>{back}<Alert severity="error">{errorText(alarm.error)}</Alert></Stack>;
  if (alarm.data === undefined) return <LinearProgress />;
  const shown = alarm.data;
  const name = shown.deviceName || shown.deviceId;

  return (
    <Stack sx={{ gap: 2 }}>
      {back}
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <Box>
          <Typography variant="h5" component="h1">{t('alarms.detail.title', { type: t(ALARM_TYPE_CATALOGUE[shown.type].labelKey), name })}</Typography>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
            <AlarmTypeLabel type={shown.type} />
            <AlarmStateChip state={alarmState(shown)} />
          </Stack>
        </Box>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {mayAcknowledge(shown) && <Button variant="contained" startIcon={<CheckIcon />} onClick={() => actions.acknowledge([shown.id])}>{t('alarms.actions.acknowledge')}</Button>}
          {maySnooze(shown) && <Button variant="outlined" startIcon={<SnoozeIcon />} onClick={() => actions.snooze(shown)}>{t('alarms.actions.snooze')}</Button>}
        </Stack>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          {shown.deviceKind === 'checklist'
            ? <Fact label={t('alarms.detail.checklist')} value={<Link component={RouterLink} to={`/app/haccp/fill/${encodeURIComponent(shown.deviceId)}`}>{name}</Link>} />
            : <Fact label={t('alarms.detail.device')} value={shown.deviceKind === 'sensor' ? `${name} (${shown.deviceId})` : t('alarms.detail.gateway', { name })} />}
          <Fact label={t('alarms.detail.channel')} value={shown.channel} />
          <Fact label={t('alarms.columns.site')} value={lookups.siteName(shown.siteId)} />
          <Fact label={t('alarms.columns.location')} value={shown.locationId === undefined ? undefined : lookups.locationName(shown.locationId)} />
          <Fact label={t('alarms.columns.startedAt')} value={dateTime(shown.startedAt)} />
          <Fact label={t('alarms.detail.raisedAt')} value={dateTime(shown.raisedAt)} />
          <Fact label={t('alarms.columns.clearedAt')} value={dateTime(shown.clearedAt)} />
          <Fact label={t('alarms.columns.worstValue')} value={shown.worstValue === null ? undefined : `${valueOf(shown, shown.worstValue)} · ${dateTime(shown.worstAt)}`} />
          <Fact label={t('alarms.columns.lastValue')} value={shown.lastValue === null ? undefined : valueOf(shown, shown.lastValue)} />
          <Fact label={t('alarms.columns.acknowledgedBy')} value={shown.acknowledgedBy === undefined ? undefined : `${shown.acknowledgedBy} · ${dateTime(shown.acknowledgedAt)}`} />
          <Fact label={t('alarms.columns.reason')} value={shown.acknowledgeReason} />
          <Fact label={t('alarms.acknowledge.correctiveAction')} value={shown.correctiveAction} />
          <Fact label={t('alarms.detail.snoozedUntil')} value={shown.snoozedUntil === undefined ? undefined : t('alarms.detail.snoozeCount', { time: dateTime(shown.snoozedUntil), count: shown.snoozeCount })} />
        </Box>
      </Paper>
      {shown.deviceKind === 'sensor' && (
        <>
          <Typography variant="h6" component="h2">{t('alarms.detail.readings')}</Typography>
          <AlarmReadings alarm={shown} />
        </>
      )}
      <Typography variant="h6" component="h2">{t('alarms.detail.timeline')}</Typography>
      <Timeline alarm={shown} events={shown.timeline} />
      <Typography variant="h6" component="h2">{t('notifications.title')}</Typography>
      <AlarmNotifications alarmId={shown.id} />
      {actions.dialog}
    </Stack>
  );
}
