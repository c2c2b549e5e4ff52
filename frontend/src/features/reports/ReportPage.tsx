import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams } from 'react-router-dom';
import { REPORT_IDS, type ReportId } from '@domain/reports/catalogue';
import { isEmailedRange } from '@domain/reports/parameters';
import { REPORT_MESSAGES } from '@domain/reports/messages';
import { PDF_PAGE_SIZES, type FileFormat, type ReportPreview } from '@domain/reports/runs';
import { previewReport, type PdfPageSize } from '../../api/reports';
import { useErrorText } from '../../components/useErrorText';
import { useFormatters } from '../../i18n/formatters';
import { useLanguage } from '../../i18n/useLanguage';
import { useMessageText } from '../../i18n/messages';
import { useClientState } from '../../session/clientState';
import { useAvailableReports } from './availableReports';
import { REPORTS_PATH } from './paths';
import { defaultReportValues, reportEntry, reportFields, reportResolver, type ReportFormValues, type ReportParametersInput } from './reportForm';
import { ReportFields } from './ReportFields';
import { ReportFileStatus } from './ReportFileStatus';
import { ReportPreviewView } from './ReportPreviewView';
import { useReportFile, RUN_TIMING, type RunTiming } from './useReportFile';

const isReportId = (value: string | undefined): value is ReportId => REPORT_IDS.some((id) => id === value);

/** One report of the catalogue: its form, its preview and its files (SPEC section 2 "Reports"; issue 34). */
function ReportScreen({ id, timing }: { id: ReportId; timing: RunTiming }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const errorText = useErrorText();
  const formatters = useFormatters();
  const { selectedLocation, uom } = useClientState();
  const entry = reportEntry(id);
  const fields = useMemo(() => reportFields(id), [id]);
  const language = useLanguage();
  const [defaultValues] = useState(() => defaultReportValues(id, { selectedLocation, uom, now: new Date(), language }));
  const { control, register, setValue, handleSubmit, formState: { errors } } = useForm<ReportFormValues, unknown, ReportParametersInput>({
    resolver: reportResolver(id, formatters.parseNumber),
    mode: 'onTouched',
    defaultValues,
  });
  const [from, to] = useWatch({ control, name: ['from', 'to'] });
  // SPEC section 5: a checklist range over 7 days is built in the background and emailed; said before it is asked for.
  const emailed = typeof from === 'string' && typeof to === 'string' && from !== '' && to !== '' && isEmailedRange(from, to, entry.rangeLimit);
  const [pageSize, setPageSize] = useState<PdfPageSize>('A4');
  const [preview, setPreview] = useState<{ parameters: ReportParametersInput; answer: ReportPreview } | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const file = useReportFile(timing);

  const showPreview = handleSubmit(async (parameters) => {
    setPreviewing(true);
    setPreviewError(null);
    try {
      setPreview({ parameters, answer: await previewReport(id, parameters) });
    } catch (error) {
      setPreviewError(errorText(error));
    } finally {
      setPreviewing(false);
    }
  });

  /** Another page of one section; the others stay as they are. */
  const pageSection = async (section: string, offset: number) => {
    if (preview === null) return;
    setPreviewing(true);
    try {
      const answer = await previewReport(id, preview.parameters, { section, offset });
      const paged = answer.sections.find((entry) => entry.id === section);
      setPreview((shown) => (shown === null || paged === undefined ? shown : {
        ...shown,
        answer: { ...shown.answer, sections: shown.answer.sections.map((entry) => (entry.id === section ? paged : entry)) },
      }));
    } catch (error) {
      setPreviewError(errorText(error));
    } finally {
      setPreviewing(false);
    }
  };

  const download = (format: FileFormat) => handleSubmit((parameters) => file.request(id, format, parameters, pageSize));
  const working = file.state.step === 'working';

  return (
    <Stack sx={{ gap: 2, maxWidth: 1280 }}>
      <Box>
        <Link component={RouterLink} to={REPORTS_PATH} variant="body2">{t('reports.actions.back')}</Link>
        <Typography variant="h5" component="h1" sx={{ mt: 1 }}>{t(`reports.names.${id}`)}</Typography>
      </Box>
      {entry.defaultRange !== undefined && <Alert severity="info">{messageText(entry.defaultRange.message)}</Alert>}
      {emailed && <Alert severity="info">{messageText(REPORT_MESSAGES.reportEmailed)}</Alert>}
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Box component="form" noValidate onSubmit={(event) => {
          void showPreview(event);
        }}
        >
          <ReportFields fields={fields} control={control} register={register} setValue={setValue} errors={errors} />
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { xs: 'stretch', sm: 'center' }, flexWrap: 'wrap', mt: 1 }}>
            {entry.formats.includes('screen') && <Button type="submit" variant="contained" disabled={previewing}>{t('reports.actions.preview')}</Button>}
            {entry.formats.includes('pdf') && (
              <Button variant="outlined" disabled={working} onClick={(event) => {
                void download('pdf')(event);
              }}
              >
                {t('reports.actions.downloadPdf')}
              </Button>
            )}
            {entry.formats.includes('csv') && (
              <Button variant="outlined" disabled={working} onClick={(event) => {
                void download('csv')(event);
              }}
              >
                {t('reports.actions.downloadCsv')}
              </Button>
            )}
            {entry.formats.includes('pdf') && (
              <TextField
                select
                size="small"
                label={t('reports.fields.pageSize')}
                value={pageSize}
                onChange={(event) => setPageSize(PDF_PAGE_SIZES.find((size) => size === event.target.value) ?? 'A4')}
                sx={{ minWidth: 160 }}
              >
                {PDF_PAGE_SIZES.map((size) => <MenuItem key={size} value={size}>{t(`reports.choices.pageSize.${size}`)}</MenuItem>)}
              </TextField>
            )}
          </Stack>
        </Box>
      </Paper>
      <ReportFileStatus state={file.state} />
      {previewError !== null && <Alert severity="error">{previewError}</Alert>}
      {preview !== null && <ReportPreviewView preview={preview.answer} paging={previewing} onPage={(section, offset) => void pageSection(section, offset)} />}
    </Stack>
  );
}

/**
 * /app/reports/<id>: a report the user may run; another address (a report they may not run,
 * or none of the catalogue) goes back to the Reports menu.
 */
export default function ReportPage({ timing = RUN_TIMING, report }: { timing?: RunTiming; report?: ReportId }) {
  const { reportId: reportIdOfPath } = useParams();
  // The Portal Audit keeps the address of its screen of before (/app/reports/portal-audit), which it replaces.
  const reportId = report ?? reportIdOfPath;
  const available = useAvailableReports();
  if (!isReportId(reportId) || !available.includes(reportId)) return <Navigate to={REPORTS_PATH} replace />;
  // A fresh form for each report.
  return <ReportScreen key={reportId} id={reportId} timing={timing} />;
}
