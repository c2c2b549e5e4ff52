import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GATEWAY_MODELS } from '@domain/devices/device-catalogue';
import { gatewayInputSchema, type Gateway, type GatewayFormValues, type GatewayInput } from '@domain/devices/gateway';
import type { MessageKey } from '@domain/core/messages';
import { useAlarmProfiles } from '../../api/alarmProfiles';
import { useNotificationGroups } from '../../api/notificationGroups';
import { ApiError } from '../../api/ApiError';
import { FormDialog } from '../../components/FormDialog';
import { SelectField } from '../../components/SelectField';
import { IdMultiSelect } from '../../components/IdMultiSelect';
import { useMessageText } from '../../i18n/messages';
import { formFieldOf, useErrorText } from '../../components/useErrorText';
import { GatewayImagesField, type GatewayImagePlan } from './GatewayImagesField';
import { locateMe, type GeolocationProblem } from './geolocation';
import type { Places } from './usePlaces';

/** The form's values: the schema's input, with the position as the two text fields it is typed in. */
export type GatewayForm = Omit<GatewayFormValues, 'position'> & { position: { latitude: string; longitude: string } };

type FormField = 'name' | 'model' | 'macId' | 'eui' | 'locationIds' | 'siteId' | 'alarmProfileId' | 'notificationGroupId';
const GATEWAY_FORM_FIELDS: readonly FormField[] = ['name', 'model', 'macId', 'eui', 'locationIds', 'siteId', 'alarmProfileId', 'notificationGroupId'];

export interface GatewayFormDialogProps {
  /** The gateway being edited; none to add one. */
  gateway?: Gateway;
  /** Where a new gateway goes by default (the selected location and site). */
  placement?: { locationId?: string | null; siteId?: string | null };
  places: Places;
  /** Saves the fields and the images; throws (an ApiError) when the API refuses, and the form shows why. */
  onSave(input: GatewayInput, images: GatewayImagePlan): Promise<void>;
  onClose(): void;
}

const IMAGE_CODES = new Set<string>(['gatewayImagesMax', 'gatewayImageUnknown'] satisfies MessageKey[]);

function defaultsOf(gateway: Gateway | undefined, placement: GatewayFormDialogProps['placement']): GatewayForm {
  const position = gateway?.position;
  return {
    name: gateway?.name ?? '',
    model: gateway?.model ?? '',
    macId: gateway?.macId ?? '',
    eui: gateway?.eui ?? '',
    locationIds: gateway?.locationIds ?? (placement?.locationId ? [placement.locationId] : []),
    siteId: gateway?.siteId ?? placement?.siteId ?? '',
    notes: gateway?.notes ?? '',
    imageFileIds: gateway?.imageFileIds ?? [],
    isActive: gateway?.isActive ?? true,
    position: { latitude: position === undefined ? '' : String(position.latitude), longitude: position === undefined ? '' : String(position.longitude) },
    alarmProfileId: gateway?.alarmProfileId ?? '',
    notificationGroupId: gateway?.notificationGroupId ?? '',
  };
}

/**
 * Add or edit a gateway (SPEC sections 3, 5): model, MAC id, EUI and name required, the MAC
 * valid, locations not empty, its site, notes, up to 5 images and its position (typed, or
 * the browser's location). The EUI is the gateway's id, so it stays once added.
 */
