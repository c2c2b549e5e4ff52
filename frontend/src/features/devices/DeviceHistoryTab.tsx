import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { DeviceRecordOwner } from '@domain/devices/device-records';
import { useErrorText } from '../../components/useErrorText';
import { useDeviceHistory, type DeviceHistoryEntry } from '../../api/deviceRecords';
import { useDateTime } from './useDateTime';

/** A value of an audit entry, short: text as is, anything else as JSON, nothing as a dash. */
export function auditValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '–';
  if (typeof value === 'string') return value;
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** A device's audit trail (who, when, what changed), newest first: the history tab of sensors and gateways. */
export function DeviceHistoryTab({ kind, id }: { kind: DeviceRecordOwner; id: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const dateTime = useDateTime('medium');
  const { data, error, isLoading } = useDeviceHistory(kind, id);

  // A field the form names is shown by its label; bookkeeping fields by their own name.
  const fieldLabel = (field: string) => t(`${kind}.fields.${field}` as 'sensors.fields.name', { defaultValue: field });
  const what = (entry: DeviceHistoryEntry) => {
    const action = t(`devices.history.actions.${entry.action}`);
    return entry.summary === undefined ? action : `${action} (${t(`devices.history.summaries.${entry.summary}` as 'devices.history.summaries.disable', { defaultValue: entry.summary })})`;
  };

  return (
    <>
      {error !== undefined && <Alert severity="error" sx={{ mb: 2 }}>{errorText(error)}</Alert>}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('devices.history.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('devices.history.when')}</TableCell>
              <TableCell>{t('devices.history.who')}</TableCell>
              <TableCell>{t('devices.history.what')}</TableCell>
              <TableCell>{t('devices.history.changes')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(data ?? []).map((entry) => (
              <TableRow key={entry.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(entry.at)}</TableCell>
                <TableCell>{entry.actor.email}</TableCell>
                <TableCell>{what(entry)}</TableCell>
                <TableCell>
                  {entry.changes.map((change) => (
                    <div key={change.field}>
                      {`${fieldLabel(change.field)}: ${auditValue(change.before)} → ${auditValue(change.after)}`}
                    </div>
                  ))}
                </TableCell>
              </TableRow>
            ))}
            {!isLoading && (data ?? []).length === 0 && (
              <TableRow><TableCell colSpan={4}>{t('devices.history.empty')}</TableCell></TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
