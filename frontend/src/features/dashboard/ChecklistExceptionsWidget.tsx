import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ChecklistException } from '@domain/haccp/performance';
import { useChecklistExceptions } from '../../api/dashboard';
import { formatDate } from '../../i18n/formatters';
import { CHECKLISTS_LIST } from './links';
import { WIDGET_CARDS, WidgetCard } from './WidgetCard';

/**
 * Checklist exceptions over the last 7 days (SPEC section 2 "checklist exception views"):
 * missed checklists, late completions and out-of-limit answers by site, and the latest few.
 */
export function ChecklistExceptionsWidget({ userViewId }: { userViewId: string | null }) {
  const { t, i18n } = useTranslation();
  const { data, error, isLoading, mutate } = useChecklistExceptions(userViewId);
  // The occurrence's date is the site's local day: shown as that day, whatever the browser's zone.
  const dayOf = (date: string) => formatDate(`${date}T12:00:00Z`, i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  // What happened, in words: with the out-of-limit answers counted.
  const happened = (item: ChecklistException) =>
    (item.kind === 'outOfLimits' ? t('dashboard.checklistExceptions.outOfLimitsCount', { count: item.answers ?? 1 }) : t(`dashboard.checklistExceptions.${item.kind}`));
  const sites = data?.bySite.filter((row) => row.missed + row.late + row.outOfLimits > 0) ?? [];
  return (
    <WidgetCard
      title={t('dashboard.checklistExceptions.title')} {...WIDGET_CARDS.checklistExceptions} loading={isLoading} error={error} onReload={() => void mutate()}
      link={{ to: CHECKLISTS_LIST, label: t('dashboard.checklistExceptions.viewChecklists') }}
    >
      {data !== undefined && (sites.length === 0 ? (
        <Typography variant="body2" color="text.secondary">{t('dashboard.checklistExceptions.none')}</Typography>
      ) : (
        <Stack sx={{ gap: 1 }}>
          <Table size="small" aria-label={t('dashboard.checklistExceptions.bySite')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('dashboard.checklistExceptions.site')}</TableCell>
                <TableCell align="right">{t('dashboard.checklistExceptions.missed')}</TableCell>
                <TableCell align="right">{t('dashboard.checklistExceptions.late')}</TableCell>
                <TableCell align="right">{t('dashboard.checklistExceptions.outOfLimits')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sites.map((row) => (
                <TableRow key={row.siteId}>
                  <TableCell component="th" scope="row">{row.siteName}</TableCell>
                  <TableCell align="right">{row.missed}</TableCell>
                  <TableCell align="right">{row.late}</TableCell>
                  <TableCell align="right">{row.outOfLimits}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Typography variant="overline" component="h3">{t('dashboard.checklistExceptions.latest')}</Typography>
          <List dense disablePadding aria-label={t('dashboard.checklistExceptions.latest')}>
            {data.latest.map((item) => (
              <ListItem key={`${item.instanceId}-${item.kind}`} divider disableGutters>
                <ListItemText
                  primary={`${item.checklistName} · ${happened(item)}`}
                  secondary={`${item.siteName} · ${dayOf(item.date)}`}
                  slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                />
              </ListItem>
            ))}
          </List>
          {data.truncated && <Typography variant="caption" color="text.secondary">{t('dashboard.checklistExceptions.truncated')}</Typography>}
        </Stack>
      ))}
    </WidgetCard>
  );
}
