import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useInformationFile, type AnswerBody, type AnswerValue, type CorrectiveAction, type FillQuestion, type InformationItem, type LiveReading } from '../../../api/haccp';
import { useFormatters } from '../../../i18n/formatters';
import { DEFAULT_YES_NO_OPTIONS, isOilWarning, isOutOfLimits, yesNoOptions, type ShownAnswer } from './answerRules';
import { CorrectiveActionPrompt } from './CorrectiveActionPrompt';
import { PhotoInput } from './PhotoInput';
import { SignaturePad } from './SignaturePad';

/** Every control a finger taps is at least this tall (touch targets, WCAG 2.5.5's 44 px and Material's 48). */
const TOUCH = 48;

const NUMBER_TYPES = new Set<FillQuestion['type']>(['numeric', 'probeTemperature', 'oilQuality', 'sensorTemperature', 'dishwasher']);

export interface QuestionContext {
  correctiveActions: readonly CorrectiveAction[];
  informationItems: readonly InformationItem[];
  liveReadings: Readonly<Record<string, LiveReading>>;
  allowManualReadings: boolean;
  allowNotApplicable: boolean;
  /** Completed or missed: shown, not answered. */
  readOnly: boolean;
}

interface Draft {
  value: AnswerValue | undefined;
  /** What is typed in a number field, as typed (a decimal comma in French). */
  numberText: string;
  /** A dishwasher's two temperatures, as typed. */
  washText: string;
  rinseText: string;
  /** A sensor question's reading typed in rather than taken from the sensor. */
  manualReading: boolean;
  notApplicable: boolean;
  correctiveActionId: string | undefined;
  correctiveActionText: string;
  additionalFields: Record<string, string>;
}

const isDishwasherValue = (value: AnswerValue | undefined): value is { wash: number; rinse: number } => typeof value === 'object' && !Array.isArray(value);

function draftOf(answer: ShownAnswer | undefined, numberText: (value: number) => string): Draft {
  return {
    value: answer?.value,
    numberText: typeof answer?.value === 'number' ? numberText(answer.value) : '',
    washText: isDishwasherValue(answer?.value) ? numberText(answer.value.wash) : '',
    rinseText: isDishwasherValue(answer?.value) ? numberText(answer.value.rinse) : '',
    manualReading: answer?.manualReading === true,
    notApplicable: answer?.notApplicable === true,
    correctiveActionId: answer?.correctiveActionId,
    correctiveActionText: answer?.correctiveActionText ?? '',
    additionalFields: answer?.additionalFields ?? {},
  };
}

