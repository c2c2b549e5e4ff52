import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  calibrationInputSchema,
  certificateFileProblem,
  type Calibration,
  type CalibrationFormValues,
  type CalibrationInput,
} from '@domain/devices/calibration';
import type { Sensor } from '@domain/devices/sensor';
import { ApiError } from '../../api/ApiError';
import { useErrorText } from '../../components/useErrorText';
import { addCalibration, deleteCalibration, downloadCertificate, useCalibrations } from '../../api/sensors';
import { useMessageText } from '../../i18n/messages';
import { ConfirmDeleteDialog, DeviceRecordTable, base64Of, fileSize, saveBase64File } from '../devices';
import { useDateTime } from '../../i18n/useDateTime';

type CalibrationField = 'issueDate' | 'renewalDate' | 'certificateNumber' | 'calibratedBy';

/** The form for a new calibration: the dates and who calibrated (the PDF is chosen beside it). */
function CalibrationForm({ sensorId, onAdded, onCancel }: { sensorId: string; onAdded(calibration: Calibration): void; onCancel(): void }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const errorText = useErrorText();
  const [certificate, setCertificate] = useState<File | null>(null);
  const [certificateError, setCertificateError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<CalibrationFormValues, unknown, CalibrationInput>({
    resolver: zodResolver(calibrationInputSchema),
    mode: 'onTouched',
    defaultValues: { issueDate: '', renewalDate: '', certificateNumber: '', calibratedBy: '' },
  });

  const chooseCertificate = (file: File | undefined) => {
    if (file === undefined) return;
    const problem = certificateFileProblem(file);
    setCertificateError(problem === undefined ? null : messageText(problem));
    setCertificate(problem === undefined ? file : null);
  };

  const submit = async (input: CalibrationInput) => {
    setFormError(null);
    try {
      const withCertificate = certificate === null ? input : { ...input, certificate: { fileName: certificate.name, data: await base64Of(certificate) } };
      onAdded(await addCalibration(sensorId, withCertificate));
    } catch (error) {
      const message = errorText(error);
      if (error instanceof ApiError && error.code === 'renewalBeforeIssue') setError('renewalDate', { type: 'server', message });
      else if (error instanceof ApiError && error.code === 'certificateInvalid') setCertificateError(message);
      else setFormError(message);
    }
  };

  const field = (name: CalibrationField, options: { date?: boolean; required?: boolean } = {}) => {
    const message = errors[name]?.message;
    return (
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <TextField
          {...register(name)}
          label={t(`sensors.calibrations.${name}`)}
          type={options.date ? 'date' : 'text'}
          required={options.required ?? false}
          fullWidth
          margin="dense"
          {...(options.date ? { slotProps: { inputLabel: { shrink: true } } } : {})}
          error={message !== undefined}
          helperText={message === undefined ? ' ' : messageText(message)}
        />
      </Grid>
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="form" noValidate aria-label={t('sensors.calibrations.addTitle')} onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Typography variant="subtitle1" component="h2">{t('sensors.calibrations.addTitle')}</Typography>
      {formError !== null && <Alert severity="error" sx={{ my: 1 }}>{formError}</Alert>}
      <Grid container columnSpacing={2}>
        {field('issueDate', { date: true, required: true })}
        {field('renewalDate', { date: true })}
        {field('certificateNumber')}
        {field('calibratedBy')}
        <Grid size={12}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
            <Button component="label" variant="outlined" startIcon={<UploadIcon />}>
              {t('sensors.calibrations.chooseCertificate')}
              <input hidden type="file" accept="application/pdf,.pdf" aria-label={t('sensors.calibrations.chooseCertificate')} onChange={(event) => chooseCertificate(event.target.files?.[0])} />
            </Button>
            <Typography variant="body2">{certificate?.name ?? t('sensors.calibrations.noCertificate')}</Typography>
          </Stack>
          <FormHelperText error={certificateError !== null}>
            {certificateError !== null ? certificateError : t('sensors.calibrations.certificateHint')}
          </FormHelperText>
        </Grid>
      </Grid>
      <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end', mt: 1 }}>
        <Button onClick={onCancel} disabled={isSubmitting}>{t('devices.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={isSubmitting}>{t('devices.save')}</Button>
      </Stack>
    </Paper>
  );
}

/** The calibrations tab: certificates with their dates, the PDF to download; administrators add and delete. */
export function SensorCalibrationsTab({ sensor, canWrite }: { sensor: Sensor; canWrite: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const dateTime = useDateTime();
  const { data, error, isLoading, mutate } = useCalibrations(sensor.id);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Calibration | null>(null);

  const toastError = (failure: unknown) => enqueueSnackbar(errorText(failure), { variant: 'error' });

  const download = async (calibration: Calibration) => {
    try {
      const file = await downloadCertificate(sensor.id, calibration.id);
      saveBase64File(file.fileName, file.data, file.contentType);
    } catch (failure) {
      toastError(failure);
    }
  };

  const remove = async (calibration: Calibration) => {
    await deleteCalibration(sensor.id, calibration.id);
    await mutate();
  };

  return (
    <Stack sx={{ gap: 2 }}>
      {canWrite && !adding && (
        <Stack direction="row">
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>{t('sensors.calibrations.add')}</Button>
        </Stack>
      )}
      {adding && (
        <CalibrationForm
          sensorId={sensor.id}
          onCancel={() => setAdding(false)}
          onAdded={(calibration) => {
            setAdding(false);
            enqueueSnackbar(t('sensors.calibrations.added'), { variant: 'success' });
            void mutate((current = []) => [calibration, ...current]);
          }}
        />
      )}
      {error !== undefined && <Alert severity="error">{errorText(error)}</Alert>}
      <DeviceRecordTable
        label={t('sensors.tabs.calibrations')}
        headers={[
          t('sensors.calibrations.issueDate'),
          t('sensors.calibrations.renewalDate'),
          t('sensors.calibrations.certificateNumber'),
          t('sensors.calibrations.calibratedBy'),
          t('sensors.calibrations.certificate'),
          t('sensors.calibrations.addedBy'),
        ]}
        actions={canWrite}
        emptyText={t('sensors.calibrations.empty')}
        isEmpty={!isLoading && (data ?? []).length === 0}
      >
        {(data ?? []).map((calibration) => (
          <TableRow key={calibration.id}>
            <TableCell>{calibration.issueDate}</TableCell>
            <TableCell>{calibration.renewalDate ?? ''}</TableCell>
            <TableCell>{calibration.certificateNumber ?? ''}</TableCell>
            <TableCell>{calibration.calibratedBy ?? ''}</TableCell>
            <TableCell>
              {calibration.certificate !== undefined && (
                <Button size="small" startIcon={<DownloadIcon />} onClick={() => void download(calibration)}>
                  {`${calibration.certificate.fileName} (${fileSize(calibration.certificate.size)})`}
                </Button>
              )}
            </TableCell>
            <TableCell>{`${calibration.createdBy} · ${dateTime(calibration.createdAt)}`}</TableCell>
            {canWrite && (
              <TableCell>
                <IconButton aria-label={t('sensors.calibrations.deleteItem', { date: calibration.issueDate })} onClick={() => setDeleting(calibration)}>
                  <DeleteIcon />
                </IconButton>
              </TableCell>
            )}
          </TableRow>
        ))}
      </DeviceRecordTable>
      <ConfirmDeleteDialog
        item={deleting}
        title={t('sensors.calibrations.deleteTitle')}
        message={(calibration) => t('sensors.calibrations.deleteConfirm', { date: calibration.issueDate })}
        onDelete={remove}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
