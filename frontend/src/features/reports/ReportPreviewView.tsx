import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { REPORT_MESSAGES } from '@domain/reports/messages';
import { PREVIEW_PAGE_ROWS, type ReportPreview } from '@domain/reports/runs';
import { useMessageText } from '../../i18n/messages';
import { PreviewChart } from './PreviewChart';

type Section = ReportPreview['sections'][number];

const NUMERIC_KINDS = new Set(['number', 'temperature', 'percent', 'duration']);

/** One section: its chart, or its table a page of rows at a time. */
function SectionView({ section, onPage, paging }: { section: Section; onPage(offset: number): void; paging: boolean }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const first = section.rows.length === 0 ? 0 : section.offset + 1;
  const last = section.offset + section.rows.length;
  return (
    <Paper variant="outlined" component="section" aria-label={section.title} sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>{section.title}</Typography>
      {section.chart !== undefined && <PreviewChart chart={section.chart} title={section.title} />}
      {section.columns.length > 0 && (
        <>
          <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>{section.columns.map((column) => <TableCell key={column.id} align={NUMERIC_KINDS.has(column.kind) ? 'right' : 'left'}>{column.label}</TableCell>)}</TableRow>
              </TableHead>
              <TableBody>
                {section.rows.map((row, index) => (
                  <TableRow key={section.offset + index}>
                    {section.columns.map((column, cell) => <TableCell key={column.id} align={NUMERIC_KINDS.has(column.kind) ? 'right' : 'left'}>{row[cell] ?? ''}</TableCell>)}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 1 }}>
            <Typography variant="caption">{section.total === 0 ? messageText(REPORT_MESSAGES.reportNoRecords) : t('reports.preview.rows', { first, last, total: section.total })}</Typography>
            {section.total > section.rows.length && (
              <Stack direction="row" sx={{ gap: 1 }}>
                <Button size="small" disabled={paging || section.offset === 0} onClick={() => onPage(Math.max(0, section.offset - PREVIEW_PAGE_ROWS))}>{t('reports.actions.previous')}</Button>
                <Button size="small" disabled={paging || last >= section.total} onClick={() => onPage(section.offset + PREVIEW_PAGE_ROWS)}>{t('reports.actions.next')}</Button>
              </Stack>
            )}
          </Stack>
        </>
      )}
    </Paper>
  );
}

/**
 * A report on screen (issue 34 section 3: the same content, paged, in the user's language):
 * its sites and time zone, then each section; "No records found." when no section has a row.
 */
export function ReportPreviewView({ preview, onPage, paging }: { preview: ReportPreview; onPage(section: string, offset: number): void; paging: boolean }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  return (
    <Stack sx={{ gap: 2 }} aria-label={t('reports.preview.title')} role="region">
      <Box>
        <Typography variant="h6" component="h2">{preview.title}</Typography>
        {preview.siteNames.length > 0 && <Typography variant="body2">{t('reports.preview.sites', { names: preview.siteNames.join(', ') })}</Typography>}
        <Typography variant="body2" color="text.secondary">{t('reports.preview.timeZone', { zone: preview.timeZone })}</Typography>
      </Box>
      {preview.empty
        ? <Alert severity="info">{messageText(REPORT_MESSAGES.reportNoRecords)}</Alert>
        : preview.sections.map((section) => <SectionView key={section.id} section={section} paging={paging} onPage={(offset) => onPage(section.id, offset)} />)}
    </Stack>
  );
}
