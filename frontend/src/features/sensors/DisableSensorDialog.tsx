import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { MESSAGES } from '@domain/core/messages';
import {
  scheduleProblem,
  sensorDisableInputSchema,
  sensorEnableInputSchema,
  type Sensor,
  type SensorDisableInput,
  type SensorEnableInput,
} from '@domain/devices/sensor';
import { useErrorText } from '../../components/useErrorText';
import { FormDialog } from '../../components/FormDialog';
import { useMessageText } from '../../i18n/messages';
import { localToIso } from '../devices';

type When = 'now' | 'scheduled';

/** The API's input made from the form, checked by the domain's schema; its issues land on the form's fields of the same names. */
function checkedBy<T>(schema: z.ZodType<T>, input: unknown, context: z.RefinementCtx): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  return z.NEVER;
}

interface DisableFormValues {
  when: When;
  disableAt: string;
  reason: string;
  enableOn: string;
}

/** The form's local times become the API's input, checked by the domain schema (the API's words). */
const disableFormSchema = z
  .object({ when: z.enum(['now', 'scheduled']), disableAt: z.string(), reason: z.string(), enableOn: z.string() })
  .transform((values, context) => {
    // One pass, so a missing time and a missing reason are both reported at once.
    if (values.when === 'scheduled' && values.disableAt.trim() === '') {
      context.addIssue({ code: 'custom', path: ['disableAt'], message: MESSAGES.dateTimeInvalid });
    }
    return checkedBy(sensorDisableInputSchema, {
      reason: values.reason,
      disableAt: values.when === 'scheduled' ? localToIso(values.disableAt) : undefined,
      enableOn: localToIso(values.enableOn),
    }, context);
  });

export interface DisableSensorDialogProps {
  sensor: Pick<Sensor, 'name'>;
  /** Who is disabling it (SPEC "disabled by"): the signed-in user. */
  by: string;
  onDisable(input: SensorDisableInput): Promise<void>;
  onClose(): void;
}

