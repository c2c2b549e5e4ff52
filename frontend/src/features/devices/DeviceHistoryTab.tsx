import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
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
import { ChangeList } from '../../components/history/ChangeList';
import { useUserDateTime } from '../../i18n/userDateTime';

/** The entity type of each device kind's audit entries. */
const ENTITY_TYPE: Record<DeviceRecordOwner, string> = { sensors: 'SENSOR', gateways: 'GATEWAY' };

/**
 * A device's audit trail (who, when, what changed), newest first: the history tab of sensors
 * and gateways. Each change as a person would write it, in the user's language and time zone.
 */
export function DeviceHistoryTab({ kind, id }: { kind: DeviceRecordOwner; id: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const dateTime = useUserDateTime();
  const { data, error, isLoading } = useDeviceHistory(kind, id);

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
                <TableCell>
                  {entry.proxy?.actorEmail ?? entry.actor.email}
                  {entry.proxy === undefined ? null : <Chip size="small" sx={{ ml: 1 }} label={t('devices.history.throughProxy')} />}
                </TableCell>
                <TableCell>{what(entry)}</TableCell>
                <TableCell>
                  <ChangeList entityType={ENTITY_TYPE[kind]} entry={entry} />
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
