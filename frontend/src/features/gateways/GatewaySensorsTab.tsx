import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { sensorModel } from '@domain/devices/device-catalogue';
import type { GatewaySensorState } from '@domain/devices/gateway';
import { useErrorText } from '../../components/useErrorText';
import { useGatewayData, useGatewaySensors } from '../../api/gateways';
import { useDateTime } from '../../i18n/useDateTime';
import { sensorOnlineAt, useNow, OnlineChip } from '../sensors';

export const sensorPath = (id: string) => `/app/sensors/${encodeURIComponent(id)}`;

/** The sensors on a gateway (those the user reaches), with their live state: online, last communicated, battery, signal. */
export function GatewaySensorsTab({ gatewayId }: { gatewayId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const dateTime = useDateTime();
  const sensors = useGatewaySensors(gatewayId);
  const data = useGatewayData(gatewayId);
  // Each sensor's state at the moment shown, from its own newest reading (issue 17 item 1).
  const now = useNow();
  const states = useMemo(() => new Map<string, GatewaySensorState>((data.data?.sensors ?? []).map((state) => [state.id, state])), [data.data]);

  if (sensors.error !== undefined) {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void sensors.mutate()}>{t('devices.reload')}</Button>}>
        {errorText(sensors.error)}
      </Alert>
    );
  }
  if (sensors.data === undefined) return <LinearProgress />;
  if (sensors.data.length === 0) return <Typography color="text.secondary">{t('gateways.sensors.empty')}</Typography>;

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('gateways.tabs.sensors')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('gateways.sensors.name')}</TableCell>
            <TableCell>{t('gateways.sensors.id')}</TableCell>
            <TableCell>{t('gateways.sensors.model')}</TableCell>
            <TableCell>{t('gateways.sensors.status')}</TableCell>
            <TableCell>{t('gateways.sensors.online')}</TableCell>
            <TableCell>{t('gateways.sensors.lastCommunicated')}</TableCell>
            <TableCell align="right">{t('gateways.sensors.battery')}</TableCell>
            <TableCell align="right">{t('gateways.sensors.signal')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sensors.data.map((sensor) => {
            const state = states.get(sensor.id);
            return (
              <TableRow key={sensor.id}>
                <TableCell><Link component={RouterLink} to={sensorPath(sensor.id)}>{sensor.name}</Link></TableCell>
                <TableCell>{sensor.id}</TableCell>
                <TableCell>{sensor.deviceModel === undefined ? '' : sensorModel(sensor.deviceModel)?.name ?? sensor.deviceModel}</TableCell>
                <TableCell>{sensor.isActive === undefined ? '' : t(sensor.isActive ? 'gateways.statuses.Active' : 'gateways.statuses.Inactive')}</TableCell>
                <TableCell>{state === undefined ? '' : <OnlineChip online={sensorOnlineAt({ deviceModel: state.deviceModel ?? '', live: state }, now)} t={t} />}</TableCell>
                <TableCell>{state?.lastCommunicated === undefined ? t('devices.never') : dateTime(state.lastCommunicated)}</TableCell>
                <TableCell align="right">{state?.battery === undefined ? '' : t('gateways.units.percent', { value: state.battery })}</TableCell>
                <TableCell align="right">{state?.signal === undefined ? '' : t('gateways.units.dbm', { value: state.signal })}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