export function GatewayFormDialog({ gateway, placement, places, onSave, onClose }: GatewayFormDialogProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const errorText = useErrorText();
  const [images, setImages] = useState<GatewayImagePlan>({ keep: gateway?.imageFileIds ?? [], add: [] });
  const [imageError, setImageError] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const [geolocationProblem, setGeolocationProblem] = useState<GeolocationProblem | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const alarmProfiles = useAlarmProfiles();
  const notificationGroups = useNotificationGroups();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<GatewayForm, unknown, GatewayInput>({
    // The schema reads the position's two texts itself (empty means none); its input type says `unknown` for them.
    resolver: zodResolver(gatewayInputSchema) as Resolver<GatewayForm, unknown, GatewayInput>,
    mode: 'onTouched',
    defaultValues: defaultsOf(gateway, placement),
  });
  const locationIds = useWatch({ control, name: 'locationIds' });
  const chosenLocations = Array.isArray(locationIds) ? (locationIds as string[]) : [];
  const siteOptions = places.sitesOf(chosenLocations);
  const siteId = useWatch({ control, name: 'siteId' });
  const chosenSite = typeof siteId === 'string' ? siteId : '';
  // A site outside the chosen locations still shows, so the form can say why it is refused.
  const siteChoices = [
    ...siteOptions.map((site) => ({ value: site.id, label: site.label })),
    ...(chosenSite === '' || siteOptions.some((site) => site.id === chosenSite) ? [] : [{ value: chosenSite, label: places.siteName(chosenSite) }]),
  ];

  const text = (message: string | undefined) => (message === undefined ? undefined : messageText(message));

  const submit = async (input: GatewayInput) => {
    setRefusal(null);
    try {
      await onSave(input, images);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const field = formFieldOf(error, GATEWAY_FORM_FIELDS);
      if (field !== undefined) setError(field, { type: 'server', message: errorText(error) });
      else if (IMAGE_CODES.has(error.code ?? '')) setImageError(errorText(error));
      else setRefusal(errorText(error));
    }
  };

  const locateGateway = async () => {
    setGeolocationProblem(null);
    setLocating(true);
    try {
      const { latitude, longitude } = await locateMe();
      setValue('position.latitude', String(latitude), { shouldValidate: true, shouldDirty: true });
      setValue('position.longitude', String(longitude), { shouldValidate: true, shouldDirty: true });
    } catch (problem) {
      setGeolocationProblem(problem as GeolocationProblem);
    } finally {
      setLocating(false);
    }
  };

  const textField = (name: 'name' | 'macId' | 'eui', options: { readOnly?: boolean; hint?: string } = {}) => {
    const message = text(errors[name]?.message);
    return (
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          {...register(name)}
          label={t(`gateways.fields.${name}`)}
          required
          fullWidth
          margin="dense"
          autoComplete="off"
          {...(options.readOnly ? { slotProps: { htmlInput: { readOnly: true } } } : {})}
          error={message !== undefined}
          helperText={message ?? options.hint ?? ' '}
        />
      </Grid>
    );
  };

  const latitudeError = text(errors.position?.latitude?.message);
  const longitudeError = text(errors.position?.longitude?.message);

  return (
    <FormDialog
      title={t(gateway ? 'gateways.editTitle' : 'gateways.addTitle')}
      maxWidth="md"
      busy={isSubmitting}
      onSubmit={(event) => void handleSubmit(submit)(event)}
      onClose={onClose}
      cancelLabel={t('gateways.cancel')}
      submitLabel={t('gateways.save')}
    >
      {refusal !== null && <Alert severity="error" sx={{ mb: 2 }}>{refusal}</Alert>}
      <Grid container columnSpacing={2}>
        {textField('name')}
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField
            control={control}
            name="model"
            label={t('gateways.fields.model')}
            required
            options={GATEWAY_MODELS.map((model) => ({ value: model.code, label: model.name }))}
          />
        </Grid>
        {textField('macId', { hint: t('gateways.hints.macId') })}
        {textField('eui', gateway ? { readOnly: true, hint: t('gateways.hints.euiFixed') } : { hint: t('gateways.hints.eui') })}
        <Grid size={{ xs: 12, sm: 6 }} sx={{ pt: 1 }}>
          <Controller
            control={control}
            name="locationIds"
            render={({ field }) => (
              <IdMultiSelect
                label={t('gateways.fields.locationIds')}
                options={places.locations}
                value={Array.isArray(field.value) ? (field.value as string[]) : []}
                onChange={field.onChange}
                onBlur={field.onBlur}
                required
                error={errors.locationIds !== undefined}
                helperText={text(errors.locationIds?.message) ?? ' '}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField
            control={control}
            name="siteId"
            label={t('gateways.fields.siteId')}
            required
            options={siteChoices}
            {...(siteOptions.length === 0 ? { helper: t('gateways.hints.siteAfterLocations') } : {})}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField
            control={control}
            name="alarmProfileId"
            label={t('gateways.fields.alarmProfileId')}
            noneLabel={t('gateways.noAlarmProfile')}
            options={(alarmProfiles.data ?? []).map((profile) => ({ value: profile.id, label: profile.name }))}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField
            control={control}
            name="notificationGroupId"
            label={t('gateways.fields.notificationGroupId')}
            noneLabel={t('gateways.noAlarmProfile')}
            helper={t('notificationGroups.hints.noneIsDefault')}
            options={(notificationGroups.data ?? []).filter((group) => group.groupType === 'sensor').map((group) => ({ value: group.id, label: group.name }))}
          />
        </Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name="isActive"
            render={({ field: { value, onChange } }) => (
              <FormControlLabel
                control={<Switch checked={value !== false} onChange={(event) => onChange(event.target.checked)} />}
                label={t('gateways.fields.isActive')}
              />
            )}
          />
          <FormHelperText sx={{ mt: 0 }}>{t('gateways.hints.isActive')}</FormHelperText>
        </Grid>
        <Grid size={12}>
          <TextField
            {...register('notes')}
            label={t('gateways.fields.notes')}
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            error={errors.notes !== undefined}
            helperText={text(errors.notes?.message) ?? ' '}
          />
        </Grid>
        <Grid size={12}>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>{t('gateways.sections.position')}</Typography>
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            {...register('position.latitude')}
            label={t('gateways.fields.latitude')}
            fullWidth
            margin="dense"
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            error={latitudeError !== undefined}
            helperText={latitudeError ?? ' '}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            {...register('position.longitude')}
            label={t('gateways.fields.longitude')}
            fullWidth
            margin="dense"
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            error={longitudeError !== undefined}
            helperText={longitudeError ?? ' '}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }} sx={{ display: 'flex', alignItems: 'flex-start', pt: 2 }}>
          <Button startIcon={<MyLocationIcon />} onClick={() => void locateGateway()} disabled={locating}>
            {t('gateways.useMyLocation')}
          </Button>
        </Grid>
        {geolocationProblem !== null && (
          <Grid size={12}>
            <Alert severity="warning" onClose={() => setGeolocationProblem(null)}>{t(`gateways.geolocation.${geolocationProblem}`)}</Alert>
          </Grid>
        )}
        <Grid size={12}>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>{t('gateways.sections.images')}</Typography>
          <GatewayImagesField
            {...(gateway ? { gatewayId: gateway.id } : {})}
            plan={images}
            onChange={setImages}
            error={imageError}
            onError={setImageError}
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
