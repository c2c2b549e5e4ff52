import Grid from '@mui/material/Grid';
import type { Control, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RECURRENCE_FREQUENCIES, type ShiftInput, type ShiftRequest, type Weekday } from '@domain/haccp/shift';
import { FormTextField } from '../../../components/FormTextField';
import { MultiSelectField } from '../../../components/MultiSelectField';
import { RepeatedFieldset } from '../../../components/RepeatedFieldset';
import { SelectField, type SelectOption } from '../../../components/SelectField';
import { WeekdayToggleField } from '../../../components/WeekdayToggleField';

/** The week as the form shows it, Monday first (0 = Sunday, as stored). */
const WEEK: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 0];
const DAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

export interface ShiftScheduleEditorProps {
  index: number;
  control: Control<ShiftInput, unknown, ShiftRequest>;
  register: UseFormRegister<ShiftInput>;
  /** A 24-hour shift's schedules run 00:00 to 24:00: no times to give. */
  allDay: boolean;
  /** The organisation's HACCP notification groups. */
  groupOptions: readonly SelectOption[];
  /** The organisation's users to assign. */
  userOptions: readonly SelectOption[];
  /** The message at a dotted path of the form's errors, in the user's language. */
  errorOf(path: string): string | undefined;
  onRemove?: () => void;
}

/**
 * One schedule of a shift (SPEC section 3 "Shift"): its name, weekdays, dates, hours in the
 * site's time zone (none for a 24-hour shift), the remind time, its HACCP notification group,
 * how often it repeats and the users assigned to it.
 */
export function ShiftScheduleEditor({ index, control, register, allDay, groupOptions, userOptions, errorOf, onRemove }: ShiftScheduleEditorProps) {
  const { t } = useTranslation();
  const at = (field: string) => `schedules.${index}.${field}`;
  const errors = {
    name: errorOf(at('name')),
    days: errorOf(at('days')),
    startDate: errorOf(at('startDate')),
    endDate: errorOf(at('endDate')),
    startTime: errorOf(at('startTime')),
    endTime: errorOf(at('endTime')),
    remindAt: errorOf(at('remindAt')),
    interval: errorOf(at('recurrence.interval')),
    repeats: errorOf(at('recurrence.repeats')),
  };
  const timeField = (field: 'startTime' | 'endTime' | 'remindAt', label: string, required: boolean, hint = ' ') => (
    <FormTextField {...register(`schedules.${index}.${field}`)} type="time" label={label} required={required} errorText={errors[field]} hint={hint} />
  );
  const dateField = (field: 'startDate' | 'endDate', label: string, required: boolean) => (
    <FormTextField {...register(`schedules.${index}.${field}`)} type="date" label={label} required={required} errorText={errors[field]} />
  );

  return (
    <RepeatedFieldset label={t('haccpShifts.scheduleNumber', { number: index + 1 })} removeLabel={t('haccpShifts.removeSchedule')} onRemove={onRemove}>
      <Grid size={12}>
        <FormTextField
          {...register(`schedules.${index}.name`)}
          label={t('haccpShifts.fields.scheduleName')}
          required
          autoComplete="off"
          errorText={errors.name}
        />
      </Grid>
      <Grid size={12}>
        <WeekdayToggleField
          control={control}
          name={`schedules.${index}.days`}
          label={t('haccpShifts.fields.days')}
          week={WEEK}
          dayName={(day) => DAY_NAMES[day]}
          errorText={errors.days}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{dateField('startDate', t('haccpShifts.fields.startDate'), true)}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{dateField('endDate', t('haccpShifts.fields.endDate'), false)}</Grid>
      {!allDay && <Grid size={{ xs: 12, sm: 4 }}>{timeField('startTime', t('haccpShifts.fields.startTime'), true, t('haccpShifts.hints.hours'))}</Grid>}
      {!allDay && <Grid size={{ xs: 12, sm: 4 }}>{timeField('endTime', t('haccpShifts.fields.endTime'), true, t('haccpShifts.hints.overnight'))}</Grid>}
      <Grid size={{ xs: 12, sm: allDay ? 6 : 4 }}>{timeField('remindAt', t('haccpShifts.fields.remindAt'), false)}</Grid>
      <Grid size={{ xs: 12, sm: allDay ? 6 : 12 }}>
        <SelectField
          control={control}
          name={`schedules.${index}.notificationGroupId`}
          label={t('haccpShifts.fields.notificationGroupId')}
          noneLabel={t('haccpShifts.noGroup')}
          options={groupOptions}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <SelectField
          control={control}
          name={`schedules.${index}.recurrence.frequency`}
          label={t('haccpShifts.fields.frequency')}
          required
          options={RECURRENCE_FREQUENCIES.map((frequency) => ({ value: frequency, label: t(`haccpShifts.frequencies.${frequency}`) }))}
        />
      </Grid>
      <Grid size={{ xs: 6, sm: 4 }}>
        <FormTextField
          {...register(`schedules.${index}.recurrence.interval`)}
          label={t('haccpShifts.fields.interval')}
          required
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          errorText={errors.interval}
        />
      </Grid>
      <Grid size={{ xs: 6, sm: 4 }}>
        <FormTextField
          {...register(`schedules.${index}.recurrence.repeats`)}
          label={t('haccpShifts.fields.repeats')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          errorText={errors.repeats}
          hint={t('haccpShifts.hints.repeats')}
        />
      </Grid>
      <Grid size={12}>
        <MultiSelectField control={control} name={`schedules.${index}.assignedUserIds`} label={t('haccpShifts.fields.assignedUserIds')} options={userOptions} />
      </Grid>
    </RepeatedFieldset>
  );
}