function InformationPanel({ item }: { item: InformationItem }) {
  const { t } = useTranslation();
  const file = useInformationFile(item);
  const isPicture = item.contentType?.startsWith('image/') === true;
  const url = file.data?.url;
  return (
    <Box component="aside" aria-label={t('haccpFilling.information', { name: item.name })} sx={{ p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
      <Typography variant="subtitle2">{item.name}</Typography>
      {item.text !== '' && <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>{item.text}</Typography>}
      {url !== undefined && isPicture && <Box component="img" src={url} alt={item.fileName ?? item.name} sx={{ mt: 1, maxWidth: '100%', maxHeight: 320, objectFit: 'contain' }} />}
      {url !== undefined && !isPicture && (
        <Link href={url} target="_blank" rel="noopener" sx={{ display: 'inline-flex', alignItems: 'center', minHeight: TOUCH }}>
          {t('haccpFilling.openDocument', { name: item.fileName ?? item.name })}
        </Link>
      )}
    </Box>
  );
}

function StatusChip({ answer }: { answer: ShownAnswer | undefined }) {
  const { t } = useTranslation();
  if (answer === undefined) return null;
  if (answer.status === 'sent') return <Chip size="small" color="success" variant="outlined" label={t('haccpFilling.answerSent')} />;
  if (answer.status === 'waiting') return <Chip size="small" color="warning" variant="outlined" label={t('haccpFilling.answerWaiting')} />;
  return <Chip size="small" color="error" label={t('haccpFilling.answerRefused')} />;
}

/** Choices as large buttons, one a row: a kitchen glove finds them. */
function ChoiceButtons({ options, value, multiple, disabled, label, onChange }: {
  options: readonly { id: string; name: string }[];
  value: AnswerValue | undefined;
  multiple: boolean;
  disabled: boolean;
  label: string;
  onChange: (value: AnswerValue | undefined) => void;
}) {
  const chosen = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  const buttons = options.map((option) => (
    <ToggleButton key={option.id} value={option.id} sx={{ minHeight: 56, justifyContent: 'flex-start', textTransform: 'none', fontSize: '1rem' }}>{option.name}</ToggleButton>
  ));
  if (multiple) {
    return (
      <ToggleButtonGroup orientation="vertical" fullWidth value={chosen} disabled={disabled} aria-label={label} onChange={(_event, next: string[]) => onChange(next.length === 0 ? undefined : next)}>
        {buttons}
      </ToggleButtonGroup>
    );
  }
  return (
    <ToggleButtonGroup orientation="vertical" fullWidth exclusive value={chosen[0] ?? null} disabled={disabled} aria-label={label} onChange={(_event, next: string | null) => onChange(next ?? undefined)}>
      {buttons}
    </ToggleButtonGroup>
  );
}

/**
 * One question with the control its type asks for, the information item at hand, N/A where the
 * checklist allows it, the corrective action when the answer is out of its limits, and its save.
 */
export function QuestionCard({ question, position, total, answer, context, onSave }: {
  question: FillQuestion;
  position: number;
  total: number;
  answer: ShownAnswer | undefined;
  context: QuestionContext;
  onSave: (question: FillQuestion, body: Omit<AnswerBody, 'idempotencyKey' | 'answeredAt'>) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const headingId = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(answer, (value) => format.number(value, { maximumFractionDigits: 2 })));
  const [dirty, setDirty] = useState(false);
  const change = (next: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setDirty(true);
  };
  const disabled = context.readOnly;
  const information = question.informationId === undefined ? undefined : context.informationItems.find((item) => item.id === question.informationId);
  const actions = question.correctiveActionIds.flatMap((id) => context.correctiveActions.filter((action) => action.id === id));
  const sensorId = question.type === 'dishwasher' ? question.dishwasherSensorId ?? question.sensorId : question.sensorId;
  const reading = sensorId === undefined ? undefined : context.liveReadings[sensorId];
  // As the API judges it: a sensor question with its sensor; typing its reading in needs allowManualReadings.
  const readsSensor = (question.type === 'sensorTemperature' || question.type === 'dishwasher') && sensorId !== undefined;
  const typedIn = NUMBER_TYPES.has(question.type) && (!readsSensor || context.allowManualReadings);
  const invalidText = (text: string) => text.trim() !== '' && format.parseNumber(text) === undefined;
  const numberInvalid = question.type === 'dishwasher' ? invalidText(draft.washText) || invalidText(draft.rinseText) : NUMBER_TYPES.has(question.type) && invalidText(draft.numberText);
  const exception = !draft.notApplicable && isOutOfLimits(question, draft.value);
  const hasValue = draft.value !== undefined && draft.value !== '' && !(Array.isArray(draft.value) && draft.value.length === 0);
  const correctiveChosen = draft.correctiveActionId !== undefined || draft.correctiveActionText.trim() !== '';
  const complete = draft.notApplicable || (hasValue && !numberInvalid && (!exception || correctiveChosen));

  const numberText = (value: number) => format.number(value, { maximumFractionDigits: 2 });
  const setNumberText = (text: string) => change({ numberText: text, value: format.parseNumber(text), manualReading: readsSensor });
  const setDishwasherText = (next: { washText?: string; rinseText?: string }) => {
    const washText = next.washText ?? draft.washText;
    const rinseText = next.rinseText ?? draft.rinseText;
    const wash = format.parseNumber(washText);
    const rinse = format.parseNumber(rinseText);
    change({ washText, rinseText, value: wash === undefined || rinse === undefined ? undefined : { wash, rinse }, manualReading: readsSensor });
  };
  // The sensor's reading taken as the answer: a dishwasher sensor's wash on its first channel, its
  // rinse on its second (a sensor with one channel gives both alike).
  const takeReading = ({ value, secondValue }: { value: number; secondValue?: number }) => {
    if (question.type !== 'dishwasher') return change({ numberText: numberText(value), value, manualReading: false });
    const rinse = secondValue ?? value;
    return change({ washText: numberText(value), rinseText: numberText(rinse), value: { wash: value, rinse }, manualReading: false });
  };
  const limits = question.min !== undefined || question.max !== undefined
    ? t('haccpFilling.allowedRange', { min: question.min === undefined ? '–' : format.number(question.min, { maximumFractionDigits: 2 }), max: question.max === undefined ? '–' : format.number(question.max, { maximumFractionDigits: 2 }) })
    : undefined;

  const save = () => {
    const body: Omit<AnswerBody, 'idempotencyKey' | 'answeredAt'> = draft.notApplicable
      ? { notApplicable: true }
      : { ...(draft.value === undefined ? {} : { value: draft.value }), ...(draft.manualReading && readsSensor ? { manualReading: true } : {}) };
    if (exception) {
      if (draft.correctiveActionId !== undefined) body.correctiveActionId = draft.correctiveActionId;
      else body.correctiveActionText = draft.correctiveActionText.trim();
    }
    const fields = Object.fromEntries(Object.entries(draft.additionalFields).filter(([, text]) => text.trim() !== ''));
    if (Object.keys(fields).length > 0) body.additionalFields = fields;
    onSave(question, body);
    setDirty(false);
  };

  let control: ReactNode = null;
  const label = question.text;
  switch (question.type) {
    case 'yesNo': {
      const options = yesNoOptions(question).map((option) => {
        // The standard Yes and No in the user's language; options of the checklist's own as written.
        const standard = DEFAULT_YES_NO_OPTIONS.some((known) => known.id === option.id && known.name === option.name);
        return { id: option.id, name: standard ? t(option.id === 'yes' ? 'haccpFilling.yes' : 'haccpFilling.no') : option.name };
      });
      control = (
        <ToggleButtonGroup exclusive fullWidth value={typeof draft.value === 'string' ? draft.value : null} disabled={disabled || draft.notApplicable} aria-label={label} onChange={(_event, next: string | null) => change({ value: next ?? undefined })}>
          {options.map((option) => <ToggleButton key={option.id} value={option.id} sx={{ minHeight: 64, fontSize: '1.1rem' }}>{option.name}</ToggleButton>)}
        </ToggleButtonGroup>
      );
      break;
    }
    case 'singleChoice':
    case 'multipleChoice':
      control = <ChoiceButtons options={question.options} value={draft.value} multiple={question.type === 'multipleChoice'} disabled={disabled || draft.notApplicable} label={label} onChange={(value) => change({ value })} />;
      break;
    case 'text':
      control = <TextField label={t('haccpFilling.yourAnswer')} multiline minRows={2} fullWidth disabled={disabled || draft.notApplicable} value={typeof draft.value === 'string' ? draft.value : ''} onChange={(event) => change({ value: event.target.value })} />;
      break;
    case 'photo':
      control = <PhotoInput label={label} value={typeof draft.value === 'string' ? draft.value : undefined} disabled={disabled || draft.notApplicable} onChange={(value) => change({ value })} />;
      break;
    case 'signature':
      control = <SignaturePad label={t('haccpFilling.signatureArea', { question: label })} value={typeof draft.value === 'string' ? draft.value : undefined} disabled={disabled || draft.notApplicable} onChange={(value) => change({ value })} />;
      break;
    default: {
      const numberField = (fieldLabel: string, text: string, onText: (text: string) => void, invalid: boolean) => (
        <TextField
          label={fieldLabel}
          value={text}
          disabled={disabled || draft.notApplicable || !typedIn}
          error={invalid}
          helperText={invalid ? t('haccpFilling.notANumber') : undefined}
          onChange={(event) => onText(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', style: { fontSize: '1.25rem' } } }}
          sx={{ maxWidth: 240 }}
        />
      );
      control = (
        <Stack spacing={1}>
          {readsSensor && (reading === undefined ? (
            <Alert severity="info">{t('haccpFilling.noLiveReading')}</Alert>
          ) : (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Typography>
                {t('haccpFilling.liveReading', { value: format.measure(reading.value, reading.unit, { maximumFractionDigits: 2 }), time: format.time(reading.at) })}
              </Typography>
              <Button variant="contained" disabled={disabled || draft.notApplicable} sx={{ minHeight: TOUCH }} onClick={() => takeReading(reading)}>
                {t('haccpFilling.useReading')}
              </Button>
            </Stack>
          ))}
          {question.type === 'dishwasher' ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              {numberField(t('haccpFilling.washTemperature'), draft.washText, (text) => setDishwasherText({ washText: text }), invalidText(draft.washText))}
              {numberField(t('haccpFilling.rinseTemperature'), draft.rinseText, (text) => setDishwasherText({ rinseText: text }), invalidText(draft.rinseText))}
            </Stack>
          ) : (typedIn || draft.numberText !== '') && numberField(readsSensor ? t('haccpFilling.manualReading') : t('haccpFilling.yourAnswer'), draft.numberText, setNumberText, invalidText(draft.numberText))}
          {limits !== undefined && <Typography variant="body2" color="text.secondary">{limits}</Typography>}
          {question.type === 'oilQuality' && (question.warnAt !== undefined || question.replaceAt !== undefined) && (
            <Typography variant="body2" color="text.secondary">
              {t('haccpFilling.oilThresholds', { warn: format.number(question.warnAt, { maximumFractionDigits: 2 }) || '–', replace: format.number(question.replaceAt, { maximumFractionDigits: 2 }) || '–' })}
            </Typography>
          )}
          {isOilWarning(question, draft.value) && !draft.notApplicable && <Alert severity="warning">{t('haccpFilling.oilWarning')}</Alert>}
        </Stack>
      );
    }
  }

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
            <Box>
              <Typography variant="caption" color="text.secondary">{t('haccpFilling.questionOf', { position, total })}</Typography>
              <Typography id={headingId} variant="h6" component="h2" sx={{ fontSize: '1.15rem' }}>
                {question.text}{question.required ? '' : ` ${t('haccpFilling.optional')}`}
              </Typography>
            </Box>
            <StatusChip answer={dirty ? undefined : answer} />
          </Stack>
          {information !== undefined && <InformationPanel item={information} />}
          {control}
          {exception && !disabled && (
            <CorrectiveActionPrompt
              actions={actions}
              actionId={draft.correctiveActionId}
              text={draft.correctiveActionText}
              onChange={({ actionId, text }) => change({ correctiveActionId: actionId, correctiveActionText: text })}
            />
          )}
          {question.additionalFields.map((field) => (
            <TextField
              key={field.id}
              label={field.name}
              disabled={disabled}
              value={draft.additionalFields[field.id] ?? ''}
              onChange={(event) => change({ additionalFields: { ...draft.additionalFields, [field.id]: event.target.value } })}
            />
          ))}
          {!dirty && answer?.status === 'refused' && <Alert severity="error">{answer.refusal}</Alert>}
          {!disabled && (
            <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {context.allowNotApplicable && (
                <ToggleButton value="na" selected={draft.notApplicable} onChange={() => change({ notApplicable: !draft.notApplicable })} sx={{ minHeight: TOUCH, minWidth: 72 }}>
                  {t('haccpFilling.notApplicable')}
                </ToggleButton>
              )}
              <Button variant="contained" size="large" disabled={!complete || !dirty} onClick={save} sx={{ minHeight: TOUCH, minWidth: 160 }}>
                {t('haccpFilling.saveAnswer')}
              </Button>
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
