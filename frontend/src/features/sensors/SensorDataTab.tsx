import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { channelUnit, SENSOR_TYPES, type SensorType } from '@domain/devices/device-catalogue';
import type { Sensor } from '@domain/devices/sensor';
import type { GraphData } from '@domain/telemetry/telemetry';
import { useErrorText } from '../../components/useErrorText';
import { sensorKey } from '../../api/sensors';
import { useGraphData, useReadings } from '../../api/telemetry';
import { useClientState } from '../../session/clientState';
import { useFormatters } from '../../i18n/formatters';
import { useDateTime } from '../../i18n/useDateTime';
import type { GraphChannel } from './chartData';
import {
  customRangeProblem,
  DEFAULT_RANGE,
  fromLocalInput,
  QUICK_RANGES,
  resolveRange,
  toLocalInput,
  type GraphRange,
  type QuickRange,
} from './graphRange';
import { formatChannelValue } from '../../i18n/readingUnits';
import { contactLabelsOf } from './sensorColumns';
import { useChannelFormat } from './useChannelFormat';
import { SensorChart } from './SensorChart';

/** The default window follows the clock: the chart and table are asked again every minute. */
const LIVE_REFRESH_MS = 60_000;

const isSensorType = (value: string): value is SensorType => (SENSOR_TYPES as readonly string[]).includes(value);

/** The graph call's channels, typed for the chart (a channel of a type the catalogue no longer knows is left out). */
export function graphChannels(graph: GraphData | undefined): GraphChannel[] {
  return (graph?.channels ?? []).flatMap((channel) =>
    isSensorType(channel.sensorType)
      ? [{ channel: channel.channel, sensorType: channel.sensorType, unit: channelUnit(channel.sensorType, channel.sensorSubType), points: channel.points }]
      : []);
}

export interface SensorDataTabProps {
  sensor: Sensor;
  /** Fixed chart width (tests). */
  chartWidth?: number;
}

/**
 * The data tab: the chart of the sensor's channels (last 24 hours by default, quick ranges,
 * or a picked range) and the readings of the same window, newest first.
 */
