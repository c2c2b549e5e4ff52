import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ALARM_TYPES, type AlarmType } from '@domain/alarms/alarm';
import { ALARM_TYPE_CATALOGUE } from '@domain/alarms/alarm-types';
import { LANGUAGES } from '@domain/identity/user';
import { CHANNELS } from '@domain/notifications/channels';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from '@domain/notifications/notification-group';
import {
  smsParts, TEMPLATE_FIELDS, unknownPlaceholdersMessage, unknownPlaceholdersOf, type TemplateField, type TemplateKey, type TemplatePreview,
} from '@domain/notifications/template-overrides';
import {
  defaultTemplate, notificationTemplateSchema, TEMPLATE_KINDS, TEMPLATE_PLACEHOLDERS, type NotificationTemplateOverride, type TemplateKind, type TemplateLanguage,
} from '@domain/notifications/templates';
import {
  previewNotificationTemplate, resetNotificationTemplate, saveNotificationTemplate, useNotificationTemplates,
} from '../../api/notificationTemplates';
import { useErrorText } from '../../components/useErrorText';
import { useMessageText } from '../../i18n/messages';

/** How long the editor waits after a keystroke before it asks for a preview. */
export const PREVIEW_DEBOUNCE_MS = 400;

type Fields = Record<TemplateField, string>;
const EMPTY_FIELDS: Fields = { subject: '', text: '', html: '', body: '', title: '', script: '' };
/** Fields that are long text: several lines. */
const MULTILINE: ReadonlySet<TemplateField> = new Set(['text', 'html', 'body', 'script']);

interface Selection {
  kind: TemplateKind;
  alarmType: AlarmType | 'any';
  channel: NotificationChannel;
  language: TemplateLanguage;
}

const keyOf = (selection: Selection): TemplateKey => ({
  kind: selection.kind, channel: selection.channel, language: selection.language,
  ...(selection.kind === 'test' || selection.alarmType === 'any' ? {} : { alarmType: selection.alarmType }),
});
const sameKey = (a: TemplateKey, b: TemplateKey) => a.kind === b.kind && a.channel === b.channel && a.language === b.language && a.alarmType === b.alarmType;

/** The product's wording of the selection, field by field. */
function defaultsOf(key: TemplateKey): Fields {
  const template = defaultTemplate(key.kind, key.channel, key.language, key.alarmType) as Partial<Fields>;
  return { ...EMPTY_FIELDS, ...template };
}

/** The override to send: the channel's fields, those left at the default blank (they follow the product's wording). */
function overrideOf(key: TemplateKey, fields: Fields, defaults: Fields): NotificationTemplateOverride {
  const given: Record<string, string> = {};
  for (const name of TEMPLATE_FIELDS[key.channel]) given[name] = fields[name] === defaults[name] ? '' : fields[name];
  return { ...key, ...given } as NotificationTemplateOverride;
}

/**
 * Administration > Notification templates (issue 14 section 3): the organisation's wording of
 * each message per kind, alarm type, channel and language, prefilled with its override or the
 * product's default; placeholders inserted from chips; a live preview with sample values as
 * the message would look (an SMS with its length and parts); Save, and Reset to default.
 */
