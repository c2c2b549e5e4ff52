import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { checklistCopyInputSchema } from '@domain/haccp/checklist';
import { ApiError } from '../../../api/ApiError';
import { useErrorText } from '../../../components/useErrorText';
import { useMessageText } from '../../../i18n/messages';
import { copyChecklist, useChecklists } from './api';
import { refusalsByPath } from './questionDraft';
import { useChecklistChoices } from './useChecklistChoices';

/**
 * HACCP > Copy Checklist (SPEC section 2; issue 15 section 1): a checklist with its questions
 * copied under a new name to another site (or other locations of its own), on a shift there.
 */
export default function CopyChecklistPage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const errorText = useErrorText();
  const checklists = useChecklists();
  const choices = useChecklistChoices();
  const [sourceId, setSourceId] = useState('');
  const [name, setName] = useState('');
  const [siteId, setSiteId] = useState('');
  const [locationIds, setLocationIds] = useState<string[]>([]);
  const [shiftId, setShiftId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; text: string } | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const errorOf = (field: string) => (errors[field] === undefined ? {} : { error: true, helperText: messageText(errors[field]) });

  const submit = async () => {
    const input = { name, siteId, locationIds, shiftId };
    const parsed = checklistCopyInputSchema.safeParse(input);
    const refusals = parsed.success ? {} : refusalsByPath(parsed.error.issues);
    if (sourceId === '') refusals['sourceId'] = t('haccpChecklists.copy.sourceRequired');
    setErrors(refusals);
    if (Object.keys(refusals).length > 0) return;
    setBusy(true);
    setOutcome(undefined);
    try {
      const copy = await copyChecklist(sourceId, input);
      setOutcome({ severity: 'success', text: t('haccpChecklists.copy.done', { name: copy.name }) });
      await checklists.mutate();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // A sensor of another site is not copied (lambdas/checklists/store.ts): the refusal names the question's field; the page names the question.
      const sensorQuestion = /^questions\.(\d+)\.(sensorId|dishwasherSensorId)$/.exec(error.field ?? '')?.[1];
      const question = sensorQuestion === undefined ? undefined : checklists.data?.find((checklist) => checklist.id === sourceId)?.questions[Number(sensorQuestion)];
      setOutcome({ severity: 'error', text: question === undefined ? errorText(error) : `${errorText(error)} (${question.text})` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack sx={{ gap: 2, maxWidth: 640 }}>
      <Typography variant="h5" component="h1">{t('haccpChecklists.copy.title')}</Typography>
      <Typography variant="body2" color="text.secondary">{t('haccpChecklists.copy.intro')}</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          component="form"
          noValidate
          sx={{ gap: 2 }}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {outcome !== undefined && <Alert severity={outcome.severity}>{outcome.text}</Alert>}
          <TextField
            select
            size="small"
            required
            label={t('haccpChecklists.copy.source')}
            value={sourceId}
            onChange={(event) => {
              setSourceId(event.target.value);
              const source = checklists.data?.find((checklist) => checklist.id === event.target.value);
              if (source !== undefined && name === '') setName(t('haccpChecklists.copy.defaultName', { name: source.name }));
            }}
            {...(errors['sourceId'] === undefined ? {} : { error: true, helperText: errors['sourceId'] })}
          >
            {(checklists.data ?? []).map((checklist) => <MenuItem key={checklist.id} value={checklist.id}>{checklist.name}</MenuItem>)}
          </TextField>
          <TextField size="small" required label={t('haccpChecklists.copy.name')} value={name} onChange={(event) => setName(event.target.value)} {...errorOf('name')} />
          <TextField
            select
            size="small"
            required
            label={t('haccpChecklists.fields.siteId')}
            value={siteId}
            onChange={(event) => {
              setSiteId(event.target.value);
              setLocationIds([]);
              setShiftId('');
            }}
            {...errorOf('siteId')}
          >
            {choices.sites.map((site) => <MenuItem key={site.value} value={site.value}>{site.label}</MenuItem>)}
          </TextField>
          <TextField
            select
            size="small"
            required
            label={t('haccpChecklists.fields.locationIds')}
            value={locationIds}
            slotProps={{ select: { multiple: true } }}
            onChange={(event) => setLocationIds(event.target.value as unknown as string[])}
            {...errorOf('locationIds')}
          >
            {choices.locationsOf(siteId).map((location) => <MenuItem key={location.value} value={location.value}>{location.label}</MenuItem>)}
          </TextField>
          <TextField select size="small" required label={t('haccpChecklists.fields.shiftId')} value={shiftId} onChange={(event) => setShiftId(event.target.value)} {...errorOf('shiftId')}>
            {choices.shifts.filter((shift) => shift.siteId === siteId).map((shift) => <MenuItem key={shift.value} value={shift.value}>{shift.label}</MenuItem>)}
          </TextField>
          <Stack direction="row">
            <Button type="submit" variant="contained" disabled={busy}>{t('haccpChecklists.copy.submit')}</Button>
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
