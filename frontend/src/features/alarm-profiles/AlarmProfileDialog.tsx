import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ALARM_MEASUREMENTS,
  ALARM_PROFILE_TYPES,
  alarmProfileInputSchema,
  type AlarmMeasurement,
  type AlarmProfile,
  type AlarmProfileFields,
  type AlarmProfileInput,
  type AlarmProfileType,
} from '@domain/alarms/alarm-profile';
import { WEEKDAYS, type Weekday } from '@domain/devices/data-logging-profile';
import type { UnitOfMeasure } from '../../session/clientState';
import { CheckboxGroupField } from '../../components/CheckboxGroupField';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import { SelectField } from '../../components/SelectField';
import { useFormDialog } from '../../components/useFormDialog';
import { formatNumber, parseLocaleNumber } from '../../i18n/formatters';
import { useLanguage } from '../../i18n/useLanguage';
import { deadbandInUserUnit, defaultDeadbandText, limitInUserUnit, limitUnitSymbol } from './alarmProfileUnits';

export interface AlarmProfileDialogProps {
  /** The profile being edited (its limits in °C); none to add one. */
  profile?: AlarmProfile;
  /** The user's unit of measure: the limits are shown and typed in it. */
  uom: UnitOfMeasure;
  /** Saves; throws (an ApiError) when the API refuses. */
  onSave(input: AlarmProfileFields): Promise<void>;
  onClose(): void;
}

/** The fields an API refusal may name; the rest is toasted by the page. */
const FORM_FIELDS = [
  'name', 'description', 'types', 'alarmDelayMinutes', 'notificationDelayMinutes', 'snoozeIntervalMinutes', 'snoozeLimit',
  'measurement', 'min', 'max', 'deadband', 'batteryThresholdPercent', 'batteryLifeDays', 'inactivityMinutes',
] as const;

const NUMBER_FIELDS = [
  'alarmDelayMinutes', 'notificationDelayMinutes', 'snoozeIntervalMinutes', 'snoozeLimit', 'min', 'max', 'deadband',
  'batteryThresholdPercent', 'batteryLifeDays', 'inactivityMinutes',
] as const;
type NumberFieldName = (typeof NUMBER_FIELDS)[number];

/** A custom schedule starts as office hours on weekdays, as a data logging profile's does. */
const CUSTOM_SCHEDULE_START = { kind: 'custom', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], start: '08:00', end: '18:00' } as const;

/** A stored number as the user types it: all its decimals, with their language's separator (`-18,4` in French). */
const textOf = (value: number | undefined, language: string) => formatNumber(value, language, { maximumFractionDigits: 20, useGrouping: false });

function defaults(profile: AlarmProfile | undefined, uom: UnitOfMeasure, language: string): AlarmProfileInput {
  if (profile === undefined) {
    return {
      name: '', description: '', types: ['outOfRange'], alarmDelayMinutes: '0', notificationDelayMinutes: '0', snoozeIntervalMinutes: '0', snoozeLimit: '0',
      measurement: 'temperature', unit: uom, min: '', max: '', deadband: '', batteryThresholdPercent: '', batteryLifeDays: '', inactivityMinutes: '',
      processBased: false, schedule: { kind: 'always' },
    };
  }
  const { measurement } = profile;
  return {
    name: profile.name,
    description: profile.description,
    types: [...profile.types],
    alarmDelayMinutes: String(profile.alarmDelayMinutes),
    notificationDelayMinutes: String(profile.notificationDelayMinutes),
    snoozeIntervalMinutes: String(profile.snoozeIntervalMinutes),
    snoozeLimit: String(profile.snoozeLimit),
    measurement,
    unit: uom,
    // Stored in °C: shown in the user's unit, and sent back in it.
    min: textOf(profile.min === undefined ? undefined : limitInUserUnit(profile.min, measurement, uom), language),
    max: textOf(profile.max === undefined ? undefined : limitInUserUnit(profile.max, measurement, uom), language),
    deadband: textOf(profile.deadband === undefined ? undefined : deadbandInUserUnit(profile.deadband, measurement, uom), language),
    batteryThresholdPercent: textOf(profile.batteryThresholdPercent, language),
    batteryLifeDays: textOf(profile.batteryLifeDays, language),
    inactivityMinutes: textOf(profile.inactivityMinutes, language),
    processBased: profile.processBased,
    schedule: profile.schedule.kind === 'custom' ? { ...profile.schedule, days: [...profile.schedule.days] } : { kind: 'always' },
  };
}

