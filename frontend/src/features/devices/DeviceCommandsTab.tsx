import { useMemo, useState } from 'react';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
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
import { useTranslation } from 'react-i18next';
import {
  commandsFor,
  effectiveCommandStatus,
  type CommandStatus,
  type DeviceCommand,
  type DeviceCommandName,
  type DeviceKind,
} from '@domain/devices/device-commands';
import { useErrorText } from '../../components/useErrorText';
import { sendDeviceCommand, useDeviceCommands } from '../../api/deviceCommands';
import { useMessageText } from '../../i18n/messages';
import { commandInputFrom, parameterFields, type ParameterField } from './commandForm';
import type { DeviceTabProps } from './DeviceNotesTab';
import { useDateTime } from '../../i18n/useDateTime';

export interface DeviceCommandsTabProps extends DeviceTabProps {
  /** For a sensor, its connection type decides which settings apply (Wi-Fi ones only to Wi-Fi sensors). */
  connectionType?: string;
}

const STATUS_COLOURS: Record<CommandStatus, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  pending: 'default',
  sent: 'info',
  executed: 'success',
  failed: 'error',
  expired: 'warning',
};

/** A command's parameters or the device's response, as one line of text; `label` names a key. */
function shown(value: unknown, label: (key: string) => string = (key) => key): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>).map(([key, entry]) => `${label(key)}: ${typeof entry === 'string' ? entry : JSON.stringify(entry)}`).join(', ');
  }
  return JSON.stringify(value);
}

/**
 * A device's commands (SPEC section 3 "commands", section 5 device settings): pick one of the
 * catalogue, fill its parameters within their ranges, send it (over MQTT, by the API); the
 * list shows each command's status, response, sent and executed times from the device's
 * acknowledgement, refreshed every 5 s while one waits.
 */
export function DeviceCommandsTab({ kind, id, canWrite, connectionType }: DeviceCommandsTabProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const dateTime = useDateTime('medium');
  const deviceKind: DeviceKind = kind === 'sensors' ? 'sensor' : 'gateway';
  const available = useMemo(() => commandsFor(deviceKind, connectionType), [connectionType, deviceKind]);
  const { data, error, isLoading, mutate } = useDeviceCommands(kind, id);
  const [command, setCommand] = useState<DeviceCommandName | ''>('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const fields = command === '' ? [] : parameterFields(command);

  const choose = (name: DeviceCommandName | '') => {
    setCommand(name);
    setValues({});
    setErrors({});
    setFailure(null);
  };

  const send = async () => {
    if (command === '') return;
    const result = commandInputFrom(command, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    setSending(true);
    try {
      const sent = await sendDeviceCommand(kind, id, result.input);
      enqueueSnackbar(t('devices.commands.sent', { command: t(`devices.commands.names.${sent.command}`) }), { variant: 'success' });
      choose('');
      await mutate((commands = []) => [sent, ...commands.filter((entry) => entry.id !== sent.id)]);
    } catch (failed) {
      setFailure(errorText(failed));
    } finally {
      setSending(false);
    }
  };

  const helperOf = (field: ParameterField): string => {
    const message = errors[field.name];
    if (message !== undefined) return messageText(message);
    if (field.kind === 'number' && field.min !== undefined && field.max !== undefined) return t('devices.commands.range', { min: field.min, max: field.max });
    return ' ';
  };

  const parameterLabel = (key: string) => t(`devices.commands.parameters.${key}` as 'devices.commands.parameters.priority', { defaultValue: key });
  const now = new Date();
  const statusOf = (entry: DeviceCommand) => effectiveCommandStatus(entry, now);

  return (
    <Stack sx={{ gap: 2 }}>
      {canWrite && (
        <Paper variant="outlined" sx={{ p: 2 }} component="form" noValidate aria-label={t('devices.commands.sendTitle')} onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}>
          <Typography variant="subtitle1" component="h2">{t('devices.commands.sendTitle')}</Typography>
          {failure !== null && <Alert severity="error" sx={{ my: 1 }}>{failure}</Alert>}
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <TextField
                select
                fullWidth
                margin="dense"
                label={t('devices.commands.command')}
                value={command}
                onChange={(event) => choose(event.target.value as DeviceCommandName | '')}
                helperText=" "
              >
                {available.map((name) => <MenuItem key={name} value={name}>{t(`devices.commands.names.${name}`)}</MenuItem>)}
              </TextField>
            </Grid>
            {fields.map((field) => (
              <Grid key={field.name} size={{ xs: 12, sm: 6, md: 4 }}>
                <TextField
                  fullWidth
                  margin="dense"
                  required
                  label={t(`devices.commands.parameters.${field.name}` as 'devices.commands.parameters.priority')}
                  type={field.kind === 'number' ? 'number' : field.kind === 'secret' ? 'password' : field.kind === 'time' ? 'datetime-local' : 'text'}
                  value={values[field.name] ?? ''}
                  onChange={(event) => setValues((current) => ({ ...current, [field.name]: event.target.value }))}
                  slotProps={{
                    htmlInput: field.kind === 'number' ? { min: field.min, max: field.max, step: 1 } : field.kind === 'time' ? {} : { maxLength: field.maxLength },
                    ...(field.kind === 'time' ? { inputLabel: { shrink: true } } : {}),
                  }}
                  error={errors[field.name] !== undefined}
                  helperText={helperOf(field)}
                />
              </Grid>
            ))}
          </Grid>
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={command === '' || sending}>{t('devices.commands.send')}</Button>
          </Stack>
        </Paper>
      )}
      {error !== undefined && <Alert severity="error">{errorText(error)}</Alert>}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('devices.commands.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('devices.commands.command')}</TableCell>
              <TableCell>{t('devices.commands.parametersColumn')}</TableCell>
              <TableCell>{t('devices.commands.status')}</TableCell>
              <TableCell>{t('devices.commands.response')}</TableCell>
              <TableCell>{t('devices.commands.sentAt')}</TableCell>
              <TableCell>{t('devices.commands.executedAt')}</TableCell>
              <TableCell>{t('devices.commands.requestedBy')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(data ?? []).map((entry) => {
              const status = statusOf(entry);
              return (
                <TableRow key={entry.id}>
                  <TableCell>{t(`devices.commands.names.${entry.command}`)}</TableCell>
                  <TableCell>{shown(entry.parameters, parameterLabel)}</TableCell>
                  <TableCell><Chip size="small" color={STATUS_COLOURS[status]} label={t(`devices.commands.statuses.${status}`)} /></TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{shown(entry.response)}</TableCell>
                  <TableCell>{dateTime(entry.sentAt)}</TableCell>
                  <TableCell>{dateTime(entry.executedAt)}</TableCell>
                  <TableCell>{entry.requestedBy}</TableCell>
                </TableRow>
              );
            })}
            {!isLoading && (data ?? []).length === 0 && (
              <TableRow><TableCell colSpan={7}>{t('devices.commands.empty')}</TableCell></TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
