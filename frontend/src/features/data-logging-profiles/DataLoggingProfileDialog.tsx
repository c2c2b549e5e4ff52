import { zodResolver } from '@hookform/resolvers/zod';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  dataLoggingProfileInputSchema,
  VALUES_TO_LOG,
  WEEKDAYS,
  type DataLoggingProfile,
  type DataLoggingProfileFormValues,
  type DataLoggingProfileInput,
  type Weekday,
} from '@domain/devices/data-logging-profile';
import { CheckboxGroupField } from '../../components/CheckboxGroupField';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import { SelectField } from '../../components/SelectField';
import { useFormDialog } from '../../components/useFormDialog';

export interface DataLoggingProfileDialogProps {
  /** The profile being edited; none to add one. */
  profile?: DataLoggingProfile;
  /** Saves; throws (an ApiError) when the API refuses. */
  onSave(input: DataLoggingProfileInput): Promise<void>;
  onClose(): void;
}

/** A custom schedule starts as office hours on weekdays: the usual case, edited from there. */
const CUSTOM_SCHEDULE_START = { kind: 'custom', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], start: '08:00', end: '18:00' } as const;

function defaults(profile: DataLoggingProfile | undefined): DataLoggingProfileFormValues {
  if (profile === undefined) {
    return { name: '', description: '', enabled: true, valueToLog: 'average', intervalMinutes: '15', calculationWindowMinutes: '15', deviation: '0.5', schedule: { kind: 'always' } };
  }
  return {
    name: profile.name,
    description: profile.description,
    enabled: profile.enabled,
    valueToLog: profile.valueToLog,
    intervalMinutes: String(profile.intervalMinutes),
    calculationWindowMinutes: String(profile.calculationWindowMinutes),
    deviation: String(profile.deviation),
    schedule: profile.schedule.kind === 'custom' ? { ...profile.schedule, days: [...profile.schedule.days] } : { kind: 'always' },
  };
}

/**
 * Add or edit a data logging profile (SPEC section 3: name, description, enable, value to
 * log, interval, calculation window, deviation, schedule) on the domain schema.
 */
export function DataLoggingProfileDialog({ profile, onSave, onClose }: DataLoggingProfileDialogProps) {
  const { t } = useTranslation();
  const { form: { control, register, setValue }, errorOf, dialogProps } = useFormDialog<DataLoggingProfileFormValues, DataLoggingProfileInput>({
    resolver: zodResolver(dataLoggingProfileInputSchema),
    defaultValues: defaults(profile),
    onSave,
    onClose,
    nameTakenCode: 'dataLoggingProfileNameTaken',
  });
  const scheduleKind = (useWatch({ control, name: 'schedule.kind' }) as string | undefined) ?? 'always';

  const numberField = (name: 'intervalMinutes' | 'calculationWindowMinutes' | 'deviation') => {
    const message = errorOf(name);
    return (
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextField
          {...register(name)}
          label={t(`dataLoggingProfiles.fields.${name}`)}
          required
          fullWidth
          margin="dense"
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          error={message !== undefined}
          helperText={message ?? t(`dataLoggingProfiles.hints.${name}`)}
        />
      </Grid>
    );
  };

  const nameError = errorOf('name');
  const descriptionError = errorOf('description');
  const daysError = errorOf('schedule.days');
  const startError = errorOf('schedule.start');
  const endError = errorOf('schedule.end');

  return (
    <FormDialog
      title={t(profile ? 'dataLoggingProfiles.editTitle' : 'dataLoggingProfiles.addTitle')}
      maxWidth="sm"
      {...dialogProps}
      cancelLabel={t('dataLoggingProfiles.cancel')}
      submitLabel={t('dataLoggingProfiles.save')}
    >
      <Grid container columnSpacing={2}>
        <Grid size={12}>
          <FormTextField {...register('name')} label={t('dataLoggingProfiles.fields.name')} required autoFocus autoComplete="off" errorText={nameError} />
        </Grid>
        <Grid size={12}>
          <FormTextField {...register('description')} label={t('dataLoggingProfiles.fields.description')} multiline minRows={2} errorText={descriptionError} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="enabled"
            render={({ field: { value, onChange } }) => (
              <FormControlLabel
                control={<Switch checked={value !== false} onChange={(event) => onChange(event.target.checked)} />}
                label={t('dataLoggingProfiles.fields.enabled')}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField
            control={control}
            name="valueToLog"
            label={t('dataLoggingProfiles.fields.valueToLog')}
            required
            options={VALUES_TO_LOG.map((option) => ({ value: option, label: t(`dataLoggingProfiles.valuesToLog.${option}`) }))}
          />
        </Grid>
        {numberField('intervalMinutes')}
        {numberField('calculationWindowMinutes')}
        {numberField('deviation')}
        <Grid size={12}>
          <FormControl component="fieldset" margin="dense">
            <FormLabel component="legend">{t('dataLoggingProfiles.fields.schedule')}</FormLabel>
            <RadioGroup
              row
              value={scheduleKind}
              onChange={(event) => setValue(
                'schedule',
                event.target.value === 'custom' ? { ...CUSTOM_SCHEDULE_START, days: [...CUSTOM_SCHEDULE_START.days] } : { kind: 'always' },
                { shouldDirty: true },
              )}
            >
              <FormControlLabel value="always" control={<Radio />} label={t('dataLoggingProfiles.scheduleKinds.always')} />
              <FormControlLabel value="custom" control={<Radio />} label={t('dataLoggingProfiles.scheduleKinds.custom')} />
            </RadioGroup>
          </FormControl>
        </Grid>
        {scheduleKind === 'custom' && (
          <>
            <Grid size={12}>
              <Controller
                control={control}
                name="schedule.days"
                render={({ field: { value, onChange } }) => (
                  <CheckboxGroupField<Weekday>
                    legend={t('dataLoggingProfiles.fields.days')}
                    options={WEEKDAYS}
                    optionLabel={(day) => t(`dataLoggingProfiles.days.${day}`)}
                    value={value}
                    onChange={onChange}
                    error={daysError}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...register('schedule.start')}
                type="time"
                label={t('dataLoggingProfiles.fields.start')}
                required
                fullWidth
                margin="dense"
                slotProps={{ inputLabel: { shrink: true } }}
                error={startError !== undefined}
                helperText={startError ?? ' '}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...register('schedule.end')}
                type="time"
                label={t('dataLoggingProfiles.fields.end')}
                required
                fullWidth
                margin="dense"
                slotProps={{ inputLabel: { shrink: true } }}
                error={endError !== undefined}
                helperText={endError ?? t('dataLoggingProfiles.hints.end')}
              />
            </Grid>
          </>
        )}
      </Grid>
    </FormDialog>
  );
}
