import AddIcon from '@mui/icons-material/Add';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SHIFT_TYPES, shiftInputSchema, type Shift, type ShiftInput, type ShiftRequest } from '@domain/haccp/shift';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/FormTextField';
import { SelectField, type SelectOption } from '../../../components/SelectField';
import { useFormDialog } from '../../../components/useFormDialog';
import type { Places } from '../../gateways';
import { ShiftScheduleEditor } from './ShiftScheduleEditor';

export interface ShiftDialogProps {
  /** The shift being edited; none to add one. */
  shift?: Shift;
  /** The locations and sites the user reaches. */
  places: Places;
  /** The organisation's HACCP notification groups. */
  groupOptions: readonly SelectOption[];
  /** The organisation's users to assign. */
  userOptions: readonly SelectOption[];
  /** Saves; throws (an ApiError) when the API refuses. */
  onSave(input: ShiftRequest): Promise<void>;
  onClose(): void;
}

/** The fields besides the name an API refusal may name; the rest is toasted by the page. */
const FORM_FIELDS = ['name', 'siteId', 'locationId', 'shiftType', 'schedules'] as const;

type ScheduleInput = ShiftInput['schedules'][number];

/** Today as YYYY-MM-DD in the browser's zone: a new schedule starts today. */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** A new schedule: weekdays, every week, the morning. */
const newSchedule = (): ScheduleInput => ({
  name: '', days: [1, 2, 3, 4, 5], startDate: today(), endDate: '', startTime: '06:00', endTime: '14:00', remindAt: '',
  notificationGroupId: '', recurrence: { frequency: 'weekly', interval: '1', repeats: '' }, assignedUserIds: [],
});

function defaults(shift: Shift | undefined): ShiftInput {
  if (shift === undefined) return { name: '', siteId: '', locationId: '', shiftType: 'custom', schedules: [newSchedule()] };
  return {
    name: shift.name,
    siteId: shift.siteId,
    locationId: shift.locationId,
    shiftType: shift.shiftType,
    schedules: shift.schedules.map((schedule) => ({
      id: schedule.id,
      name: schedule.name,
      days: [...schedule.days],
      startDate: schedule.startDate,
      endDate: schedule.endDate ?? '',
      // A 24-hour shift's "24:00" is no time a time field takes; its times are not shown anyway.
      startTime: shift.shiftType === 'allDay' ? '' : schedule.startTime,
      endTime: shift.shiftType === 'allDay' ? '' : schedule.endTime,
      remindAt: schedule.remindAt ?? '',
      notificationGroupId: schedule.notificationGroupId ?? '',
      recurrence: { frequency: schedule.recurrence.frequency, interval: String(schedule.recurrence.interval), repeats: schedule.recurrence.repeats === undefined ? '' : String(schedule.recurrence.repeats) },
      assignedUserIds: [...schedule.assignedUserIds],
    })),
  };
}

/**
 * Add or edit a HACCP shift (SPEC sections 3 and 5 "Shift") on the domain's schema, so the
 * browser refuses what the API refuses, in the same words: its site and location, its type
 * (24 hours or custom) and its schedules.
 */
export function ShiftDialog({ shift, places, groupOptions, userOptions, onSave, onClose }: ShiftDialogProps) {
  const { t } = useTranslation();
  const { form: { control, register, setValue }, errorOf, dialogProps } = useFormDialog<ShiftInput, ShiftRequest>({
    resolver: zodResolver(shiftInputSchema),
    defaultValues: defaults(shift),
    onSave,
    onClose,
    fullScreenOnPhone: true,
    nameTakenCode: 'shiftNameTaken',
    serverFields: FORM_FIELDS,
  });
  // The schedules' own `id` is a field of the form: the rows are keyed apart from it.
  const schedules = useFieldArray({ control, name: 'schedules', keyName: 'rowKey' });
  const locationId = useWatch({ control, name: 'locationId' });
  const allDay = useWatch({ control, name: 'shiftType' }) === 'allDay';
  const siteOptions = typeof locationId === 'string' && locationId !== '' ? places.sitesOf([locationId]) : [];

  const nameError = errorOf('name');
  const schedulesError = errorOf('schedules');

  return (
    <FormDialog
      title={t(shift ? 'haccpShifts.editTitle' : 'haccpShifts.addTitle')}
      maxWidth="md"
      {...dialogProps}
    >
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 8 }}>
          <FormTextField {...register('name')} label={t('haccpShifts.fields.name')} required autoFocus autoComplete="off" errorText={nameError} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <SelectField
            control={control}
            name="shiftType"
            label={t('haccpShifts.fields.shiftType')}
            required
            options={SHIFT_TYPES.map((type) => ({ value: type, label: t(`haccpShifts.types.${type}`) }))}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField
            control={control}
            name="locationId"
            label={t('haccpShifts.fields.locationId')}
            required
            options={places.locations.map((location) => ({ value: location.id, label: location.label }))}
            onPicked={() => setValue('siteId', '', { shouldDirty: true })}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField
            control={control}
            name="siteId"
            label={t('haccpShifts.fields.siteId')}
            required
            options={siteOptions.map((site) => ({ value: site.id, label: site.label }))}
            {...(siteOptions.length === 0 ? { helper: t('haccpShifts.hints.siteAfterLocation') } : {})}
          />
        </Grid>
        <Grid size={12}>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>{t('haccpShifts.fields.schedules')}</Typography>
          {allDay && <Typography variant="body2" color="text.secondary">{t('haccpShifts.hints.allDay')}</Typography>}
          {schedulesError !== undefined && <Typography color="error" variant="body2" role="alert">{schedulesError}</Typography>}
        </Grid>
        <Grid size={12}>
          {schedules.fields.map((row, index) => (
            <ShiftScheduleEditor
              key={row.rowKey}
              index={index}
              control={control}
              register={register}
              allDay={allDay}
              groupOptions={groupOptions}
              userOptions={userOptions}
              errorOf={errorOf}
              {...(schedules.fields.length > 1 ? { onRemove: () => schedules.remove(index) } : {})}
            />
          ))}
          <Button startIcon={<AddIcon />} onClick={() => schedules.append(newSchedule())}>{t('haccpShifts.addSchedule')}</Button>
        </Grid>
      </Grid>
    </FormDialog>
  );
}
