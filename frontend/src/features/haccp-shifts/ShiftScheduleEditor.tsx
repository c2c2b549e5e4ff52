import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Controller, type Control, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RECURRENCE_FREQUENCIES, type ShiftInput, type ShiftRequest, type Weekday } from '@domain/haccp/shift';
import { MultiSelectField } from '../../components/MultiSelectField';
import { SelectField, type SelectOption } from '../../components/SelectField';

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
  const scheduleLabel = t('haccpShifts.scheduleNumber', { number: index + 1 });
  const timeField = (field: 'startTime' | 'endTime' | 'remindAt', label: string, required: boolean, hint = ' ') => (
    <TextField
      {...register(`schedules.${index}.${field}`)}
      type="time"
      label={label}
      required={required}
      fullWidth
      margin="dense"
      slotProps={{ inputLabel: { shrink: true } }}
      error={errors[field] !== undefined}
      helperText={errors[field] ?? hint}
    />
  );
  const dateField = (field: 'startDate' | 'endDate', label: string, required: boolean) => (
    <TextField
      {...register(`schedules.${index}.${field}`)}
      type="date"
      label={label}
      required={required}
      fullWidth
      margin="dense"
      slotProps={{ inputLabel: { shrink: true } }}
      error={errors[field] !== undefined}
      helperText={errors[field] ?? ' '}
    />
  );

  return (
    <Paper variant="outlined" component="fieldset" aria-label={scheduleLabel} sx={{ p: 2, mb: 2, border: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="legend">{scheduleLabel}</Typography>
        {onRemove !== undefined && <Button size="small" startIcon={<DeleteIcon />} onClick={onRemove}>{t('haccpShifts.removeSchedule')}</Button>}
      </Box>
      <Grid container columnSpacing={2}>
        <Grid size={12}>
          <TextField
            {...register(`schedules.${index}.name`)}
            label={t('haccpShifts.fields.scheduleName')}
            required
            fullWidth
            margin="dense"
            autoComplete="off"
            error={errors.name !== undefined}
            helperText={errors.name ?? ' '}
          />
        </Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name={`schedules.${index}.days`}
            render={({ field: { value, onChange } }) => {
              const days = Array.isArray(value) ? (value as Weekday[]) : [];
              return (
                <FormControl component="fieldset" error={errors.days !== undefined} required>
                  <FormLabel component="legend">{t('haccpShifts.fields.days')}</FormLabel>
                  <ToggleButtonGroup size="small" value={days} onChange={(_event, chosen: Weekday[]) => onChange(WEEK.filter((day) => chosen.includes(day)))}>
                    {WEEK.map((day) => (
                      <ToggleButton key={day} value={day} aria-label={t(`dataLoggingProfiles.days.${DAY_NAMES[day]}`)}>
                        {t(`notificationGroups.shortDays.${DAY_NAMES[day]}`)}
                      </ToggleButton>
                    ))}
                  </ToggleButtonGroup>
                  <FormHelperText>{errors.days ?? ' '}</FormHelperText>
                </FormControl>
              );
            }}
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
          <TextField
            {...register(`schedules.${index}.recurrence.interval`)}
            label={t('haccpShifts.fields.interval')}
            required
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            error={errors.interval !== undefined}
            helperText={errors.interval ?? ' '}
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <TextField
            {...register(`schedules.${index}.recurrence.repeats`)}
            label={t('haccpShifts.fields.repeats')}
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            error={errors.repeats !== undefined}
            helperText={errors.repeats ?? t('haccpShifts.hints.repeats')}
          />
        </Grid>
        <Grid size={12}>
          <MultiSelectField control={control} name={`schedules.${index}.assignedUserIds`} label={t('haccpShifts.fields.assignedUserIds')} options={userOptions} />
        </Grid>
      </Grid>
    </Paper>
  );
}
