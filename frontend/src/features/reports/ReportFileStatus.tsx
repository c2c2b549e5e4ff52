import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { REPORT_MESSAGES } from '@domain/reports/messages';
import { useMessageText } from '../../i18n/messages';
import type { ReportFileState } from './useReportFile';

/** Where a file asked for stands, in the spec's words: progress, longer than expected, emailed, failed, pop-ups blocked. */
export function ReportFileStatus({ state }: { state: ReportFileState }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  switch (state.step) {
    case 'idle':
    case 'opened':
      return null;
    case 'working': {
      const running = state.run?.status === 'running';
      const percent = Math.round((state.run?.progress ?? 0) * 100);
      return (
        <Stack sx={{ gap: 1 }} role="status">
          <Box>{running ? t('reports.run.running', { percent }) : t('reports.run.queued')}</Box>
          {running ? <LinearProgress variant="determinate" value={percent} /> : <LinearProgress />}
          {state.longer && <Alert severity="info">{messageText(REPORT_MESSAGES.reportProcessingLonger)}</Alert>}
        </Stack>
      );
    }
    case 'emailed':
      return <Alert severity="info">{messageText(REPORT_MESSAGES.reportEmailed)}</Alert>;
    case 'failed':
      return <Alert severity="error">{state.reason === undefined ? t('reports.run.failedNoReason') : t('reports.run.failed', { reason: messageText(state.reason) })}</Alert>;
    case 'blocked':
      return (
        <Alert severity="warning">
          <div>{messageText(REPORT_MESSAGES.reportPopupsBlocked)}</div>
          <Link href={state.url} target="_blank" rel="noopener" download={state.fileName}>{t('reports.actions.openFile')}</Link>
        </Alert>
      );
    case 'error':
      return <Alert severity="error">{state.message}</Alert>;
  }
}