/** The numbers as typed in the user's language (`-18,4`) in the schema's notation; text that is no number is left for the schema to refuse. */
function typedNumbers(values: AlarmProfileInput, language: string): Partial<AlarmProfileInput> {
  const read: Partial<Record<NumberFieldName, string>> = {};
  for (const name of NUMBER_FIELDS) {
    const typed = values[name];
    const number = typeof typed === 'string' ? parseLocaleNumber(typed, language) : undefined;
    if (number !== undefined) read[name] = String(number);
  }
  return read;
}

/**
 * What the schema checks: the form in the user's unit, its numbers read in their language, with
 * the fields of unticked types left out (hidden, they are neither checked nor sent).
 */
function inForce(values: AlarmProfileInput, uom: UnitOfMeasure, language: string): AlarmProfileInput {
  const types: readonly string[] = Array.isArray(values.types) ? values.types : [];
  return {
    ...values,
    ...typedNumbers(values, language),
    unit: uom,
    ...(types.includes('outOfRange') ? {} : { min: '', max: '', deadband: '' }),
    ...(types.includes('lowBattery') ? {} : { batteryThresholdPercent: '', batteryLifeDays: '' }),
  };
}

/**
 * Add or edit an alarm profile (SPEC sections 3 and 5; issue 13 section 1) on the domain's
 * schema, so the browser refuses what the API refuses, in the same words. Limits are typed in
 * the user's unit of measure and sent with it; the API keeps them in °C.
 */