export function SensorDataTab({ sensor, chartWidth }: SensorDataTabProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const dateTime = useDateTime('medium');
  const { uom } = useClientState();
  const { mutate: mutateKey } = useSWRConfig();
  const [range, setRange] = useState<GraphRange>(DEFAULT_RANGE);
  // "Now" is taken when the range is chosen; the refresh moves it along for quick ranges.
  const [chosenAt, setChosenAt] = useState(() => Date.now());
  const span = useMemo(() => resolveRange(range, chosenAt), [chosenAt, range]);
  const [from, setFrom] = useState(() => toLocalInput(span.start));
  const [to, setTo] = useState(() => toLocalInput(span.end));
  const [rangeProblem, setRangeProblem] = useState<string | undefined>(undefined);
  const live = range.kind === 'quick' && range.quick === '24h';
  const query = { sensorId: sensor.id, start: span.start, end: span.end, refreshMs: 0 };

  // The default window ends now: every minute it moves on, and the chart and table follow.
  useEffect(() => {
    if (!live) return undefined;
    const timer = setInterval(() => setChosenAt(Date.now()), LIVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [live]);
  const graph = useGraphData(query);
  const readings = useReadings(query);
  const labels = contactLabelsOf(sensor, t);
  const format = useChannelFormat();
  const formatters = useFormatters();
  const channels = useMemo(() => graphChannels(graph.data), [graph.data]);
  const rows = (readings.data ?? []).flatMap((page) => page.items);
  const hasMore = readings.data?.at(-1)?.nextCursor !== undefined;
  const sortedChannels = [...sensor.channels].sort((a, b) => a.channel - b.channel);

  const chooseQuick = (quick: QuickRange) => {
    const now = Date.now();
    const next = resolveRange({ kind: 'quick', quick }, now);
    if (range.kind === 'quick' && range.quick === quick && next.end.getTime() === span.end.getTime()) {
      // The same window (within the minute): ask again, for readings that arrived meanwhile.
      void graph.mutate();
      void readings.mutate();
      void mutateKey(sensorKey(sensor.id));
    }
    setChosenAt(now);
    setRange({ kind: 'quick', quick });
    setFrom(toLocalInput(next.start));
    setTo(toLocalInput(next.end));
    setRangeProblem(undefined);
  };

  const applyCustom = () => {
    const start = fromLocalInput(from);
    const end = fromLocalInput(to);
    const problem = customRangeProblem(start, end);
    setRangeProblem(problem === undefined ? undefined : t(problem));
    if (problem === undefined && start !== undefined && end !== undefined) setRange({ kind: 'custom', start, end });
  };

  return (
    <Stack sx={{ gap: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: { md: 'center' } }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label={t('sensors.data.range')}
          value={range.kind === 'quick' ? range.quick : null}
          onChange={(_event, value: QuickRange | null) => {
            // Choosing the range shown again brings it up to now.
            const quick = value ?? (range.kind === 'quick' ? range.quick : null);
            if (quick !== null) chooseQuick(quick);
          }}
        >
          {(Object.keys(QUICK_RANGES) as QuickRange[]).map((quick) => (
            <ToggleButton key={quick} value={quick}>{t(`sensors.data.last${quick}`)}</ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          size="small"
          type="datetime-local"
          label={t('sensors.data.from')}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="datetime-local"
          label={t('sensors.data.to')}
          value={to}
          onChange={(event) => setTo(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button variant="outlined" onClick={applyCustom}>{t('sensors.data.apply')}</Button>
        {live && <Typography variant="body2" color="text.secondary">{t('sensors.data.autoRefresh')}</Typography>}
      </Stack>
      {rangeProblem !== undefined && <Alert severity="warning">{rangeProblem}</Alert>}
      {graph.error !== undefined && <Alert severity="error">{errorText(graph.error)}</Alert>}
      <Paper variant="outlined" sx={{ p: 1 }}>
        {graph.isLoading && <LinearProgress />}
        {graph.data?.resolution !== undefined && graph.data.resolution !== 'raw' && (
          <Typography variant="caption" color="text.secondary" sx={{ px: 1 }}>
            {graph.data.resolution === 'hour' ? t('sensors.data.hourly') : t('sensors.data.averaged', { resolution: graph.data.resolution })}
          </Typography>
        )}
        {graph.data !== undefined && (
          <SensorChart channels={channels} uom={uom} contactLabels={labels} window={span} {...(chartWidth === undefined ? {} : { width: chartWidth })} />
        )}
      </Paper>
      <Typography variant="h6" component="h2">{t('sensors.data.readings')}</Typography>
      {readings.error !== undefined && <Alert severity="error">{errorText(readings.error)}</Alert>}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('sensors.data.readings')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('sensors.data.time')}</TableCell>
              {sortedChannels.map((channel) => (
                <TableCell key={channel.channel}>
                  {t('sensors.data.seriesLabel', { channel: channel.channel, type: t(`devices.sensorTypes.${channel.sensorType}`) })}
                </TableCell>
              ))}
              <TableCell>{t('sensors.columns.battery')}</TableCell>
              <TableCell>{t('sensors.columns.signal')}</TableCell>
              <TableCell>{t('sensors.columns.snr')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.time}>
                <TableCell>{dateTime(row.time)}</TableCell>
                {sortedChannels.map((channel) => (
                  <TableCell key={channel.channel}>
                    {formatChannelValue(row.channels[String(channel.channel)], channel, format(sensor)) ?? '–'}
                  </TableCell>
                ))}
                <TableCell>{row.battery === undefined ? '' : `${row.battery} %`}</TableCell>
                <TableCell>{row.signal === undefined ? '' : `${row.signal} dBm`}</TableCell>
                <TableCell>{formatters.measure(row.snr, 'dB')}</TableCell>
              </TableRow>
            ))}
            {rows.length === 0 && !readings.isLoading && (
              <TableRow>
                <TableCell colSpan={sortedChannels.length + 4}>{t('sensors.data.noReadings')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {readings.isLoading && <LinearProgress />}
      {hasMore && (
        <Box>
          <Button onClick={() => void readings.setSize(readings.size + 1)} disabled={readings.isValidating}>{t('devices.loadMore')}</Button>
        </Box>
      )}
    </Stack>
  );
}
