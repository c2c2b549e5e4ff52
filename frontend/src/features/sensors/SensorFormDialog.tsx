import { useMemo, useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CONNECTION_TYPES,
  EXTERNAL_SENSOR_TYPES,
  SENSOR_MODELS,
  sensorModel,
  type SensorModel,
} from '@domain/devices/device-catalogue';
import {
  DEVICE_STATUSES,
  MONITORING_TYPES,
  sensorInputSchema,
  type Sensor,
  type SensorFormValues,
  type SensorInput,
} from '@domain/devices/sensor';
import { useAlarmProfiles } from '../../api/alarmProfiles';
import { useNotificationGroups } from '../../api/notificationGroups';
import { useNamedItems } from '../../api/namedCatalog';
import { useDataLoggingProfileChoices, useSiteGateways } from '../../api/sensors';
import { FormDialog } from '../../components/FormDialog';
import { MultiSelectField } from '../../components/MultiSelectField';
import { SelectField, type SelectOption } from '../../components/SelectField';
import { useMessageText } from '../../i18n/messages';
import { formFieldOf, useErrorText } from '../../components/useErrorText';
import { statusKey } from './sensorColumns';
import { useSensorLookups } from '../../api/useSensorLookups';

export interface SensorFormDialogProps {
  /** The sensor being edited; none to add one. */
  sensor?: Sensor;
  /** Where a new sensor goes by default (the selected location and site). */
  defaults?: { locationId?: string; siteId?: string };
  /** Saves; throws (an ApiError) when the API refuses, and the form shows why. */
  onSave(input: SensorInput): Promise<void>;
  onClose(): void;
}

type Field = FieldPath<SensorFormValues>;

/** The fields an API refusal may name (a channel's nested path belongs to `channels`); the rest show above the form. */
const SENSOR_FORM_FIELDS = [
  'id', 'name', 'gatewayId', 'siteId', 'locationId', 'connectionType', 'deviceModel', 'channels', 'alarmProfileId', 'deviceAlarmProfileId',
  'notificationGroupIds', 'inactivityNotificationGroupIds',
] as const satisfies readonly Field[];

type ChannelValues = SensorFormValues['channels'][number];

/** Every channel of a model, each with its first type and sub type, and the profile given. */
function channelsOf(model: SensorModel, dataLoggingProfileId: string): ChannelValues[] {
  return model.channels.map((options, index) => ({
    channel: index + 1,
    dataLoggingProfileId,
    sensorType: options[0]?.type ?? '',
    sensorSubType: options[0]?.subTypes[0] ?? '',
  }));
}

function defaultsOf(sensor: Sensor | undefined, placement: { locationId?: string; siteId?: string }): SensorFormValues {
  if (sensor === undefined) {
    return {
      id: '', name: '', description: '', deviceModel: '', monitoringType: '',
      locationId: placement.locationId ?? '', siteId: placement.siteId ?? '', gatewayId: '',
      notificationGroupIds: [], inactivityNotificationGroupIds: [], channels: [],
      connectionType: '', externalSensorType: '', departmentId: '', divisionId: '', openLabel: '', closeLabel: '',
      deviceStatus: 'active',
    };
  }
  return {
    id: sensor.id,
    name: sensor.name,
    description: sensor.description ?? '',
    deviceModel: sensor.deviceModel,
    monitoringType: sensor.monitoringType ?? '',
    locationId: sensor.locationId,
    siteId: sensor.siteId,
    gatewayId: sensor.gatewayId,
    ...(sensor.alarmProfileId ? { alarmProfileId: sensor.alarmProfileId } : {}),
    ...(sensor.deviceAlarmProfileId ? { deviceAlarmProfileId: sensor.deviceAlarmProfileId } : {}),
    notificationGroupIds: sensor.notificationGroupIds,
    inactivityNotificationGroupIds: sensor.inactivityNotificationGroupIds,
    channels: sensor.channels.map((channel) => ({ ...channel })),
    connectionType: sensor.connectionType,
    externalSensorType: sensor.externalSensorType ?? '',
    departmentId: sensor.departmentId ?? '',
    divisionId: sensor.divisionId ?? '',
    openLabel: sensor.openLabel ?? '',
    closeLabel: sensor.closeLabel ?? '',
    deviceStatus: sensor.deviceStatus,
  };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Grid size={12}>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>{title}</Typography>
      </Grid>
      {children}
    </>
  );
}