export function AlarmProfileDialog({ profile, uom, onSave, onClose }: AlarmProfileDialogProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const resolver = useMemo<Resolver<AlarmProfileInput, unknown, AlarmProfileFields>>(() => {
    const schemaResolver = zodResolver(alarmProfileInputSchema);
    return (values, context, options) => schemaResolver(inForce(values, uom, language), context, options);
  }, [language, uom]);
  const { form: { control, register, setValue }, errorOf, dialogProps } = useFormDialog<AlarmProfileInput, AlarmProfileFields>({
    resolver,
    defaultValues: defaults(profile, uom, language),
    onSave,
    onClose,
    fullScreenOnPhone: true,
    nameTakenCode: 'alarmProfileNameTaken',
    serverFields: FORM_FIELDS,
  });
  const watchedTypes = useWatch({ control, name: 'types' });
  const types: readonly string[] = Array.isArray(watchedTypes) ? watchedTypes : [];
  const measurement: AlarmMeasurement = useWatch({ control, name: 'measurement' }) === 'humidity' ? 'humidity' : 'temperature';
  const scheduleKind = (useWatch({ control, name: 'schedule.kind' }) as string | undefined) ?? 'always';
  const limitUnit = limitUnitSymbol(measurement, uom);

  const numberField = (name: NumberFieldName, options: { required?: boolean; hint?: string; unit?: string; size?: number } = {}) => {
    const message = errorOf(name);
    return (
      <Grid size={{ xs: 12, sm: options.size ?? 6 }}>
        <TextField
          {...register(name)}
          label={t(`alarmProfiles.fields.${name}`)}
          required={options.required ?? false}
          fullWidth
          margin="dense"
          autoComplete="off"
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            ...(options.unit === undefined ? {} : { input: { endAdornment: <InputAdornment position="end">{options.unit}</InputAdornment> } }),
          }}
          error={message !== undefined}
          helperText={message ?? options.hint ?? ' '}
        />
      </Grid>
    );
  };

  const nameError = errorOf('name');
  const descriptionError = errorOf('description');
  const typesError = errorOf('types');
  const daysError = errorOf('schedule.days');
  const startError = errorOf('schedule.start');
  const endError = errorOf('schedule.end');

  return (
    <FormDialog
      title={t(profile ? 'alarmProfiles.editTitle' : 'alarmProfiles.addTitle')}
      maxWidth="md"
      {...dialogProps}
    >
      <Grid container columnSpacing={2}>
        <Grid size={12}>
          <FormTextField {...register('name')} label={t('alarmProfiles.fields.name')} required autoFocus autoComplete="off" errorText={nameError} />
        </Grid>
        <Grid size={12}>
          <FormTextField {...register('description')} label={t('alarmProfiles.fields.description')} required multiline minRows={2} errorText={descriptionError} />
        </Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name="types"
            render={({ field: { value, onChange, onBlur } }) => (
              <CheckboxGroupField<AlarmProfileType>
                legend={t('alarmProfiles.fields.types')}
                options={ALARM_PROFILE_TYPES}
                optionLabel={(type) => t(`alarmProfiles.types.${type}`)}
                value={value}
                onChange={onChange}
                onBlur={onBlur}
                error={typesError}
                required
              />
            )}
          />
        </Grid>
        {numberField('alarmDelayMinutes', { required: true, hint: t('alarmProfiles.hints.alarmDelayMinutes') })}
        {numberField('notificationDelayMinutes', { required: true, hint: t('alarmProfiles.hints.notificationDelayMinutes') })}
        {numberField('snoozeIntervalMinutes', { required: true, hint: t('alarmProfiles.hints.snoozeIntervalMinutes') })}
        {numberField('snoozeLimit', { required: true, hint: t('alarmProfiles.hints.snoozeLimit') })}
        {types.includes('outOfRange') && (
          <>
            <Grid size={12}>
              <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>{t('alarmProfiles.sections.limits')}</Typography>
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <SelectField
                control={control}
                name="measurement"
                label={t('alarmProfiles.fields.measurement')}
                required
                options={ALARM_MEASUREMENTS.map((option) => ({ value: option, label: t(`alarmProfiles.measurements.${option}`) }))}
              />
            </Grid>
            {numberField('min', { required: true, unit: limitUnit, size: 4, hint: t('alarmProfiles.hints.limits', { unit: limitUnit }) })}
            {numberField('max', { required: true, unit: limitUnit, size: 4, hint: t('alarmProfiles.hints.limits', { unit: limitUnit }) })}
            {numberField('deadband', { unit: limitUnit, hint: t('alarmProfiles.hints.deadband', { default: defaultDeadbandText(measurement, uom, language) }) })}
          </>
        )}
        {types.includes('lowBattery') && (
          <>
            <Grid size={12}>
              <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>{t('alarmProfiles.sections.battery')}</Typography>
            </Grid>
            {numberField('batteryThresholdPercent', { required: true, unit: '%', hint: t('alarmProfiles.hints.batteryThresholdPercent') })}
            {numberField('batteryLifeDays', { required: true, hint: t('alarmProfiles.hints.batteryLifeDays') })}
          </>
        )}
        {numberField('inactivityMinutes', { hint: t('alarmProfiles.hints.inactivityMinutes') })}
        <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
          <Controller
            control={control}
            name="processBased"
            render={({ field: { value, onChange } }) => (
              <FormControlLabel
                control={<Switch checked={value === true} onChange={(event) => onChange(event.target.checked)} />}
                label={t('alarmProfiles.fields.processBased')}
              />
            )}
          />
        </Grid>
        <Grid size={12}>
          <FormControl component="fieldset" margin="dense">
            <FormLabel component="legend">{t('alarmProfiles.fields.schedule')}</FormLabel>
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
