import { useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { ReportVerification } from '@domain/reports/runs';
import { verifyReport } from '../../api/reports';
import { useErrorText } from '../../components/useErrorText';
import { useUserDateTime } from '../../i18n/userDateTime';
import { sha256Hex } from './sha256';
import { LanguageMenu } from '../../components/LanguageMenu';

type Check =
  | { step: 'idle' }
  | { step: 'checking'; file: string }
  | { step: 'answered'; file: string; hash: string; answer: ReportVerification }
  | { step: 'error'; message: string };

/**
 * Checks a report file (issue 34 section 3 "Tamper-evident"), signed in or not: the browser
 * computes the file's SHA-256 (crypto.subtle; the file is never uploaded) and asks the portal
 * whether it produced that file unmodified, for whom and when.
 */
export default function VerifyReportPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const dateTime = useUserDateTime();
  const [check, setCheck] = useState<Check>({ step: 'idle' });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again is checked again.
    event.target.value = '';
    if (file === undefined) return;
    setCheck({ step: 'checking', file: file.name });
    try {
      const hash = await sha256Hex(file);
      setCheck({ step: 'answered', file: file.name, hash, answer: await verifyReport(hash) });
    } catch (error) {
      setCheck({ step: 'error', message: errorText(error) });
    }
  };

  const verified = check.step === 'answered' ? check.answer.report : undefined;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, sm: 4 } }}>
      {/* An inspector may not be signed in: the page's own language switch. */}
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
        <LanguageMenu color="primary" />
      </Stack>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack sx={{ gap: 2 }}>
          <Typography variant="h5" component="h1">{t('reports.verify.title')}</Typography>
          <Typography variant="body2" color="text.secondary">{t('reports.verify.intro')}</Typography>
          <Box>
            <Button component="label" variant="contained" startIcon={<UploadFileIcon />} disabled={check.step === 'checking'}>
              {t('reports.verify.choose')}
              <input hidden type="file" accept=".pdf,.csv,application/pdf,text/csv" onChange={(event) => void choose(event)} />
            </Button>
          </Box>
          {check.step === 'checking' && <Typography role="status">{t('reports.verify.checking', { file: check.file })}</Typography>}
          {check.step === 'answered' && (
            <>
              <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>{t('reports.verify.fingerprint', { file: check.file, hash: check.hash })}</Typography>
              {check.answer.verified && verified !== undefined
                ? (
                  <Alert severity="success">
                    {t('reports.verify.verified', { organisation: verified.organisationName, report: verified.reportName, when: dateTime(verified.generatedAt), who: verified.requestedBy })}
                  </Alert>
                )
                : <Alert severity="error">{t('reports.verify.notVerified')}</Alert>}
            </>
          )}
          {check.step === 'error' && <Alert severity="error">{check.message}</Alert>}
          <Link component={RouterLink} to="/app" variant="body2">{t('reports.verify.back')}</Link>
        </Stack>
      </Paper>
    </Container>
  );
}
