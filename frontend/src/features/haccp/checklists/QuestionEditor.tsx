import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { QUESTION_TYPES, type QuestionType } from '@domain/haccp/question';
import { useMessageText } from '../../../i18n/messages';
import { canAddAdditionalField, canAddOption, hasOptions, hasRange, moveItem, withType, type QuestionDraft } from './questionDraft';

export interface Choice {
  value: string;
  label: string;
}

/** What a question may name: the organisation's sensors, standard corrective actions and information items. */
export interface QuestionChoices {
  sensors: Choice[];
  correctiveActions: Choice[];
  information: Choice[];
}

interface QuestionCardProps {
  draft: QuestionDraft;
  /** The question's number (1 first) in its list; undefined for a lone question (the Question List's). */
  position?: number;
  /** The refusals of this question by field (`min`, `options.0.name`). */
  errors: Record<string, string>;
  choices: QuestionChoices;
  onChange(draft: QuestionDraft): void;
}

/** One question's fields, those of its type only. */
export function QuestionFields({ draft, position, errors, choices, onChange }: QuestionCardProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const prefix = position === undefined ? '' : t('haccpChecklists.question.numbered', { position });
  const label = (key: 'text' | 'type' | 'min' | 'max' | 'warnAt' | 'replaceAt' | 'sensorId' | 'dishwasherSensorId' | 'informationId' | 'optionName' | 'correctiveAction' | 'additionalField') =>
    `${prefix}${t(`haccpChecklists.question.${key}`)}`;
  const errorOf = (field: string) => (errors[field] === undefined ? {} : { error: true, helperText: messageText(errors[field]) });
  const set = (changes: Partial<QuestionDraft>) => onChange({ ...draft, ...changes });
  const select = (field: 'sensorId' | 'informationId' | 'dishwasherSensorId', options: Choice[], required: boolean) => (
    <TextField select size="small" label={label(field)} value={draft[field]} required={required} onChange={(event) => set({ [field]: event.target.value })} {...errorOf(field)}>
      <MenuItem value="">{t('haccpChecklists.question.none')}</MenuItem>
      {options.map((option) => <MenuItem key={option.value} value={option.value}>{option.label}</MenuItem>)}
    </TextField>
  );
  const number = (field: 'min' | 'max' | 'warnAt' | 'replaceAt') => (
    <TextField size="small" label={label(field)} value={draft[field]} required inputMode="decimal" onChange={(event) => set({ [field]: event.target.value })} {...errorOf(field)} />
  );

  return (
    <Stack sx={{ gap: 1.5 }}>
      <TextField size="small" label={label('text')} value={draft.text} required onChange={(event) => set({ text: event.target.value })} {...errorOf('text')} />
      <TextField select size="small" label={label('type')} value={draft.type} required onChange={(event) => onChange(withType(draft, event.target.value as QuestionType))} {...errorOf('type')}>
        {QUESTION_TYPES.map((type) => <MenuItem key={type} value={type}>{t(`haccpChecklists.types.${type}`)}</MenuItem>)}
      </TextField>
      {hasRange(draft.type) && <Stack direction="row" sx={{ gap: 1 }}>{number('min')}{number('max')}</Stack>}
      {draft.type === 'oilQuality' && <Stack direction="row" sx={{ gap: 1 }}>{number('warnAt')}{number('replaceAt')}</Stack>}
      {draft.type === 'sensorTemperature' && select('sensorId', choices.sensors, true)}
      {draft.type === 'dishwasher' && (
        <TextField size="small" label={label('dishwasherSensorId')} value={draft.dishwasherSensorId} required onChange={(event) => set({ dishwasherSensorId: event.target.value })} {...errorOf('dishwasherSensorId')} />
      )}
      {hasOptions(draft.type) && (
        <Stack sx={{ gap: 1 }}>
          <Typography variant="subtitle2">{t('haccpChecklists.question.options')}</Typography>
          {errors['options'] !== undefined && <Typography color="error" variant="body2">{messageText(errors['options'])}</Typography>}
          {draft.options.map((option, index) => (
            <Stack key={index} direction="row" sx={{ gap: 1, alignItems: 'center' }}>
              <TextField
                size="small"
                label={`${label('optionName')} ${index + 1}`}
                value={option.name}
                required
                onChange={(event) => set({ options: draft.options.map((one, at) => (at === index ? { ...one, name: event.target.value } : one)) })}
                {...errorOf(`options.${index}.name`)}
              />
              <FormControlLabel
                label={t('haccpChecklists.question.isException')}
                control={<Checkbox checked={option.isException} onChange={(event) => set({ options: draft.options.map((one, at) => (at === index ? { ...one, isException: event.target.checked } : one)) })} />}
              />
              {draft.type !== 'yesNo' && (
                <IconButton aria-label={t('haccpChecklists.question.removeOption', { position: index + 1 })} onClick={() => set({ options: draft.options.filter((_, at) => at !== index) })}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              )}
            </Stack>
          ))}
          {draft.type !== 'yesNo' && (
            <Box>
              <Button size="small" startIcon={<AddIcon />} disabled={!canAddOption(draft)} onClick={() => set({ options: [...draft.options, { name: '', isException: false }] })}>
                {t('haccpChecklists.question.addOption')}
              </Button>
            </Box>
          )}
        </Stack>
      )}
      {select('informationId', choices.information, false)}
      <Stack sx={{ gap: 1 }}>
        <Typography variant="subtitle2">{t('haccpChecklists.question.correctiveActions')}</Typography>
        {errors['correctiveActionIds'] !== undefined && <Typography color="error" variant="body2">{messageText(errors['correctiveActionIds'])}</Typography>}
        {draft.correctiveActionIds.map((actionId, index) => (
          <Stack key={index} direction="row" sx={{ gap: 1, alignItems: 'center' }}>
            <TextField
              select
              size="small"
              sx={{ minWidth: 240 }}
              label={`${label('correctiveAction')} ${index + 1}`}
              value={actionId}
              required
              onChange={(event) => set({ correctiveActionIds: draft.correctiveActionIds.map((one, at) => (at === index ? event.target.value : one)) })}
              {...errorOf(`correctiveActionIds.${index}`)}
            >
              {choices.correctiveActions.map((option) => <MenuItem key={option.value} value={option.value}>{option.label}</MenuItem>)}
            </TextField>
            <IconButton aria-label={t('haccpChecklists.question.removeCorrectiveAction', { position: index + 1 })} onClick={() => set({ correctiveActionIds: draft.correctiveActionIds.filter((_, at) => at !== index) })}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Stack>
        ))}
        <Box>
          <Button size="small" startIcon={<AddIcon />} onClick={() => set({ correctiveActionIds: [...draft.correctiveActionIds, ''] })}>{t('haccpChecklists.question.addCorrectiveAction')}</Button>
        </Box>
      </Stack>
      <Stack sx={{ gap: 1 }}>
        <Typography variant="subtitle2">{t('haccpChecklists.question.additionalFields')}</Typography>
        {errors['additionalFields'] !== undefined && <Typography color="error" variant="body2">{messageText(errors['additionalFields'])}</Typography>}
        {draft.additionalFields.map((field, index) => (
          <Stack key={index} direction="row" sx={{ gap: 1, alignItems: 'center' }}>
            <TextField
              size="small"
              label={`${label('additionalField')} ${index + 1}`}
              value={field.name}
              required
              onChange={(event) => set({ additionalFields: draft.additionalFields.map((one, at) => (at === index ? { ...one, name: event.target.value } : one)) })}
              {...errorOf(`additionalFields.${index}.name`)}
            />
            <IconButton aria-label={t('haccpChecklists.question.removeAdditionalField', { position: index + 1 })} onClick={() => set({ additionalFields: draft.additionalFields.filter((_, at) => at !== index) })}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Stack>
        ))}
        <Box>
          <Button size="small" startIcon={<AddIcon />} disabled={!canAddAdditionalField(draft)} onClick={() => set({ additionalFields: [...draft.additionalFields, { name: '' }] })}>
            {t('haccpChecklists.question.addAdditionalField')}
          </Button>
        </Box>
      </Stack>
      <FormControlLabel label={t('haccpChecklists.question.required')} control={<Checkbox checked={draft.required} onChange={(event) => set({ required: event.target.checked })} />} />
    </Stack>
  );
}

