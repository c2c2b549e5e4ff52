import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ALARM_TYPES } from '@domain/alarms/alarm';
import { ALARM_TYPE_CATALOGUE } from '@domain/alarms/alarm-types';
import type { AlarmOverview } from '@domain/alarms/dashboard';
import type { ApiError } from '../../api/ApiError';
import { useDateTime } from '../../i18n/useDateTime';
import { alarmLink, alarmsLink } from './links';
import { Figure, WIDGET_CARDS, WidgetCard } from './WidgetCard';

/** One row of a breakdown: its label opens the filtered list, its bar shows its share. */
function Share({ label, count, total, to }: { label: string; count: number; total: number; to: string }) {
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
        <Link component={RouterLink} to={to} variant="body2" underline="hover" noWrap>{label}</Link>
        <Typography variant="body2">{count}</Typography>
      </Stack>
      <LinearProgress variant="determinate" value={total === 0 ? 0 : (100 * count) / total} aria-hidden sx={{ height: 6, borderRadius: 3 }} />
    </Box>
  );
}

export interface AlarmWidgetProps {
  userViewId: string | null;
  overview: { data: AlarmOverview | undefined; error: ApiError | undefined; isLoading: boolean; reload(): void };
  siteName(siteId: string): string;
}

/** The alarm dashboard: active alarms by type and by site, how many are unacknowledged, and the oldest. */
export function AlarmDashboardWidget({ userViewId, overview, siteName }: AlarmWidgetProps) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const { data } = overview;
  const active = (filter: Parameters<typeof alarmsLink>[0] = {}) => alarmsLink({ status: 'active', userViewId, ...filter });
  return (
    <WidgetCard
      title={t('dashboard.alarms.title')} {...WIDGET_CARDS.alarmDashboard} loading={overview.isLoading} error={overview.error} onReload={overview.reload}
      link={{ to: active(), label: t('dashboard.alarms.viewActive') }}
    >
      {data !== undefined && (
        <Stack sx={{ gap: 2 }}>
          <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap' }}>
            <Figure label={t('dashboard.alarms.active')} value={data.active} to={active()} tone={data.active > 0 ? 'error' : undefined} />
            <Figure label={t('dashboard.alarms.unacknowledged')} value={data.unacknowledged} to={active()} tone={data.unacknowledged > 0 ? 'warning' : undefined} />
            <Box sx={{ minWidth: 0, flex: '1 1 180px' }}>
              {data.oldest === null ? (
                <Typography variant="body2" color="text.secondary">{t('dashboard.alarms.none')}</Typography>
              ) : (
                <>
                  <Link component={RouterLink} to={alarmLink(data.oldest.id)} underline="hover" sx={{ display: 'block' }} noWrap>
                    {`${data.oldest.deviceName} · ${t(ALARM_TYPE_CATALOGUE[data.oldest.type].labelKey)}`}
                  </Link>
                  <Typography variant="body2" color="text.secondary">{t('dashboard.alarms.oldestSince', { time: dateTime(data.oldest.startedAt) })}</Typography>
                </>
              )}
            </Box>
          </Stack>
          {data.active > 0 && (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <Stack sx={{ gap: 1 }}>
                <Typography variant="overline" component="h3">{t('dashboard.alarms.byType')}</Typography>
                {ALARM_TYPES.filter((type) => (data.byType[type] ?? 0) > 0).map((type) => (
                  <Share key={type} label={t(ALARM_TYPE_CATALOGUE[type].labelKey)} count={data.byType[type] ?? 0} total={data.active} to={active({ type })} />
                ))}
              </Stack>
              <Stack sx={{ gap: 1 }}>
                <Typography variant="overline" component="h3">{t('dashboard.alarms.bySite')}</Typography>
                {Object.entries(data.bySite).sort(([, a], [, b]) => b - a).map(([siteId, count]) => (
                  <Share key={siteId} label={siteName(siteId)} count={count} total={data.active} to={active({ siteId })} />
                ))}
              </Stack>
            </Box>
          )}
          {data.truncated && <Typography variant="caption" color="text.secondary">{t('dashboard.truncated')}</Typography>}
        </Stack>
      )}
    </WidgetCard>
  );
}
