import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { checklistInputSchema, SCHEDULE_TYPES, type Checklist, type ChecklistInput, type ScheduleType } from '@domain/haccp/checklist';
import type { QuestionTemplate } from '@domain/haccp/question';
import { ApiError } from '../../../api/ApiError';
import { FormDialog } from '../../../components/FormDialog';
import { useErrorText } from '../../../components/useErrorText';
import { useMessageText } from '../../../i18n/messages';
import { QuestionEditor, type Choice } from './QuestionEditor';
import { draftOf, emptyDraft, inputOf, refusalsByPath, type QuestionDraft } from './questionDraft';
import type { ChecklistChoices } from './useChecklistChoices';

interface ChecklistForm {
  name: string;
  groupId: string;
  description: string;
  siteId: string;
  locationIds: string[];
  shiftId: string;
  departmentIds: string[];
  divisionIds: string[];
  notificationGroupId: string;
  allowPartialUpload: boolean;
  allowManualReadings: boolean;
  allowNotApplicable: boolean;
  scheduleType: ScheduleType;
}

const formOf = (checklist: Checklist | undefined): ChecklistForm => ({
  name: checklist?.name ?? '',
  groupId: checklist?.groupId ?? '',
  description: checklist?.description ?? '',
  siteId: checklist?.siteId ?? '',
  locationIds: checklist?.locationIds ?? [],
  shiftId: checklist?.shiftId ?? '',
  departmentIds: checklist?.departmentIds ?? [],
  divisionIds: checklist?.divisionIds ?? [],
  notificationGroupId: checklist?.notificationGroupId ?? '',
  allowPartialUpload: checklist?.allowPartialUpload ?? false,
  allowManualReadings: checklist?.allowManualReadings ?? false,
  allowNotApplicable: checklist?.allowNotApplicable ?? false,
  scheduleType: checklist?.scheduleType ?? 'location',
});

export interface ChecklistDialogProps {
  checklist?: Checklist;
  choices: ChecklistChoices;
  /** The Question List: a question is added to the checklist as a copy. */
  templates: readonly QuestionTemplate[];
  /** Throws (an ApiError) when the API refuses; shown in the dialog. */
  onSave(input: ChecklistInput): Promise<void>;
  onClose(): void;
}

/**
 * Add or edit a checklist (SPEC sections 4, 5 "Checklist"): its fields and its questions. The
 * domain's schema judges the whole form before any call; each refusal shows at its field.
 */
