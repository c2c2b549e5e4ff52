import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSystemHealth } from '../../api/dashboard';
import { GATEWAYS_LIST, SENSORS_LIST } from './links';
import { Figure, WIDGET_CARDS, WidgetCard } from './WidgetCard';

/** System health: the sensors and gateways online and offline, low batteries, weak signals. */
export function SystemHealthWidget({ userViewId }: { userViewId: string | null }) {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useSystemHealth(userViewId);
  return (
    <WidgetCard
      // Its six figures take ~370 px on a 412 px phone: reserved while they load.
      title={t('dashboard.health.title')} {...WIDGET_CARDS.systemHealth} loading={isLoading} error={error} onReload={() => void mutate()}
      link={{ to: SENSORS_LIST, label: t('dashboard.health.viewSensors') }}
    >
      {data !== undefined && (
        <Stack sx={{ gap: 1 }}>
          <Typography variant="overline" component="h3">{t('dashboard.health.sensors', { count: data.sensors.total })}</Typography>
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
            <Figure label={t('dashboard.health.online')} value={data.sensors.online} to={SENSORS_LIST} />
            <Figure label={t('dashboard.health.offline')} value={data.sensors.offline} to={SENSORS_LIST} tone={data.sensors.offline > 0 ? 'error' : undefined} />
            <Figure label={t('dashboard.health.lowBattery')} value={data.sensors.lowBattery} to={SENSORS_LIST} tone={data.sensors.lowBattery > 0 ? 'warning' : undefined} />
            <Figure label={t('dashboard.health.weakSignal')} value={data.sensors.weakSignal} to={SENSORS_LIST} tone={data.sensors.weakSignal > 0 ? 'warning' : undefined} />
          </Stack>
          <Typography variant="overline" component="h3">{t('dashboard.health.gateways', { count: data.gateways.total })}</Typography>
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
            <Figure label={t('dashboard.health.online')} value={data.gateways.online} to={GATEWAYS_LIST} />
            <Figure label={t('dashboard.health.offline')} value={data.gateways.offline} to={GATEWAYS_LIST} tone={data.gateways.offline > 0 ? 'error' : undefined} />
          </Stack>
          {data.truncated && <Typography variant="caption" color="text.secondary">{t('dashboard.truncated')}</Typography>}
        </Stack>
      )}
    </WidgetCard>
  );
}
