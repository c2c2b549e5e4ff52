import { useRef, useState, type ChangeEvent } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import RestoreIcon from '@mui/icons-material/Restore';
import UploadIcon from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { EMPTY_TRANSLATION_OVERRIDES, TRANSLATION_CSV_NAME, translationFileProblem } from '@domain/identity/settings';
import { useErrorText } from '../../components/useErrorText';
import { resetTranslationOverrides, saveTranslationOverrides, useTranslationOverrides, type StoredOverrides } from '../../api/settings';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useMessageText } from '../../i18n/messages';
import { applyOrganisationTexts, exportTranslationCsv, importTranslationCsv, TranslationCsvError } from '../../i18n/organisationTexts';

/** A chosen file's text (UTF-8). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsText(file, 'utf-8');
  });
}

/** Hands a text to the browser as a file download. */
function download(name: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Settings > Translations (administrators): every interface text in en, fr and es exported as
 * translation.csv; an edited file imported (only .csv) overrides texts for the organisation.
 */
export default function TranslationsPage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const stored = useTranslationOverrides();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const overrides = stored.data?.overrides ?? EMPTY_TRANSLATION_OVERRIDES;
  const count = Object.keys(overrides.en).length + Object.keys(overrides.fr).length + Object.keys(overrides.es).length;

  const applied = async (next: StoredOverrides) => {
    await stored.mutate(next, { revalidate: false });
    applyOrganisationTexts(next.overrides);
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    setProblem(null);
    const refusal = translationFileProblem(file);
    if (refusal !== undefined) {
      setProblem(messageText(refusal));
      return;
    }
    setBusy(true);
    try {
      const imported = importTranslationCsv(await readText(file));
      await applied(await saveTranslationOverrides(imported.overrides));
      enqueueSnackbar(t('settings.translations.imported', { count: imported.changed }), { variant: 'success' });
      if (imported.ignored > 0) enqueueSnackbar(t('settings.translations.ignored', { count: imported.ignored }), { variant: 'warning' });
    } catch (failure) {
      // A file the browser could not read as translations says so in the domain's words; the API's refusals by code.
      const message = failure instanceof TranslationCsvError ? messageText(failure.message) : errorText(failure);
      setProblem(message);
      enqueueSnackbar(message, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const reset = async () => {
    setBusy(true);
    try {
      await applied(await resetTranslationOverrides());
      enqueueSnackbar(t('settings.translations.resetDone'), { variant: 'success' });
    } catch (failure) {
      enqueueSnackbar(errorText(failure), { variant: 'error' });
    } finally {
      setBusy(false);
      setConfirmReset(false);
    }
  };

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('settings.translations.title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
        <Stack sx={{ gap: 2 }}>
          <Typography>{t('settings.translations.intro', { example: '{{name}}' })}</Typography>
          <Typography variant="body2" color="text.secondary">
            {count === 0 ? t('settings.translations.noOverrides') : t('settings.translations.overrides', { count })}
          </Typography>
          {problem !== null && <Alert severity="error">{problem}</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1 }}>
            <Button variant="outlined" startIcon={<DownloadIcon />} disabled={stored.isLoading}
              onClick={() => download(TRANSLATION_CSV_NAME, exportTranslationCsv(overrides))}>
              {t('settings.translations.export')}
            </Button>
            <Button variant="contained" startIcon={<UploadIcon />} disabled={busy} onClick={() => input.current?.click()}>
              {t('settings.translations.import')}
            </Button>
            <Button color="inherit" startIcon={<RestoreIcon />} disabled={busy || count === 0} onClick={() => setConfirmReset(true)}>
              {t('settings.translations.reset')}
            </Button>
          </Stack>
          <input ref={input} type="file" accept=".csv,text/csv" hidden aria-label={t('settings.translations.file')}
            onChange={(event) => void importFile(event)} data-testid="translation-file" />
        </Stack>
      </Paper>
      <ConfirmDialog
        open={confirmReset}
        title={t('settings.translations.reset')}
        message={t('settings.translations.resetConfirm')}
        confirmLabel={t('settings.translations.reset')}
        cancelLabel={t('catalog.cancel')}
        busy={busy}
        onConfirm={() => void reset()}
        onCancel={() => setConfirmReset(false)}
      />
    </>
  );
}