export default function NotificationTemplatesPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  const templates = useNotificationTemplates();
  const [selection, setSelection] = useState<Selection>({ kind: 'alarm', alarmType: 'threshold', channel: 'email', language: 'en' });
  const key = useMemo(() => keyOf(selection), [selection]);
  const defaults = useMemo(() => defaultsOf(key), [key]);
  const stored = useMemo(() => templates.data?.find((template) => sameKey(keyOf({ ...template, alarmType: template.alarmType ?? 'any' }), key)), [templates.data, key]);
  const { control, register, reset, setValue, getValues, setError, clearErrors, formState: { errors } } = useForm<Fields>({ defaultValues: defaults });
  const values = useWatch({ control });
  const [preview, setPreview] = useState<TemplatePreview | undefined>();
  const [previewError, setPreviewError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<TemplateField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const focused = useRef<TemplateField | undefined>(undefined);
  const fieldNames = TEMPLATE_FIELDS[key.channel] as readonly TemplateField[];

  // The selection's wording: the override's fields over the defaults.
  useEffect(() => {
    const given = (stored ?? {}) as Partial<Fields>;
    const prefilled = { ...defaults };
    for (const name of TEMPLATE_FIELDS[key.channel]) if (typeof given[name] === 'string' && given[name] !== '') prefilled[name] = given[name];
    reset(prefilled);
    focused.current = undefined;
  }, [defaults, key.channel, reset, stored]);

  // The live preview: asked for once typing pauses; an older answer never replaces a newer one.
  const asked = useRef(0);
  useEffect(() => {
    const fields = { ...EMPTY_FIELDS, ...values } as Fields;
    const override = overrideOf(key, fields, defaults);
    const parsed = notificationTemplateSchema.safeParse(override);
    if (!parsed.success) return undefined;
    const ask = ++asked.current;
    const timer = setTimeout(() => {
      previewNotificationTemplate(parsed.data).then(
        (answer) => { if (ask === asked.current) { setPreview(answer); setPreviewError(undefined); } },
        (error: unknown) => { if (ask === asked.current) setPreviewError(errorText(error)); },
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [defaults, errorText, key, values]);

  const insert = useCallback((placeholder: string) => {
    const name = focused.current ?? fieldNames[fieldNames.length > 1 ? 1 : 0] ?? fieldNames[0];
    if (name === undefined) return;
    const input = inputs.current[name];
    const current = getValues(name);
    const start = input?.selectionStart ?? current.length;
    const end = input?.selectionEnd ?? start;
    const text = `{${placeholder}}`;
    setValue(name, `${current.slice(0, start)}${text}${current.slice(end)}`, { shouldDirty: true });
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + text.length, start + text.length);
    });
  }, [fieldNames, getValues, setValue]);

  const save = async () => {
    clearErrors();
    const fields = getValues();
    const parsed = notificationTemplateSchema.safeParse(overrideOf(key, fields, defaults));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) setError(String(issue.path[0]) as TemplateField, { message: messageText(issue.message) });
      return;
    }
    let refused = false;
    for (const name of fieldNames) {
      const unknown = unknownPlaceholdersOf({ ...key, [name]: fields[name] } as NotificationTemplateOverride);
      if (unknown.length > 0) {
        setError(name, { message: t('notificationTemplates.unknownPlaceholders', { names: unknown.map((placeholder) => `{${placeholder}}`).join(', ') }) });
        refused = true;
      }
    }
    if (refused) {
      enqueueSnackbar(messageText(unknownPlaceholdersMessage(unknownPlaceholdersOf(parsed.data))), { variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      await saveNotificationTemplate(parsed.data);
      await templates.mutate();
      enqueueSnackbar(t('notificationTemplates.saved'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorText(error), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const resetToDefault = async () => {
    setBusy(true);
    try {
      if (stored !== undefined) await resetNotificationTemplate(key);
      await templates.mutate();
      reset(defaults);
      enqueueSnackbar(t('notificationTemplates.resetDone'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorText(error), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const choose = <K extends keyof Selection>(name: K) => (event: { target: { value: string } }) =>
    setSelection((current) => ({ ...current, [name]: event.target.value as Selection[K] }));

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>{t('notificationTemplates.title')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{t('notificationTemplates.intro')}</Typography>
      {templates.error ? <Alert severity="error" sx={{ mb: 2 }}>{errorText(templates.error)}</Alert> : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
        <TextField select size="small" label={t('notificationTemplates.kind')} value={selection.kind} onChange={choose('kind')} sx={{ minWidth: 180 }}>
          {TEMPLATE_KINDS.map((kind) => <MenuItem key={kind} value={kind}>{t(`notificationTemplates.kinds.${kind}`)}</MenuItem>)}
        </TextField>
        <TextField
          select size="small" label={t('notificationTemplates.alarmType')} value={selection.kind === 'test' ? 'any' : selection.alarmType}
          onChange={choose('alarmType')} disabled={selection.kind === 'test'} sx={{ minWidth: 180 }}
        >
          <MenuItem value="any">{t('notificationTemplates.anyType')}</MenuItem>
          {ALARM_TYPES.map((type) => <MenuItem key={type} value={type}>{t(ALARM_TYPE_CATALOGUE[type].labelKey)}</MenuItem>)}
        </TextField>
        <TextField select size="small" label={t('notificationTemplates.channel')} value={selection.channel} onChange={choose('channel')} sx={{ minWidth: 140 }}>
          {NOTIFICATION_CHANNELS.map((channel) => <MenuItem key={channel} value={channel}>{t(CHANNELS[channel].labelKey)}</MenuItem>)}
        </TextField>
        <TextField select size="small" label={t('notificationTemplates.language')} value={selection.language} onChange={choose('language')} sx={{ minWidth: 140 }}>
          {LANGUAGES.map((language) => <MenuItem key={language} value={language}>{t(`languages.${language}`)}</MenuItem>)}
        </TextField>
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {stored === undefined ? t('notificationTemplates.usingDefault') : t('notificationTemplates.usingCustom', { by: stored.updatedBy })}
            </Typography>
            <Box role="group" aria-label={t('notificationTemplates.placeholders')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 2 }}>
              {TEMPLATE_PLACEHOLDERS.map((placeholder) => (
                <Chip
                  key={placeholder} size="small" label={`{${placeholder}}`} onClick={() => insert(placeholder)}
                  aria-label={t('notificationTemplates.insert', { placeholder: `{${placeholder}}` })}
                  onMouseDown={(event) => event.preventDefault()}
                />
              ))}
            </Box>
            <Stack spacing={2}>
              {fieldNames.map((name) => {
                const { ref, ...field } = register(name);
                return (
                  <TextField
                    key={`${key.kind}-${key.channel}-${key.language}-${key.alarmType ?? 'any'}-${name}`}
                    {...field}
                    inputRef={(element: HTMLInputElement | HTMLTextAreaElement | null) => { ref(element); inputs.current[name] = element; }}
                    onFocus={() => { focused.current = name; }}
                    label={t(`notificationTemplates.fields.${name}`)}
                    multiline={MULTILINE.has(name)} minRows={MULTILINE.has(name) ? 3 : undefined} maxRows={12} fullWidth
                    error={errors[name] !== undefined} helperText={errors[name]?.message}
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                );
              })}
            </Stack>
            <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
              <Button variant="contained" onClick={() => { void save(); }} disabled={busy}>{t('notificationTemplates.save')}</Button>
              <Button onClick={() => { void resetToDefault(); }} disabled={busy}>{t('notificationTemplates.reset')}</Button>
            </Stack>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper variant="outlined" sx={{ p: 2 }} aria-label={t('notificationTemplates.preview')} role="region">
            <Typography variant="subtitle2" sx={{ mb: 1 }}>{t('notificationTemplates.preview')}</Typography>
            {previewError ? <Alert severity="error">{previewError}</Alert> : null}
            {preview !== undefined && preview.unknownPlaceholders.length > 0 ? (
              <Alert severity="warning" sx={{ mb: 1 }}>
                {t('notificationTemplates.unknownPlaceholders', { names: preview.unknownPlaceholders.map((name) => `{${name}}`).join(', ') })}
              </Alert>
            ) : null}
            {preview === undefined || preview.channel !== key.channel ? null : <MessagePreview preview={preview} />}
          </Paper>
        </Grid>
      </Grid>
    </Box>
  );
}

/** The message as it would look: an email's subject and body, a text's length and parts, a push, a call's words. */
function MessagePreview({ preview }: { preview: TemplatePreview }) {
  const { t } = useTranslation();
  const { message } = preview;
  const plain = (text: string | undefined) => (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text ?? ''}</Typography>
  );
  switch (preview.channel) {
    case 'email':
      return (
        <Stack spacing={1}>
          <Typography variant="body2"><strong>{t('notificationTemplates.fields.subject')}:</strong> {message.subject}</Typography>
          {/* The HTML part, in a frame that runs nothing. */}
          <Box
            component="iframe" title={t('notificationTemplates.emailBody')} sandbox="" srcDoc={message.html ?? ''}
            sx={{ width: '100%', minHeight: 220, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'common.white' }}
          />
          <details>
            <summary>{t('notificationTemplates.fields.text')}</summary>
            {plain(message.text)}
          </details>
        </Stack>
      );
    case 'text':
    case 'pager': {
      const { characters, parts } = smsParts(message.body ?? '');
      return (
        <Stack spacing={1}>
          <Box sx={{ bgcolor: 'action.hover', borderRadius: 2, p: 1.5, maxWidth: 360 }}>{plain(message.body)}</Box>
          <Typography variant="caption" color="text.secondary">{t('notificationTemplates.smsCount', { characters, parts })}</Typography>
        </Stack>
      );
    }
    case 'push':
      return (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, maxWidth: 360 }}>
          <Typography variant="body2" sx={{ fontWeight: 'bold' }}>{message.title}</Typography>
          {plain(message.body)}
        </Box>
      );
    default:
      return plain(message.script);
  }
}