export function ChecklistDialog({ checklist, choices, templates, onSave, onClose }: ChecklistDialogProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const errorText = useErrorText();
  const [form, setForm] = useState<ChecklistForm>(() => formOf(checklist));
  const [questions, setQuestions] = useState<QuestionDraft[]>(() => (checklist?.questions ?? []).map((question) => draftOf(question)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [templateId, setTemplateId] = useState('');
  const set = (changes: Partial<ChecklistForm>) => setForm((current) => ({ ...current, ...changes }));
  const errorOf = (field: string) => (errors[field] === undefined ? {} : { error: true, helperText: messageText(errors[field]) });
  const questionErrors = Object.fromEntries(Object.entries(errors).flatMap(([path, message]) => (path.startsWith('questions.') ? [[path.slice('questions.'.length), message]] : [])));

  const submit = async () => {
    const input: ChecklistInput = { ...form, questions: questions.map(inputOf) };
    const parsed = checklistInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(refusalsByPath(parsed.error.issues));
      return;
    }
    setErrors({});
    setFailure(undefined);
    setBusy(true);
    try {
      await onSave(input);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const field = error.field;
      if (field !== undefined) setErrors({ [field]: error.message });
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const single = (field: 'groupId' | 'siteId' | 'shiftId' | 'notificationGroupId', options: Choice[], required: boolean, changes: (value: string) => Partial<ChecklistForm> = (value) => ({ [field]: value })) => (
    <TextField select size="small" label={t(`haccpChecklists.fields.${field}`)} value={form[field]} required={required} onChange={(event) => set(changes(event.target.value))} {...errorOf(field)}>
      {!required && <MenuItem value="">{t('haccpChecklists.question.none')}</MenuItem>}
      {options.map((option) => <MenuItem key={option.value} value={option.value}>{option.label}</MenuItem>)}
    </TextField>
  );
  const multiple = (field: 'locationIds' | 'departmentIds' | 'divisionIds', options: Choice[], required: boolean) => (
    <TextField
      select
      size="small"
      label={t(`haccpChecklists.fields.${field}`)}
      value={form[field]}
      required={required}
      slotProps={{ select: { multiple: true } }}
      onChange={(event) => set({ [field]: event.target.value as unknown as string[] })}
      {...errorOf(field)}
    >
      {options.map((option) => <MenuItem key={option.value} value={option.value}>{option.label}</MenuItem>)}
    </TextField>
  );
  const flag = (field: 'allowPartialUpload' | 'allowManualReadings' | 'allowNotApplicable') => (
    <FormControlLabel label={t(`haccpChecklists.fields.${field}`)} control={<Checkbox checked={form[field]} onChange={(event) => set({ [field]: event.target.checked })} />} />
  );
  const template = templates.find((one) => one.id === templateId);

  return (
    <FormDialog
      title={t(checklist === undefined ? 'haccpChecklists.addTitle' : 'haccpChecklists.editTitle')}
      maxWidth="md"
      busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onClose={onClose}
      cancelLabel={t('catalog.cancel')}
      submitLabel={t('catalog.save')}
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        {failure !== undefined && <Alert severity="error">{failure}</Alert>}
        <TextField size="small" label={t('haccpChecklists.fields.name')} value={form.name} required autoFocus onChange={(event) => set({ name: event.target.value })} {...errorOf('name')} />
        {single('groupId', choices.groups, false)}
        <TextField size="small" label={t('haccpChecklists.fields.description')} value={form.description} multiline minRows={2} onChange={(event) => set({ description: event.target.value })} {...errorOf('description')} />
        {single('siteId', choices.sites, true, (siteId) => ({ siteId, locationIds: [], shiftId: '' }))}
        {multiple('locationIds', choices.locationsOf(form.siteId), true)}
        {single('shiftId', choices.shifts.filter((shift) => shift.siteId === form.siteId), true)}
        {multiple('departmentIds', choices.departments, false)}
        {multiple('divisionIds', choices.divisions, false)}
        {single('notificationGroupId', choices.notificationGroups, false)}
        <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
          {flag('allowPartialUpload')}
          {flag('allowManualReadings')}
          {flag('allowNotApplicable')}
        </Stack>
        <TextField select size="small" label={t('haccpChecklists.fields.scheduleType')} value={form.scheduleType} onChange={(event) => set({ scheduleType: event.target.value as ScheduleType })}>
          {SCHEDULE_TYPES.map((type) => <MenuItem key={type} value={type}>{t(`haccpChecklists.scheduleTypes.${type}`)}</MenuItem>)}
        </TextField>
        <Typography variant="h6">{t('haccpChecklists.questionsHeading')}</Typography>
        {errors['questions'] !== undefined && <Alert severity="error">{messageText(errors['questions'])}</Alert>}
        <QuestionEditor questions={questions} onChange={setQuestions} errors={questionErrors} choices={choices} />
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button startIcon={<AddIcon />} onClick={() => setQuestions((current) => [...current, emptyDraft()])}>{t('haccpChecklists.addQuestion')}</Button>
          <TextField select size="small" sx={{ minWidth: 240 }} label={t('haccpChecklists.fromQuestionList')} value={templateId} onChange={(event) => setTemplateId(event.target.value)}>
            {templates.map((one) => <MenuItem key={one.id} value={one.id}>{one.text}</MenuItem>)}
          </TextField>
          <Button
            disabled={template === undefined}
            onClick={() => {
              if (template === undefined) return;
              setQuestions((current) => [...current, draftOf(template, false)]);
              setTemplateId('');
            }}
          >
            {t('haccpChecklists.addFromQuestionList')}
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
