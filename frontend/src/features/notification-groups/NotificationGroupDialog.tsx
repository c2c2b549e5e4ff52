import AddIcon from '@mui/icons-material/Add';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_GROUP_TYPES,
  notificationGroupInputSchema,
  type NotificationGroup,
  type NotificationGroupInput,
  type NotificationGroupRequest,
} from '@domain/notifications/notification-group';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import { SelectField, type SelectOption } from '../../components/SelectField';
import { useFormDialog } from '../../components/useFormDialog';
import type { Places } from '../gateways';
import { NEW_RECIPIENT, ScheduleEditor } from './ScheduleEditor';

export interface NotificationGroupDialogProps {
  /** The group being edited; none to add one. */
  group?: NotificationGroup;
  /** The locations and sites the user reaches. */
  places: Places;
  /** The organisation's users to choose from. */
  userOptions: readonly SelectOption[];
  /** Saves; throws (an ApiError) when the API refuses. */
  onSave(input: NotificationGroupRequest): Promise<void>;
  onClose(): void;
}

/** The fields an API refusal may name; the rest is toasted by the page. */
const FORM_FIELDS = ['name', 'description', 'locationId', 'siteIds', 'schedules'] as const;

/** A new schedule: every day, office hours, one user to choose. */
type ScheduleInput = NotificationGroupInput['schedules'][number];
const newSchedule = (): ScheduleInput => ({
  name: '',
  days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
  start: '08:00',
  end: '18:00',
  users: [{ ...NEW_RECIPIENT, channels: [...NEW_RECIPIENT.channels] }],
});

function defaults(group: NotificationGroup | undefined): NotificationGroupInput {
  if (group === undefined) {
    return { name: '', description: '', groupType: 'sensor', isDefault: false, locationId: '', siteIds: [], schedules: [newSchedule()], overwrite: false };
  }
  return {
    name: group.name,
    description: group.description,
    groupType: group.groupType,
    isDefault: group.isDefault,
    locationId: group.locationId,
    siteIds: [...group.siteIds],
    schedules: group.schedules.map((schedule) => ({
      ...schedule,
      days: [...schedule.days],
      users: schedule.users.map((user) => ({ ...user, level: String(user.level), delayMinutes: String(user.delayMinutes), channels: [...user.channels] })),
    })),
    overwrite: false,
  };
}

/**
 * Add or edit a notification group (SPEC sections 3 and 5; issue 14 section 1) on the domain's
 * schema, so the browser refuses what the API refuses, in the same words: its sites, the
 * default flag (with "overwrite" for the sites' existing devices) and its schedules.
 */
export function NotificationGroupDialog({ group, places, userOptions, onSave, onClose }: NotificationGroupDialogProps) {
  const { t } = useTranslation();
  const { form: { control, register, setValue }, errorOf, dialogProps } = useFormDialog<NotificationGroupInput, NotificationGroupRequest>({
    resolver: zodResolver(notificationGroupInputSchema),
    defaultValues: defaults(group),
    onSave,
    onClose,
    fullScreenOnPhone: true,
    nameTakenCode: 'notificationGroupNameTaken',
    serverFields: FORM_FIELDS,
  });
  const schedules = useFieldArray({ control, name: 'schedules' });
  const locationId = useWatch({ control, name: 'locationId' });
  const isDefault = useWatch({ control, name: 'isDefault' }) === true;
  const groupType = useWatch({ control, name: 'groupType' });
  const siteOptions = typeof locationId === 'string' && locationId !== '' ? places.sitesOf([locationId]) : [];

  const nameError = errorOf('name');
  const descriptionError = errorOf('description');
  const sitesError = errorOf('siteIds');
  const schedulesError = errorOf('schedules');

  return (
    <FormDialog
      title={t(group ? 'notificationGroups.editTitle' : 'notificationGroups.addTitle')}
      maxWidth="md"
      {...dialogProps}
    >
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 8 }}>
          <FormTextField {...register('name')} label={t('notificationGroups.fields.name')} required autoFocus autoComplete="off" errorText={nameError} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <SelectField
            control={control}
            name="groupType"
            label={t('notificationGroups.fields.groupType')}
            required
            options={NOTIFICATION_GROUP_TYPES.map((type) => ({ value: type, label: t(`notificationGroups.types.${type}`) }))}
          />
        </Grid>
        <Grid size={12}>
          <FormTextField {...register('description')} label={t('notificationGroups.fields.description')} required multiline minRows={2} errorText={descriptionError} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField
            control={control}
            name="locationId"
            label={t('notificationGroups.fields.locationId')}
            required
            options={places.locations.map((location) => ({ value: location.id, label: location.label }))}
            onPicked={() => setValue('siteIds', [], { shouldDirty: true })}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="siteIds"
            render={({ field: { value, onChange } }) => {
              const chosen = Array.isArray(value) ? (value as string[]) : [];
              return (
                <FormControl component="fieldset" margin="dense" required error={sitesError !== undefined}>
                  <FormLabel component="legend">{t('notificationGroups.fields.siteIds')}</FormLabel>
                  <FormGroup>
                    {siteOptions.map((site) => (
                      <FormControlLabel
                        key={site.id}
                        label={site.label}
                        control={(
                          <Checkbox
                            checked={chosen.includes(site.id)}
                            onChange={(event) => onChange(event.target.checked ? [...chosen, site.id] : chosen.filter((entry) => entry !== site.id))}
                          />
                        )}
                      />
                    ))}
                  </FormGroup>
                  <FormHelperText>{sitesError ?? (siteOptions.length === 0 ? t('notificationGroups.hints.sitesAfterLocation') : ' ')}</FormHelperText>
                </FormControl>
              );
            }}
          />
        </Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name="isDefault"
            render={({ field: { value, onChange } }) => (
              <FormControlLabel
                control={<Switch checked={value === true} onChange={(event) => onChange(event.target.checked)} />}
                label={t('notificationGroups.fields.isDefault')}
              />
            )}
          />
          <Typography variant="body2" color="text.secondary">{t('notificationGroups.hints.isDefault')}</Typography>
        </Grid>
        {isDefault && groupType !== 'haccp' && (
          <Grid size={12}>
            <Controller
              control={control}
              name="overwrite"
              render={({ field: { value, onChange } }) => (
                <FormControlLabel
                  control={<Checkbox checked={value === true} onChange={(event) => onChange(event.target.checked)} />}
                  label={t('notificationGroups.fields.overwrite')}
                />
              )}
            />
          </Grid>
        )}
        <Grid size={12}>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>{t('notificationGroups.fields.schedules')}</Typography>
          {schedulesError !== undefined && <Typography color="error" variant="body2" role="alert">{schedulesError}</Typography>}
        </Grid>
        <Grid size={12}>
          {schedules.fields.map((schedule, index) => (
            <ScheduleEditor
              key={schedule.id}
              index={index}
              control={control}
              register={register}
              userOptions={userOptions}
              errorOf={errorOf}
              {...(schedules.fields.length > 1 ? { onRemove: () => schedules.remove(index) } : {})}
            />
          ))}
          <Button startIcon={<AddIcon />} onClick={() => schedules.append(newSchedule())}>{t('notificationGroups.addSchedule')}</Button>
        </Grid>
      </Grid>
    </FormDialog>
  );
}