/**
 * Add or edit a sensor with every field of SPEC section 3 and the rules of section 5, on the
 * domain schema, so the browser says what the API says. The model decides the channels and
 * what each may measure, the connection types, the external sensor and the open/close labels.
 */
export function SensorFormDialog({ sensor, defaults = {}, onSave, onClose }: SensorFormDialogProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const errorText = useErrorText();
  const lookups = useSensorLookups();
  const profiles = useDataLoggingProfileChoices();
  const alarmProfiles = useAlarmProfiles();
  const notificationGroups = useNotificationGroups();
  const departments = useNamedItems('/departments');
  const divisions = useNamedItems('/divisions');
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    trigger,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<SensorFormValues, unknown, SensorInput>({
    resolver: zodResolver(sensorInputSchema),
    mode: 'onTouched',
    defaultValues: defaultsOf(sensor, defaults),
  });
  const channels = useFieldArray({ control, name: 'channels' });
  const modelCode = text(useWatch({ control, name: 'deviceModel' }));
  const locationId = text(useWatch({ control, name: 'locationId' }));
  const siteId = text(useWatch({ control, name: 'siteId' }));
  const watchedChannels = useWatch({ control, name: 'channels' });
  const model = sensorModel(modelCode);
  const gateways = useSiteGateways(siteId === '' ? undefined : siteId);

  const sites = useMemo(() => lookups.locations.find((location) => location.id === locationId)?.sites ?? [], [locationId, lookups.locations]);

  const errorAt = (path: string): string | undefined => {
    const node = path.split('.').reduce<unknown>((current, part) => (current as Record<string, unknown> | undefined)?.[part], errors);
    const message = (node as { message?: unknown; root?: { message?: unknown } } | undefined)?.message
      ?? (node as { root?: { message?: unknown } } | undefined)?.root?.message;
    return typeof message === 'string' ? messageText(message) : undefined;
  };

  const chooseModel = (code: string) => {
    const chosen = sensorModel(code);
    if (chosen === undefined) return;
    const profile = text(getValues('channels')[0]?.dataLoggingProfileId) || (profiles.data?.length === 1 ? profiles.data[0]?.id ?? '' : '');
    setValue('channels', channelsOf(chosen, profile), { shouldValidate: false });
    setValue('connectionType', chosen.connectionTypes.length === 1 ? chosen.connectionTypes[0] ?? '' : '');
    setValue('externalSensorType', chosen.acceptsExternalSensor ? 'none' : '');
    setValue('openLabel', chosen.hasContactStates ? text(getValues('openLabel')) || t('devices.contactDefaults.open') : '');
    setValue('closeLabel', chosen.hasContactStates ? text(getValues('closeLabel')) || t('devices.contactDefaults.close') : '');
    // After a refused save, what the model just filled in is checked again, so stale messages go.
    if (isSubmitted) void trigger(['channels', 'connectionType', 'externalSensorType', 'openLabel', 'closeLabel']);
  };

  const addChannel = () => {
    if (model === undefined) return;
    const used = new Set(getValues('channels').map((channel) => channel.channel));
    const next = model.channels.findIndex((_options, index) => !used.has(index + 1));
    if (next < 0) return;
    const options = model.channels[next];
    channels.append({ channel: next + 1, dataLoggingProfileId: '', sensorType: options?.[0]?.type ?? '', sensorSubType: options?.[0]?.subTypes[0] ?? '' });
    if (isSubmitted) void trigger('channels');
  };

  const submit = async (input: SensorInput) => {
    setFormError(null);
    try {
      await onSave(input);
    } catch (error) {
      const message = errorText(error);
      const path = formFieldOf(error, SENSOR_FORM_FIELDS);
      if (path !== undefined) setError(path, { type: 'server', message });
      else setFormError(message);
    }
  };

  /** A select bound to a field, offering `options` (value and label); the empty value is none. */
  const select = (path: Field, label: string, options: readonly SelectOption[], extra: { required?: boolean; none?: boolean; helper?: string; disabled?: boolean; onPicked?: (value: string) => void } = {}) => (
    <SelectField
      control={control}
      name={path}
      label={label}
      options={options}
      required={extra.required ?? false}
      disabled={extra.disabled ?? false}
      {...(extra.helper === undefined ? {} : { helper: extra.helper })}
      {...(extra.none === true ? { noneLabel: t('sensors.none') } : {})}
      {...(extra.onPicked === undefined ? {} : { onPicked: extra.onPicked })}
    />
  );

  const input = (path: Field, label: string, options: { required?: boolean; readOnly?: boolean; helper?: string; multiline?: boolean } = {}) => {
    const message = errorAt(path);
    return (
      <TextField
        {...register(path)}
        label={label}
        required={options.required ?? false}
        fullWidth
        margin="dense"
        autoComplete="off"
        multiline={options.multiline ?? false}
        {...(options.readOnly ? { slotProps: { htmlInput: { readOnly: true } } } : {})}
        error={message !== undefined}
        helperText={message ?? options.helper ?? ' '}
      />
    );
  };

  const profileOptions = (profiles.data ?? []).map((profile) => ({ value: profile.id, label: profile.name }));
  const alarmProfileOptions = (alarmProfiles.data ?? []).map((profile) => ({ value: profile.id, label: profile.name }));
  // Sensor groups only (HACCP groups are for checklists); none chosen: the site's default group.
  const notificationGroupOptions = (notificationGroups.data ?? []).filter((group) => group.groupType === 'sensor').map((group) => ({ value: group.id, label: group.name }));
  const channelsError = errorAt('channels');

  return (
    <FormDialog
      title={t(sensor ? 'sensors.editTitle' : 'sensors.addTitle')}
      maxWidth="md"
      busy={isSubmitting}
      onSubmit={(event) => void handleSubmit(submit)(event)}
      onClose={onClose}
      cancelLabel={t('devices.cancel')}
      submitLabel={t('devices.save')}
    >
      {formError !== null && <Alert severity="error" sx={{ mb: 1 }}>{formError}</Alert>}
      <Grid container columnSpacing={2}>
        <Section title={t('sensors.sections.device')}>
          <Grid size={{ xs: 12, sm: 6 }}>
            {select('deviceModel', t('sensors.fields.deviceModel'), SENSOR_MODELS.map((entry) => ({ value: entry.code, label: entry.name })), {
              required: true,
              disabled: sensor !== undefined,
              onPicked: chooseModel,
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {input('id', t('sensors.fields.id'), {
              required: true,
              readOnly: sensor !== undefined,
              ...(model ? { helper: t('sensors.fields.idFormat', { format: model.idFormat }) } : {}),
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{input('name', t('sensors.fields.name'), { required: true })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {select('monitoringType', t('sensors.fields.monitoringType'), MONITORING_TYPES.map((type) => ({ value: type, label: t(`devices.monitoringTypes.${type}`) })), { none: true })}
          </Grid>
          <Grid size={12}>{input('description', t('sensors.fields.description'), { multiline: true })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {select('connectionType', t('sensors.fields.connectionType'), (model?.connectionTypes ?? CONNECTION_TYPES).map((type) => ({ value: type, label: t(`devices.connectionTypes.${type}`) })), {
              required: true,
              ...(model === undefined ? { helper: t('sensors.chooseModelFirst') } : {}),
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {select('deviceStatus', t('sensors.columns.status'), DEVICE_STATUSES.map((status) => ({ value: status, label: t(statusKey(status)) })), { required: true })}
          </Grid>
          {model?.acceptsExternalSensor && (
            <Grid size={{ xs: 12, sm: 6 }}>
              {select('externalSensorType', t('sensors.fields.externalSensorType'), EXTERNAL_SENSOR_TYPES.map((type) => ({ value: type, label: t(`devices.externalSensorTypes.${type}`) })), { required: true })}
            </Grid>
          )}
          {model?.hasContactStates && (
            <>
              <Grid size={{ xs: 12, sm: 3 }}>{input('openLabel', t('sensors.fields.openLabel'), { required: true })}</Grid>
              <Grid size={{ xs: 12, sm: 3 }}>{input('closeLabel', t('sensors.fields.closeLabel'), { required: true })}</Grid>
            </>
          )}
        </Section>
        <Section title={t('sensors.sections.placement')}>
          <Grid size={{ xs: 12, sm: 4 }}>
            {select('locationId', t('sensors.fields.locationId'), lookups.locations.map((location) => ({ value: location.id, label: location.label })), {
              required: true,
              onPicked: () => {
                setValue('siteId', '');
                setValue('gatewayId', '');
              },
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            {select('siteId', t('sensors.fields.siteId'), sites.map((site) => ({ value: site.id, label: site.label })), {
              required: true,
              ...(locationId === '' ? { helper: t('sensors.chooseLocationFirst') } : {}),
              onPicked: () => setValue('gatewayId', ''),
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            {select('gatewayId', t('sensors.fields.gatewayId'), (gateways.data ?? []).map((gateway) => ({ value: gateway.id, label: gateway.name })), {
              required: true,
              ...(siteId === '' ? { helper: t('sensors.chooseSiteFirst') } : {}),
            })}
          </Grid>
        </Section>
        <Section title={t('sensors.sections.channels')}>
          <Grid size={12}>
            {model === undefined && <Typography variant="body2" color="text.secondary">{t('sensors.chooseModelFirst')}</Typography>}
            {channels.fields.map((row, index) => {
              const number = Number(watchedChannels?.[index]?.channel ?? row.channel);
              const options = model?.channels[number - 1] ?? [];
              const type = text(watchedChannels?.[index]?.sensorType);
              const subTypes = options.find((option) => option.type === type)?.subTypes ?? [];
              return (
                <Stack key={row.id} role="group" aria-label={t('sensors.channel', { channel: number })} direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'flex-start' } }}>
                  <Typography sx={{ minWidth: 90, pt: { sm: 3 } }}>{t('sensors.channel', { channel: number })}</Typography>
                  {select(`channels.${index}.dataLoggingProfileId`, t('sensors.fields.dataLoggingProfileId'), profileOptions, { required: true })}
                  {select(`channels.${index}.sensorType`, t('sensors.fields.sensorType'), options.map((option) => ({ value: option.type, label: t(`devices.sensorTypes.${option.type}`) })), {
                    required: true,
                    onPicked: (picked) => setValue(`channels.${index}.sensorSubType`, options.find((option) => option.type === picked)?.subTypes[0] ?? ''),
                  })}
                  {select(`channels.${index}.sensorSubType`, t('sensors.fields.subType'), subTypes.map((subType) => ({ value: subType, label: t(`devices.subTypes.${subType}`) })), { required: true })}
                  <IconButton aria-label={t('sensors.removeChannel', { channel: number })} onClick={() => channels.remove(index)} sx={{ mt: { sm: 2 } }}>
                    <RemoveIcon />
                  </IconButton>
                </Stack>
              );
            })}
            {model !== undefined && channels.fields.length < model.channels.length && (
              <Button startIcon={<AddIcon />} onClick={addChannel}>{t('sensors.addChannel')}</Button>
            )}
            {channelsError !== undefined && <Typography color="error" variant="body2" role="alert">{channelsError}</Typography>}
          </Grid>
        </Section>
        <Section title={t('sensors.sections.organisation')}>
          <Grid size={{ xs: 12, sm: 6 }}>
            {select('departmentId', t('sensors.fields.departmentId'), (departments.data ?? []).map((item) => ({ value: item.id, label: item.name })), { none: true })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {select('divisionId', t('sensors.fields.divisionId'), (divisions.data ?? []).map((item) => ({ value: item.id, label: item.name })), { none: true })}
          </Grid>
        </Section>
        <Section title={t('sensors.sections.alarms')}>
          {(['alarmProfileId', 'deviceAlarmProfileId'] as const).map((name) => (
            <Grid key={name} size={{ xs: 12, sm: 6 }}>
              {select(name, t(`sensors.fields.${name}`), alarmProfileOptions, { none: true })}
            </Grid>
          ))}
          {(['notificationGroupIds', 'inactivityNotificationGroupIds'] as const).map((name) => (
            <Grid key={name} size={{ xs: 12, sm: 6 }}>
              <MultiSelectField control={control} name={name} label={t(`sensors.fields.${name}`)} options={notificationGroupOptions} />
            </Grid>
          ))}
        </Section>
      </Grid>
    </FormDialog>
  );
}
