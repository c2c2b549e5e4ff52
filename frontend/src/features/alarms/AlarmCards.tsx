import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Alarm } from '@domain/alarms/alarm';
import { useErrorText } from '../../components/useErrorText';
import type { SensorLookups } from '../../api/useSensorLookups';
import { alarmPath } from './alarmColumns';
import { alarmState, mayAcknowledge, maySnooze } from './alarmPresentation';
import { useAlarmValueText } from './useAlarmValueText';
import { AlarmStateChip, AlarmTypeLabel } from './AlarmLegend';

export interface AlarmCardsProps {
  alarms: readonly Alarm[] | undefined;
  loading: boolean;
  error: unknown;
  emptyLabel: string;
  lookups: Pick<SensorLookups, 'siteName'>;
  dateTime: (iso: string | undefined) => string;
  selected?: ReadonlySet<string>;
  onSelect?(id: string, picked: boolean): void;
  onAcknowledge?(alarm: Alarm): void;
  onSnooze?(alarm: Alarm): void;
}

/** The alarm list on a phone: one card per alarm, its state, where and when, and what may be done with it. */
export function AlarmCards({ alarms, loading, error, emptyLabel, lookups, dateTime, selected, onSelect, onAcknowledge, onSnooze }: AlarmCardsProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const valueOf = useAlarmValueText();
  return (
    <Stack component="ul" sx={{ gap: 1.5, p: 0, m: 0, listStyle: 'none' }}>
      {loading && <LinearProgress />}
      {error !== undefined && error !== null && <Alert severity="error">{errorText(error)}</Alert>}
      {!loading && (alarms ?? []).length === 0 && <Typography color="text.secondary">{emptyLabel}</Typography>}
      {(alarms ?? []).map((alarm) => {
        const name = alarm.deviceName || alarm.deviceId;
        return (
          <Card component="li" key={alarm.id} variant="outlined">
            <CardContent sx={{ pb: 1 }}>
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="body2" component="span"><AlarmTypeLabel type={alarm.type} /></Typography>
                <AlarmStateChip state={alarmState(alarm)} />
              </Stack>
              <Link component={RouterLink} to={alarmPath(alarm.id)} variant="subtitle1" sx={{ display: 'block', mt: 0.5 }}>{name}</Link>
              <Typography variant="body2" color="text.secondary">
                {t('alarms.card.where', { site: lookups.siteName(alarm.siteId), time: dateTime(alarm.startedAt) })}
              </Typography>
              {(alarm.worstValue !== null || alarm.lastValue !== null) && (
                <Typography variant="body2" color="text.secondary">
                  {t('alarms.card.values', { worst: valueOf(alarm, alarm.worstValue), last: valueOf(alarm, alarm.lastValue) })}
                </Typography>
              )}
            </CardContent>
            {(onSelect !== undefined || onAcknowledge !== undefined || onSnooze !== undefined) && (
              <CardActions sx={{ pt: 0 }}>
                {onSelect !== undefined && mayAcknowledge(alarm) && (
                  <Checkbox
                    checked={selected?.has(alarm.id) ?? false}
                    onChange={(event) => onSelect(alarm.id, event.target.checked)}
                    slotProps={{ input: { 'aria-label': t('alarms.actions.selectItem', { name }) } }}
                  />
                )}
                {onAcknowledge !== undefined && mayAcknowledge(alarm) && (
                  <Button size="small" onClick={() => onAcknowledge(alarm)} aria-label={t('alarms.actions.acknowledgeItem', { name })}>{t('alarms.actions.acknowledge')}</Button>
                )}
                {onSnooze !== undefined && maySnooze(alarm) && (
                  <Button size="small" onClick={() => onSnooze(alarm)} aria-label={t('alarms.actions.snoozeItem', { name })}>{t('alarms.actions.snooze')}</Button>
                )}
              </CardActions>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}
