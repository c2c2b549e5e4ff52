import { useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { ReportRun } from '@domain/reports/runs';
import { useReportRuns } from '../../api/reports';
import { AdminListPage } from '../../components/AdminListPage';
import type { AdminGridCard } from '../../components/AdminGridCards';
import type { AdminGridRowAction } from '../../components/AdminGridRowAction';
import { useErrorText } from '../../components/useErrorText';
import { useFormatters } from '../../i18n/formatters';
import { useUserDateTime } from '../../i18n/userDateTime';
import { REPORTS_PATH } from './paths';
import { ReportFileStatus } from './ReportFileStatus';
import { openReportFile, type ReportFileState } from './useReportFile';

/** A file's size for a reader: bytes, kB or MB in the user's language. */
function sizeText(bytes: number | undefined, measure: (value: number, symbol: string, options?: Intl.NumberFormatOptions) => string): string {
  if (bytes === undefined) return '';
  if (bytes < 1024) return measure(bytes, 'B');
  if (bytes < 1024 * 1024) return measure(bytes / 1024, 'kB', { maximumFractionDigits: 1 });
  return measure(bytes / (1024 * 1024), 'MB', { maximumFractionDigits: 1 });
}

/** The SHA-256, shortened on screen, whole in the copy and its tooltip. */
function Fingerprint({ run, onCopy }: { run: ReportRun; onCopy(run: ReportRun): void }) {
  const { t } = useTranslation();
  if (run.sha256 === undefined) return null;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Tooltip title={run.sha256}>
        <Box component="code" sx={{ fontSize: '0.8rem', overflow: 'hidden', textOverflow: 'ellipsis' }}>{`${run.sha256.slice(0, 12)}…`}</Box>
      </Tooltip>
      <IconButton size="small" aria-label={t('reports.actions.copyFingerprint', { name: run.fileName ?? run.id })} onClick={() => onCopy(run)}>
        <ContentCopyIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}

/**
 * Report History (issue 34 section 2.13): every report file generated that the user may see,
 * newest first: when, who, which report, format, size, its SHA-256 (copyable, what a file is
 * checked against), status and until when it is kept; a ready one downloads again.
 */
export default function ReportHistoryPage() {
  const { t } = useTranslation();
  const dateTime = useUserDateTime();
  const formatters = useFormatters();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const runs = useReportRuns();
  const [fileState, setFileState] = useState<ReportFileState>({ step: 'idle' });

  const texts = useMemo(() => ({
    report: (run: ReportRun) => t(`reports.names.${run.reportId}`),
    status: (run: ReportRun) => (run.emailed === true ? t('reports.history.emailed') : t(`reports.history.statuses.${run.status}`)),
  }), [t]);

  const copy = useCallback((run: ReportRun) => {
    if (run.sha256 === undefined) return;
    void navigator.clipboard.writeText(run.sha256).then(() => enqueueSnackbar(t('reports.actions.copied'), { variant: 'success' }));
  }, [enqueueSnackbar, t]);

  const downloadAgain = async (run: ReportRun) => {
    setFileState({ step: 'idle' });
    try {
      setFileState(await openReportFile(run.id));
    } catch (error) {
      setFileState({ step: 'error', message: errorText(error) });
    }
  };

  const columns = useMemo<GridColDef<ReportRun>[]>(() => [
    { field: 'createdAt', headerName: t('reports.history.columns.when'), width: 170, valueFormatter: (value: string) => dateTime(value) },
    { field: 'requestedBy', headerName: t('reports.history.columns.who'), flex: 1, minWidth: 150, valueGetter: (_value: unknown, row: ReportRun) => row.requestedBy.name },
    { field: 'reportId', headerName: t('reports.history.columns.report'), flex: 1, minWidth: 170, valueGetter: (_value: unknown, row: ReportRun) => texts.report(row) },
    { field: 'format', headerName: t('reports.history.columns.format'), width: 90, valueGetter: (_value: unknown, row: ReportRun) => t(`reports.history.formats.${row.format}`) },
    { field: 'size', headerName: t('reports.history.columns.size'), width: 100, type: 'number', valueFormatter: (value: number | undefined) => sizeText(value, formatters.measure) },
    {
      field: 'sha256', headerName: t('reports.history.columns.fingerprint'), width: 200, sortable: false,
      renderCell: ({ row }) => <Fingerprint run={row} onCopy={copy} />,
    },
    { field: 'status', headerName: t('reports.history.columns.status'), width: 130, valueGetter: (_value: unknown, row: ReportRun) => texts.status(row) },
    { field: 'expiresAt', headerName: t('reports.history.columns.expiry'), width: 150, valueFormatter: (value: string | undefined) => (value === undefined ? '' : formatters.date(value)) },
  ], [copy, dateTime, formatters, t, texts]);

  const rowActions: AdminGridRowAction<ReportRun>[] = [{
    key: 'download',
    label: (run) => t('reports.actions.downloadAgain', { name: run.fileName ?? texts.report(run) }),
    icon: <DownloadIcon />,
    onClick: (run) => void downloadAgain(run),
    hidden: (run) => run.status !== 'ready' || (run.expiresAt !== undefined && Date.parse(run.expiresAt) < Date.now()),
  }];

  const card = (run: ReportRun): AdminGridCard => ({
    title: `${texts.report(run)} · ${t(`reports.history.formats.${run.format}`)}`,
    value: run.requestedBy.name,
    time: dateTime(run.createdAt),
    state: (
      <Stack sx={{ gap: 0.5 }}>
        <span>{`${texts.status(run)} · ${sizeText(run.size, formatters.measure)}`}</span>
        <Fingerprint run={run} onCopy={copy} />
      </Stack>
    ),
  });

  return (
    <AdminListPage
      title={t('reports.history.title')}
      above={<Link component={RouterLink} to={REPORTS_PATH} variant="body2">{t('reports.actions.back')}</Link>}
      intro={(
        <Stack sx={{ gap: 1, mt: 1 }}>
          <Typography variant="body2" color="text.secondary">{t('reports.history.intro')}</Typography>
          <ReportFileStatus state={fileState} />
        </Stack>
      )}
      emptyLabel={t('reports.history.empty')}
      gridId="report-history"
      list={runs}
      columns={columns}
      rowActions={rowActions}
      initialSort={[{ field: 'createdAt', sort: 'desc' }]}
      card={card}
    />
  );
}
