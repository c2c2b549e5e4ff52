import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ALARM_TYPE_CATALOGUE } from '@domain/alarms/alarm-types';
import { alarmsLink } from './links';
import type { AlarmWidgetProps } from './AlarmDashboardWidget';
import { WIDGET_CARDS, WidgetCard } from './WidgetCard';

/**
 * Top assets in alarm, or repeat alarms (the same device and type more than once), over the
 * last 7 days: each row opens that device's alarms of the period.
 */
export function TopAssetsWidget({ userViewId, overview, siteName, repeats = false }: AlarmWidgetProps & { repeats?: boolean }) {
  const { t } = useTranslation();
  const { data } = overview;
  const period = data === undefined ? {} : { from: data.from, to: data.to };
  const section = repeats ? 'dashboard.repeat' : 'dashboard.topAssets';
  const rows = data === undefined ? [] : repeats
    ? data.repeatAlarms.map((row) => ({ ...row, key: `${row.deviceKind}-${row.deviceId}-${row.type}`, type: row.type }))
    : data.topAssets.map((row) => ({ ...row, key: `${row.deviceKind}-${row.deviceId}`, type: undefined }));
  const listOf = (filter: Parameters<typeof alarmsLink>[0]) => alarmsLink({ status: 'history', userViewId, ...period, ...filter });
  return (
    <WidgetCard
      title={t(`${section}.title`)} {...WIDGET_CARDS[repeats ? 'repeatAlarms' : 'topAssetsInAlarm']} loading={overview.isLoading} error={overview.error} onReload={overview.reload}
      link={{ to: listOf(repeats ? { minCount: 2 } : {}), label: t('dashboard.viewPeriod') }}
    >
      {data !== undefined && (rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">{t(`${section}.none`)}</Typography>
      ) : (
        <List dense disablePadding>
          {rows.map((row) => (
            <ListItemButton
              key={row.key} component={RouterLink} divider
              to={listOf({ deviceId: row.deviceId, deviceKind: row.deviceKind, ...(row.type === undefined ? {} : { type: row.type }) })}
            >
              <ListItemText
                primary={row.type === undefined ? row.deviceName : `${row.deviceName} · ${t(ALARM_TYPE_CATALOGUE[row.type].labelKey)}`}
                secondary={siteName(row.siteId)}
                slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
              />
              <Typography variant="body2" sx={{ ml: 2, whiteSpace: 'nowrap', fontWeight: 600 }}>{t('dashboard.alarmCount', { count: row.count })}</Typography>
            </ListItemButton>
          ))}
        </List>
      ))}
    </WidgetCard>
  );
}
