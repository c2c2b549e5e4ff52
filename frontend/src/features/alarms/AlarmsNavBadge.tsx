import type { ReactNode } from 'react';
import Badge from '@mui/material/Badge';
import { useTranslation } from 'react-i18next';
import { useAlarmSummary } from '../../api/alarms';

/** The navigation's Alarms icon with the count of active alarms the user reaches (asked again every 30 s). */
export function AlarmsNavBadge({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const summary = useAlarmSummary();
  const active = summary.data?.active ?? 0;
  return (
    <Badge badgeContent={active} color="error" max={99} slotProps={{ badge: { 'aria-label': t('alarms.activeCount', { count: active }) } }}>
      {children}
    </Badge>
  );
}
