import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { GatewaySensorState } from '@domain/devices/gateway';
import { useErrorText } from '../../components/useErrorText';
import { useGatewayData } from '../../api/gateways';
import { useFormatters } from '../../i18n/formatters';
import { useDateTime } from '../../i18n/useDateTime';
import { liveReadingText, sensorOnlineAt, useNow, OnlineChip, useChannelFormat } from '../sensors';
import { sensorPath } from './GatewaySensorsTab';

/** One labelled value of the gateway's live state. */
function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack sx={{ minWidth: 160 }}>
      <Typography variant="caption" color="text.secondary">{label}</Typography>
      <Typography component="div">{value}</Typography>
    </Stack>
  );
}

/**
 * The gateway's data (SPEC section 2 "data" tab): its own live state (online, last
 * communicated, signal, firmware) and the latest reading of each of its sensors, in the
 * user's unit of measure, refreshed every 30 s.
 */
export function GatewayDataTab({ gatewayId }: { gatewayId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const dateTime = useDateTime();
  const channelFormat = useChannelFormat();
  const formatters = useFormatters();
  const now = useNow();
  const data = useGatewayData(gatewayId);

  if (data.error !== undefined && data.data === undefined) {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void data.mutate()}>{t('devices.reload')}</Button>}>
        {errorText(data.error)}
      </Alert>
    );
  }
  if (data.data === undefined) return <LinearProgress />;
  const { gateway, sensors: states } = data.data;
  // Each sensor's values by its own channels and labels, and its state at the moment shown, as on its own pages (issue 17 section 1).
  const asSensor = (state: GatewaySensorState) => ({
    deviceModel: state.deviceModel ?? '',
    channels: state.channels,
    live: { ...(state.reading ? { reading: state.reading } : {}), ...(state.lastReadingAt ? { lastReadingAt: state.lastReadingAt } : {}) },
  });
  const reading = (state: GatewaySensorState) => liveReadingText(asSensor(state), channelFormat(state), now, t);

  return (
    <Stack sx={{ gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>{t('gateways.data.gateway')}</Typography>
        <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap' }}>
          <Fact label={t('gateways.fields.online')} value={<OnlineChip online={gateway.online} t={t} />} />
          <Fact label={t('gateways.fields.lastCommunicated')} value={gateway.lastCommunicated === undefined ? t('devices.never') : dateTime(gateway.lastCommunicated)} />
          <Fact label={t('gateways.fields.signal')} value={gateway.signal === undefined ? '—' : t('gateways.units.dbm', { value: gateway.signal })} />
          <Fact label={t('gateways.fields.firmware')} value={gateway.firmware ?? '—'} />
        </Stack>
      </Paper>
      <Typography variant="subtitle1" component="h2">{t('gateways.data.sensors')}</Typography>
      {states.length === 0 ? (
        <Typography color="text.secondary">{t('gateways.sensors.empty')}</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('gateways.data.sensors')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('gateways.sensors.name')}</TableCell>
                <TableCell>{t('gateways.data.reading')}</TableCell>
                <TableCell>{t('gateways.data.readingAt')}</TableCell>
                <TableCell align="right">{t('gateways.sensors.battery')}</TableCell>
                <TableCell align="right">{t('gateways.sensors.signal')}</TableCell>
                <TableCell align="right">{t('gateways.data.snr')}</TableCell>
                <TableCell>{t('gateways.sensors.online')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {states.map((state) => (
                <TableRow key={state.id}>
                  <TableCell><Link component={RouterLink} to={sensorPath(state.id)}>{state.name}</Link></TableCell>
                  <TableCell>{reading(state) || '—'}</TableCell>
                  <TableCell>{state.lastReadingAt === undefined ? t('devices.never') : dateTime(state.lastReadingAt)}</TableCell>
                  <TableCell align="right">{state.battery === undefined ? '' : t('gateways.units.percent', { value: state.battery })}</TableCell>
                  <TableCell align="right">{state.signal === undefined ? '' : t('gateways.units.dbm', { value: state.signal })}</TableCell>
                  <TableCell align="right">{state.snr === undefined ? '' : t('gateways.units.db', { value: formatters.number(state.snr) })}</TableCell>
                  <TableCell><OnlineChip online={sensorOnlineAt(asSensor(state), now)} t={t} /></TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
