import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import useSWR, { type SWRResponse } from 'swr';
import { CHECKLIST_ROUTES } from '@domain/api/checklists';
import type { Checklist } from '@domain/haccp/checklist';
import type { ChecklistPerformance } from '@domain/haccp/instance';
import type { ChecklistPerformanceAnswer } from '@domain/haccp/performance';
import type { ApiError } from '../../../api/ApiError';
import { call } from '../../../api/client';
import { useErrorText } from '../../../components/useErrorText';
import { formatDate } from '../../../i18n/formatters';

/** `GET /checklists/{id}/performance`: the checklist's day and week on its site's clock. */
export const useChecklistPerformance = (id: string): SWRResponse<ChecklistPerformanceAnswer, ApiError> =>
  useSWR<ChecklistPerformanceAnswer, ApiError, readonly [string, string]>(
    ['checklist-performance', id],
    () => call(CHECKLIST_ROUTES.getPerformance, { params: { id } }),
  );

/** The counts shown, in the SPEC's order (section 3 "complete/incomplete, on time/late/overdue/outstanding"). */
const ROWS = ['complete', 'incomplete', 'onTime', 'late', 'overdue', 'outstanding', 'inProgress', 'missed'] as const satisfies readonly (keyof ChecklistPerformance)[];

/** A checklist's performance today and this week (SPEC sections 3-4), from the checklist list. */
export function ChecklistPerformanceDialog({ checklist, onClose }: { checklist: Checklist; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const { data, error, isLoading } = useChecklistPerformance(checklist.id);
  // The dates are the site's local days: shown as those days whatever the browser's zone.
  const dayOf = (date: string) => formatDate(`${date}T12:00:00Z`, i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="checklist-performance-title">
      <DialogTitle id="checklist-performance-title">{t('haccpChecklists.performance.title', { name: checklist.name })}</DialogTitle>
      <DialogContent>
        {isLoading && <LinearProgress />}
        {error !== undefined && <Typography color="error" role="alert">{errorText(error)}</Typography>}
        {data !== undefined && (
          <Table size="small" aria-label={t('haccpChecklists.performance.table')}>
            <TableHead>
              <TableRow>
                <TableCell />
                <TableCell align="right">{t('haccpChecklists.performance.day', { date: dayOf(data.date) })}</TableCell>
                <TableCell align="right">{t('haccpChecklists.performance.week', { from: dayOf(data.weekStart), to: dayOf(data.weekEnd) })}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {ROWS.map((row) => (
                <TableRow key={row}>
                  <TableCell component="th" scope="row">{t(`haccpChecklists.performance.${row}`)}</TableCell>
                  <TableCell align="right">{data.day[row]}</TableCell>
                  <TableCell align="right">{data.week[row]}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('haccpChecklists.performance.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