export interface QuestionEditorProps {
  questions: QuestionDraft[];
  onChange(questions: QuestionDraft[]): void;
  /** Refusals by path within the list (`0.min`). */
  errors: Record<string, string>;
  choices: QuestionChoices;
}

/** Refusals of one question, its index's prefix taken off. */
const errorsOf = (errors: Record<string, string>, index: number): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).flatMap(([path, message]) => (path.startsWith(`${index}.`) ? [[path.slice(`${index}.`.length), message]] : [])));

/** A checklist's questions: each with its type's fields, reordered by drag (the handle) or up and down, removed. */
export function QuestionEditor({ questions, onChange, errors, choices }: QuestionEditorProps) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<number | undefined>(undefined);
  const replace = (index: number, draft: QuestionDraft) => onChange(questions.map((one, at) => (at === index ? draft : one)));

  return (
    <Stack sx={{ gap: 2 }}>
      {questions.map((draft, index) => (
        <Paper
          key={draft.key}
          variant="outlined"
          sx={{ p: 2 }}
          data-testid="question-card"
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => {
            event.preventDefault();
            if (dragged !== undefined) onChange(moveItem(questions, dragged, index));
            setDragged(undefined);
          }}
        >
          <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 0.5 }}>
            <Box
              draggable
              aria-label={t('haccpChecklists.question.drag', { position: index + 1 })}
              role="button"
              sx={{ cursor: 'grab', display: 'flex' }}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                setDragged(index);
              }}
            >
              <DragIndicatorIcon fontSize="small" />
            </Box>
            <Typography variant="subtitle1" sx={{ flex: 1 }}>{t('haccpChecklists.question.heading', { position: index + 1 })}</Typography>
            <IconButton aria-label={t('haccpChecklists.question.moveUp', { position: index + 1 })} disabled={index === 0} onClick={() => onChange(moveItem(questions, index, index - 1))}>
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
            <IconButton aria-label={t('haccpChecklists.question.moveDown', { position: index + 1 })} disabled={index === questions.length - 1} onClick={() => onChange(moveItem(questions, index, index + 1))}>
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
            <IconButton aria-label={t('haccpChecklists.question.remove', { position: index + 1 })} onClick={() => onChange(questions.filter((_, at) => at !== index))}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Stack>
          <QuestionFields draft={draft} position={index + 1} errors={errorsOf(errors, index)} choices={choices} onChange={(changed) => replace(index, changed)} />
        </Paper>
      ))}
    </Stack>
  );
}
