import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  EQUIPMENT_TYPES,
  equipmentInputSchema,
  REFRIGERANTS,
  type Equipment,
  type EquipmentFormValues,
  type EquipmentInput,
} from '@domain/devices/equipment';
import type { Sensor } from '@domain/devices/sensor';
import { useErrorText } from '../../components/useErrorText';
import { saveEquipment, useEquipment } from '../../api/sensors';
import { useMessageText } from '../../i18n/messages';
import { useDateTime } from '../../i18n/useDateTime';

const formValuesOf = (equipment: Equipment | undefined): EquipmentFormValues => ({
  type: equipment?.type ?? '',
  make: equipment?.make ?? '',
  model: equipment?.model ?? '',
  refrigerant: equipment?.refrigerant ?? '',
});

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The equipment tab (SPEC section 3: type, make, model, refrigerant): administrators edit, others read. */
export function SensorEquipmentTab({ sensor, canWrite }: { sensor: Sensor; canWrite: boolean }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const dateTime = useDateTime();
  const { data, error, isLoading, mutate } = useEquipment(sensor.id);
  const [saveError, setSaveError] = useState<string | null>(null);
  const { register, control, handleSubmit, reset, formState: { errors, isSubmitting, isDirty } } = useForm<EquipmentFormValues, unknown, EquipmentInput>({
    resolver: zodResolver(equipmentInputSchema),
    mode: 'onTouched',
    defaultValues: formValuesOf(undefined),
  });

  useEffect(() => {
    if (data !== undefined) reset(formValuesOf(data));
  }, [data, reset]);

  const submit = async (input: EquipmentInput) => {
    setSaveError(null);
    try {
      const saved = await saveEquipment(sensor.id, input);
      await mutate(saved, { revalidate: false });
      enqueueSnackbar(t('sensors.equipment.saved'), { variant: 'success' });
    } catch (failure) {
      setSaveError(errorText(failure));
    }
  };

  const choice = (name: 'type' | 'refrigerant', options: readonly string[], label: (option: string) => string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          fullWidth
          margin="dense"
          label={t(`sensors.equipment.${name}`)}
          name={field.name}
          inputRef={field.ref}
          value={text(field.value)}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          slotProps={{ input: { readOnly: !canWrite } }}
          error={errors[name] !== undefined}
          helperText={errors[name]?.message === undefined ? ' ' : messageText(errors[name].message)}
        >
          <MenuItem value=""><em>{t('sensors.none')}</em></MenuItem>
          {options.map((option) => <MenuItem key={option} value={option}>{label(option)}</MenuItem>)}
        </TextField>
      )}
    />
  );

  const free = (name: 'make' | 'model') => (
    <TextField
      {...register(name)}
      fullWidth
      margin="dense"
      label={t(`sensors.equipment.${name}`)}
      slotProps={{ htmlInput: { readOnly: !canWrite } }}
      error={errors[name] !== undefined}
      helperText={errors[name]?.message === undefined ? ' ' : messageText(errors[name].message)}
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="form" noValidate aria-label={t('sensors.tabs.equipment')} onSubmit={(event) => void handleSubmit(submit)(event)}>
      {isLoading && <LinearProgress />}
      {error !== undefined && <Alert severity="error">{errorText(error)}</Alert>}
      {saveError !== null && <Alert severity="error">{saveError}</Alert>}
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>{choice('type', EQUIPMENT_TYPES, (option) => t(`sensors.equipment.types.${option as (typeof EQUIPMENT_TYPES)[number]}`))}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{choice('refrigerant', REFRIGERANTS, (option) => (option === 'other' ? t('sensors.equipment.otherRefrigerant') : option))}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{free('make')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{free('model')}</Grid>
      </Grid>
      <Stack direction="row" sx={{ gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary">
          {data?.updatedAt !== undefined ? t('sensors.equipment.lastChanged', { by: data.updatedBy ?? '', at: dateTime(data.updatedAt) }) : ''}
        </Typography>
        {canWrite && <Button type="submit" variant="contained" disabled={isSubmitting || !isDirty}>{t('devices.save')}</Button>}
      </Stack>
    </Paper>
  );
}
