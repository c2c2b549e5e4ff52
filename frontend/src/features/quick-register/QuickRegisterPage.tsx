import { useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { SENSOR_MODELS, sensorModel } from '@domain/devices/device-catalogue';
import {
  parseQuickRegisterLines,
  QUICK_REGISTER_MAX_LINES,
  quickRegisterInputSchema,
  type QuickRegisterFormValues,
  type QuickRegisterInput,
  type QuickRegisterResult,
} from '@domain/devices/sensor';
import { ApiError } from '../../api/ApiError';
import { useErrorText } from '../../components/useErrorText';
import { useDataLoggingProfiles } from '../../api/dataLoggingProfiles';
import { quickRegister } from '../../api/quickRegister';
import { isSensorListKey, useSiteGateways } from '../../api/sensors';
import { useClientState } from '../../session/clientState';
import { useMessageText } from '../../i18n/messages';
import { usePlaces } from '../gateways';

type Field = FieldPath<QuickRegisterFormValues>;
type Choice = { id: string; label: string };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Quick Register (SPEC section 2; issue 5 section 3): many sensors at once onto one location,
 * site and gateway, with one model, connection type and data logging profile. The ids are
 * pasted as a list, or scanned one by one (a barcode scanner types the id and Enter, which
 * starts the next line). Each line gets its own result: registered, or why not.
 */
export default function QuickRegisterPage() {
  const { t } = useTranslation();
  // Form checks in the browser, and each line's result (which the API sends without a code), by their text.
  const messageText = useMessageText();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const { mutate } = useSWRConfig();
  const { selectedLocation } = useClientState();
  const places = usePlaces();
  const profiles = useDataLoggingProfiles();
  const [result, setResult] = useState<QuickRegisterResult | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<QuickRegisterFormValues, unknown, QuickRegisterInput>({
    resolver: zodResolver(quickRegisterInputSchema),
    mode: 'onTouched',
    defaultValues: {
      locationId: selectedLocation?.locationId ?? '',
      siteId: selectedLocation?.siteId ?? '',
      gatewayId: '',
      deviceModel: '',
      connectionType: '',
      dataLoggingProfileId: '',
      lines: '',
    },
  });
  const [locationId, siteId, deviceModel, lines] = useWatch({ control, name: ['locationId', 'siteId', 'deviceModel', 'lines'] });
  const model = sensorModel(text(deviceModel));
  const gateways = useSiteGateways(text(siteId) || undefined);
  const entries = useMemo(() => parseQuickRegisterLines(text(lines), model), [lines, model]);

  const location = places.locations.find((entry) => entry.id === text(locationId));
  const choices: Record<'locationId' | 'siteId' | 'gatewayId' | 'deviceModel' | 'connectionType' | 'dataLoggingProfileId', Choice[]> = {
    locationId: places.locations,
    siteId: location?.sites ?? [],
    gatewayId: (gateways.data ?? []).map((gateway) => ({ id: gateway.id, label: `${gateway.name} (${gateway.id})` })),
    deviceModel: SENSOR_MODELS.map((entry) => ({ id: entry.code, label: entry.name })),
    connectionType: (model?.connectionTypes ?? []).map((type) => ({ id: type, label: t(`devices.connectionTypes.${type}`) })),
    dataLoggingProfileId: (profiles.data ?? []).map((profile) => ({ id: profile.id, label: profile.name })),
  };

  const errorOf = (path: Field): string | undefined => {
    const message = (errors as Record<string, { message?: unknown } | undefined>)[path]?.message;
    return typeof message === 'string' ? messageText(message) : undefined;
  };

  /** What choosing a value clears: a site belongs to its location, a gateway to its site, a connection type to its model. */
  const cascade = (name: keyof typeof choices, value: string) => {
    if (name === 'locationId') {
      setValue('siteId', '');
      setValue('gatewayId', '');
    }
    if (name === 'siteId') setValue('gatewayId', '');
    if (name === 'deviceModel') {
      const types = sensorModel(value)?.connectionTypes ?? [];
      setValue('connectionType', types.length === 1 ? types[0] : '');
    }
  };

  const select = (name: keyof typeof choices, hint?: string) => {
    const message = errorOf(name);
    return (
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <Controller
          control={control}
          name={name}
          render={({ field: { value, onChange, onBlur } }) => {
            const chosen = text(value);
            const options = choices[name];
            return (
              <TextField
                select
                label={t(`quickRegister.fields.${name}`)}
                required
                fullWidth
                margin="dense"
                value={options.some((option) => option.id === chosen) ? chosen : ''}
                onChange={(event) => {
                  onChange(event.target.value);
                  cascade(name, event.target.value);
                }}
                onBlur={onBlur}
                error={message !== undefined}
                helperText={message ?? hint ?? ' '}
              >
                {options.map((option) => <MenuItem key={option.id} value={option.id}>{option.label}</MenuItem>)}
              </TextField>
            );
          }}
        />
      </Grid>
    );
  };

  const submit = async (input: QuickRegisterInput) => {
    setResult(null);
    try {
      const answer = await quickRegister(input);
      setResult(answer);
      enqueueSnackbar(t('quickRegister.summary', { registered: answer.registered, failed: answer.failed }), { variant: answer.failed === 0 ? 'success' : 'warning' });
      if (answer.registered > 0) await mutate(isSensorListKey);
    } catch (failure) {
      enqueueSnackbar(errorText(failure), { variant: 'error' });
      if (!(failure instanceof ApiError)) throw failure;
    }
  };

  const keepFailed = () => {
    if (result === null) return;
    const failedLines = new Set(result.results.filter((line) => line.status === 'failed').map((line) => line.line));
    const kept = text(lines).split(/\r?\n/).filter((_line, index) => failedLines.has(index + 1));
    setValue('lines', kept.length > 0 ? `${kept.join('\n')}\n` : '');
    setResult(null);
  };

  const linesError = errorOf('lines');

  return (
    <Stack sx={{ gap: 2 }}>
      <Typography variant="h5" component="h1">{t('quickRegister.title')}</Typography>
      <Typography color="text.secondary">{t('quickRegister.intro')}</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
          <Grid container columnSpacing={2}>
            {select('locationId')}
            {select('siteId', location === undefined ? t('quickRegister.hints.siteAfterLocation') : undefined)}
            {select('gatewayId', text(siteId) === '' ? t('quickRegister.hints.gatewayAfterSite') : undefined)}
            {select('deviceModel')}
            {select('connectionType')}
            {select('dataLoggingProfileId')}
            <Grid size={12}>
              <TextField
                {...register('lines')}
                label={t('quickRegister.fields.lines')}
                required
                fullWidth
                multiline
                minRows={6}
                maxRows={20}
                margin="dense"
                autoComplete="off"
                spellCheck={false}
                slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
                error={linesError !== undefined}
                helperText={linesError ?? t('quickRegister.hints.lines', { max: QUICK_REGISTER_MAX_LINES })}
              />
              <Typography variant="body2" aria-live="polite">{t('quickRegister.idsFound', { count: entries.length })}</Typography>
            </Grid>
          </Grid>
          <Stack direction="row" sx={{ gap: 1, mt: 2 }}>
            <Button type="submit" variant="contained" disabled={isSubmitting}>{t('quickRegister.register')}</Button>
          </Stack>
          {isSubmitting && <LinearProgress sx={{ mt: 2 }} />}
        </form>
      </Paper>
      {result !== null && (
        <Stack sx={{ gap: 1 }}>
          <Alert
            severity={result.failed === 0 ? 'success' : 'warning'}
            action={result.failed > 0 && <Button color="inherit" size="small" onClick={keepFailed}>{t('quickRegister.keepFailed')}</Button>}
          >
            {t('quickRegister.summary', { registered: result.registered, failed: result.failed })}
          </Alert>
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={t('quickRegister.results')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('quickRegister.columns.line')}</TableCell>
                  <TableCell>{t('quickRegister.columns.id')}</TableCell>
                  <TableCell>{t('quickRegister.columns.result')}</TableCell>
                  <TableCell>{t('quickRegister.columns.message')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.results.map((line, index) => (
                  <TableRow key={`${line.line}-${line.id}-${index}`}>
                    <TableCell>{line.line}</TableCell>
                    <TableCell>{line.id}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={line.status === 'registered' ? 'success' : 'error'}
                        label={t(`quickRegister.statuses.${line.status}`)}
                      />
                    </TableCell>
                    <TableCell>{line.message === undefined ? '' : messageText(line.message)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Stack>
      )}
    </Stack>
  );
}
