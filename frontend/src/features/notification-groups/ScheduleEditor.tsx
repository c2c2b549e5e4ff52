import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { Controller, useFieldArray, type Control, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { WEEKDAYS } from '@domain/devices/data-logging-profile';
import { CHANNELS } from '@domain/notifications/channels';
import { NOTIFICATION_CHANNELS, type NotificationChannel, type NotificationGroupInput, type NotificationGroupRequest } from '@domain/notifications/notification-group';
import { CheckboxGroupField } from '../../components/CheckboxGroupField';
import { FormTextField } from '../../components/FormTextField';
import { RepeatedFieldset } from '../../components/RepeatedFieldset';
import { SelectField, type SelectOption } from '../../components/SelectField';
import { WeekdayToggleField } from '../../components/WeekdayToggleField';

/** A new user row: the next level, at once, by email. */
export const NEW_RECIPIENT = { accountId: '', level: '1', delayMinutes: '0', channels: ['email'] } as const;

export interface ScheduleEditorProps {
  index: number;
  control: Control<NotificationGroupInput, unknown, NotificationGroupRequest>;
  register: UseFormRegister<NotificationGroupInput>;
  /** The organisation's users to choose from. */
  userOptions: readonly SelectOption[];
  /** The message at a dotted path of the form's errors, in the user's language. */
  errorOf(path: string): string | undefined;
  onRemove?: () => void;
}

/**
 * One schedule of a notification group: its name, weekdays, hours (in the site's time zone)
 * and its users, each with an escalation level, a delay and the channels they hear on.
 */
export function ScheduleEditor({ index, control, register, userOptions, errorOf, onRemove }: ScheduleEditorProps) {
  const { t } = useTranslation();
  const users = useFieldArray({ control, name: `schedules.${index}.users` });
  const at = (field: string) => `schedules.${index}.${field}`;
  const nameError = errorOf(at('name'));
  const daysError = errorOf(at('days'));
  const startError = errorOf(at('start'));
  const endError = errorOf(at('end'));
  const usersError = errorOf(at('users'));

  return (
    <RepeatedFieldset label={t('notificationGroups.scheduleNumber', { number: index + 1 })} removeLabel={t('notificationGroups.removeSchedule')} onRemove={onRemove}>
      <Grid size={12}>
        <FormTextField
          {...register(`schedules.${index}.name`)}
          label={t('notificationGroups.fields.scheduleName')}
          required
          autoComplete="off"
          errorText={nameError}
        />
      </Grid>
      <Grid size={12}>
        <WeekdayToggleField
          control={control}
          name={`schedules.${index}.days`}
          label={t('notificationGroups.fields.days')}
          week={WEEKDAYS}
          dayName={(day) => day}
          errorText={daysError}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          {...register(`schedules.${index}.start`)}
          type="time"
          label={t('notificationGroups.fields.start')}
          required
          errorText={startError}
          hint={t('notificationGroups.hints.hours')}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField {...register(`schedules.${index}.end`)} type="time" label={t('notificationGroups.fields.end')} required errorText={endError} />
      </Grid>
      <Grid size={12}>
        <Typography variant="subtitle2" component="h4" sx={{ mt: 1 }}>{t('notificationGroups.fields.users')}</Typography>
        {usersError !== undefined && <Typography color="error" variant="body2" role="alert">{usersError}</Typography>}
      </Grid>
      {users.fields.map((row, userIndex) => {
        const userAt = (field: string) => `schedules.${index}.users.${userIndex}.${field}`;
        const levelError = errorOf(userAt('level'));
        const delayError = errorOf(userAt('delayMinutes'));
        const channelsError = errorOf(userAt('channels'));
        const rowLabel = t('notificationGroups.userNumber', { number: userIndex + 1 });
        return (
          <Grid key={row.id} size={12} container columnSpacing={2} role="group" aria-label={rowLabel} sx={{ alignItems: 'flex-start' }}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <SelectField
                control={control}
                name={`schedules.${index}.users.${userIndex}.accountId`}
                label={t('notificationGroups.fields.user')}
                required
                options={userOptions}
              />
            </Grid>
            <Grid size={{ xs: 6, sm: 2 }}>
              <FormTextField
                {...register(`schedules.${index}.users.${userIndex}.level`)}
                label={t('notificationGroups.fields.level')}
                required
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                errorText={levelError}
              />
            </Grid>
            <Grid size={{ xs: 6, sm: 2 }}>
              <FormTextField
                {...register(`schedules.${index}.users.${userIndex}.delayMinutes`)}
                label={t('notificationGroups.fields.delayMinutes')}
                required
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                errorText={delayError}
              />
            </Grid>
            <Grid size={{ xs: 10, sm: 3 }}>
              <Controller
                control={control}
                name={`schedules.${index}.users.${userIndex}.channels`}
                render={({ field: { value, onChange } }) => (
                  <CheckboxGroupField<NotificationChannel>
                    legend={t('notificationGroups.fields.channels')}
                    options={NOTIFICATION_CHANNELS}
                    optionLabel={(channel) => t(CHANNELS[channel].labelKey)}
                    value={value}
                    onChange={onChange}
                    error={channelsError}
                    dense
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 2, sm: 1 }} sx={{ pt: 2 }}>
              <IconButton aria-label={t('notificationGroups.removeUser', { number: userIndex + 1 })} onClick={() => users.remove(userIndex)}>
                <DeleteIcon />
              </IconButton>
            </Grid>
          </Grid>
        );
      })}
      <Grid size={12}>
        <Button
          startIcon={<AddIcon />}
          onClick={() => users.append({ ...NEW_RECIPIENT, level: String(Math.min(users.fields.length + 1, 5)), channels: [...NEW_RECIPIENT.channels] })}
        >
          {t('notificationGroups.addUser')}
        </Button>
      </Grid>
    </RepeatedFieldset>
  );
}
