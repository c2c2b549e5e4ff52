import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { SensorInsight } from '@domain/alarms/dashboard';
import { useInsight } from '../../api/dashboard';
import { useClientState } from '../../session/clientState';
import { useFormatters } from '../../i18n/formatters';
import { formatValue } from '../../i18n/readingUnits';
import { SENSORS_LIST, sensorLink } from './links';
import { WIDGET_CARDS, WidgetCard } from './WidgetCard';

/** Insight: each sensor channel's last 7 days, time in range against its alarm profile, min, max, mean, and MKT for vaccine fridges. */
export function InsightWidget({ userViewId }: { userViewId: string | null }) {
  const { t } = useTranslation();
  const formatters = useFormatters();
  const { uom } = useClientState();
  const { data, error, isLoading, mutate } = useInsight(userViewId);
  const value = (row: SensorInsight, figure: number | undefined) => {
    if (figure === undefined) return '';
    const unit = row.measurement === 'temperature' ? 'C' : '%RH';
    return formatValue(figure, unit, { uom, language: formatters.language, labels: { open: '', close: '' } }) ?? '';
  };
  return (
    <WidgetCard
      title={t('dashboard.insight.title')} {...WIDGET_CARDS.insightDashboard} loading={isLoading} error={error} onReload={() => void mutate()}
      link={{ to: SENSORS_LIST, label: t('dashboard.health.viewSensors') }}
    >
      {data !== undefined && (data.items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">{t('dashboard.insight.none')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('dashboard.insight.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('dashboard.insight.sensor')}</TableCell>
                <TableCell>{t('dashboard.insight.timeInRange')}</TableCell>
                <TableCell align="right">{t('dashboard.insight.min')}</TableCell>
                <TableCell align="right">{t('dashboard.insight.max')}</TableCell>
                <TableCell align="right">{t('dashboard.insight.mean')}</TableCell>
                <TableCell align="right"><Tooltip title={t('dashboard.insight.mktHelp')}><span>{t('dashboard.insight.mkt')}</span></Tooltip></TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.items.map((row) => (
                <TableRow key={`${row.sensorId}-${row.channel}`}>
                  <TableCell sx={{ maxWidth: 220 }}>
                    <Link component={RouterLink} to={sensorLink(row.sensorId)} underline="hover" noWrap sx={{ display: 'block' }}>{row.sensorName}</Link>
                    <Typography variant="caption" color="text.secondary">{t('dashboard.insight.channel', { channel: row.channel })}</Typography>
                  </TableCell>
                  <TableCell sx={{ minWidth: 120 }}>
                    {row.timeInRangePercent === null || row.limits === null ? (
                      <Typography variant="body2" color="text.secondary">{t('dashboard.insight.noLimits')}</Typography>
                    ) : (
                      <Tooltip title={t('dashboard.insight.limits', { min: value(row, row.limits.min), max: value(row, row.limits.max) })}>
                        <Box>
                          <Typography variant="body2">{formatters.percent(row.timeInRangePercent)}</Typography>
                          <LinearProgress
                            variant="determinate" value={row.timeInRangePercent} aria-hidden
                            color={row.timeInRangePercent >= 99 ? 'success' : row.timeInRangePercent >= 90 ? 'warning' : 'error'}
                          />
                        </Box>
                      </Tooltip>
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{value(row, row.min)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{value(row, row.max)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{value(row, row.mean)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{value(row, row.meanKinetic)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ))}
      {data?.truncated === true && (
        <Typography variant="caption" color="text.secondary">{t('dashboard.insight.truncated', { total: data.sensors })}</Typography>
      )}
    </WidgetCard>
  );
}