/** Disable a sensor now or at a scheduled time, with the reason and when it comes back on (SPEC sections 3, 4). */
export function DisableSensorDialog({ sensor, by, onDisable, onClose }: DisableSensorDialogProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const errorText = useErrorText();
  const whenId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<DisableFormValues, unknown, SensorDisableInput>({
    resolver: zodResolver(disableFormSchema),
    mode: 'onTouched',
    defaultValues: { when: 'now', disableAt: '', reason: '', enableOn: '' },
  });
  const when = useWatch({ control, name: 'when' });

  const submit = async (input: SensorDisableInput) => {
    setFailure(null);
    const problem = scheduleProblem(input, new Date());
    if (problem !== undefined) {
      setError('enableOn', { type: 'validate', message: problem });
      return;
    }
    try {
      await onDisable(input);
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  const helper = (name: keyof DisableFormValues, fallback = ' ') => {
    const message = errors[name]?.message;
    return message === undefined ? fallback : messageText(message);
  };

  return (
    <FormDialog
      title={t('sensors.disable.title')}
      maxWidth="sm"
      busy={isSubmitting}
      onSubmit={(event) => void handleSubmit(submit)(event)}
      onClose={onClose}
      cancelLabel={t('devices.cancel')}
      submitLabel={t('sensors.disable.button')}
      submitColor="warning"
    >
      <DialogContentText sx={{ mb: 1 }}>{`${sensor.name} · ${t('sensors.disable.effective')}`}</DialogContentText>
      {failure !== null && <Alert severity="error" sx={{ mb: 1 }}>{failure}</Alert>}
      <Controller
        control={control}
        name="when"
        render={({ field }) => (
          <FormControl>
            <FormLabel id={whenId}>{t('sensors.disable.when')}</FormLabel>
            <RadioGroup row aria-labelledby={whenId} value={field.value} onChange={(event) => field.onChange(event.target.value)}>
              <FormControlLabel value="now" control={<Radio />} label={t('sensors.disable.now')} />
              <FormControlLabel value="scheduled" control={<Radio />} label={t('sensors.disable.scheduled')} />
            </RadioGroup>
          </FormControl>
        )}
      />
      {when === 'scheduled' && (
        <TextField
          {...register('disableAt')}
          type="datetime-local"
          label={t('sensors.disable.disableAt')}
          required
          fullWidth
          margin="dense"
          slotProps={{ inputLabel: { shrink: true } }}
          error={errors.disableAt !== undefined}
          helperText={helper('disableAt')}
        />
      )}
      <TextField label={t('sensors.disable.by')} value={by} fullWidth margin="dense" slotProps={{ htmlInput: { readOnly: true } }} helperText=" " />
      <TextField
        {...register('reason')}
        label={t('sensors.disable.reason')}
        required
        fullWidth
        multiline
        margin="dense"
        error={errors.reason !== undefined}
        helperText={helper('reason')}
      />
      <TextField
        {...register('enableOn')}
        type="datetime-local"
        label={t('sensors.disable.enableOn')}
        fullWidth
        margin="dense"
        slotProps={{ inputLabel: { shrink: true } }}
        error={errors.enableOn !== undefined}
        helperText={helper('enableOn')}
      />
    </FormDialog>
  );
}

interface EnableFormValues {
  when: When;
  enableAt: string;
}

const enableFormSchema = z
  .object({ when: z.enum(['now', 'scheduled']), enableAt: z.string() })
  .transform((values, context) => {
    if (values.when === 'scheduled' && values.enableAt.trim() === '') {
      context.addIssue({ code: 'custom', path: ['enableAt'], message: MESSAGES.dateTimeInvalid });
      return z.NEVER;
    }
    return checkedBy(sensorEnableInputSchema, { enableAt: values.when === 'scheduled' ? localToIso(values.enableAt) : undefined }, context);
  });

export interface EnableSensorDialogProps {
  sensor: Pick<Sensor, 'name'>;
  onEnable(input: SensorEnableInput): Promise<void>;
  onClose(): void;
}

/** Enable a disabled sensor again, now or at a scheduled time. */
export function EnableSensorDialog({ sensor, onEnable, onClose }: EnableSensorDialogProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, control, handleSubmit, formState: { errors, isSubmitting } } = useForm<EnableFormValues, unknown, SensorEnableInput>({
    resolver: zodResolver(enableFormSchema),
    defaultValues: { when: 'now', enableAt: '' },
  });
  const when = useWatch({ control, name: 'when' });

  const submit = async (input: SensorEnableInput) => {
    setFailure(null);
    try {
      await onEnable(input);
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  return (
    <FormDialog
      title={t('sensors.disable.enableTitle')}
      maxWidth="xs"
      busy={isSubmitting}
      onSubmit={(event) => void handleSubmit(submit)(event)}
      onClose={onClose}
      cancelLabel={t('devices.cancel')}
      submitLabel={t('sensors.disable.enableButton')}
    >
      <DialogContentText sx={{ mb: 1 }}>{t('sensors.disable.enableConfirm', { name: sensor.name })}</DialogContentText>
      {failure !== null && <Alert severity="error" sx={{ mb: 1 }}>{failure}</Alert>}
      <Controller
        control={control}
        name="when"
        render={({ field }) => (
          <RadioGroup row aria-label={t('sensors.disable.when')} value={field.value} onChange={(event) => field.onChange(event.target.value)}>
            <FormControlLabel value="now" control={<Radio />} label={t('sensors.disable.now')} />
            <FormControlLabel value="scheduled" control={<Radio />} label={t('sensors.disable.scheduled')} />
          </RadioGroup>
        )}
      />
      {when === 'scheduled' && (
        <TextField
          {...register('enableAt')}
          type="datetime-local"
          label={t('sensors.disable.enableAt')}
          required
          fullWidth
          margin="dense"
          slotProps={{ inputLabel: { shrink: true } }}
          error={errors.enableAt !== undefined}
          helperText={errors.enableAt?.message === undefined ? t('sensors.disable.effective') : messageText(errors.enableAt.message)}
        />
      )}
    </FormDialog>
  );
}
