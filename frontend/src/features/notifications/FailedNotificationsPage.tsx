import { useCallback, useMemo, useState } from 'react';
import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ALARM_TYPE_CATALOGUE } from '@domain/alarms/alarm-types';
import { CHANNELS } from '@domain/notifications/channels';
import type { FailedNotification } from '@domain/notifications/delivery-answers';
import { notificationIdOf, resendNotification, useFailedNotifications } from '../../api/notifications';
import { AdminListPage } from '../../components/AdminListPage';
import type { AdminGridRowAction } from '../../components/AdminGrid';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useErrorText } from '../../components/useErrorText';
import { alarmPath, CHANNEL_ICONS, useNotificationKindText } from '../alarms';
import { useDateTime } from '../../i18n/useDateTime';

const deviceOf = (row: FailedNotification) => (row.deviceId === undefined ? '' : row.deviceName ? `${row.deviceName} (${row.deviceId})` : row.deviceId);

/**
 * Administration > Failed notifications (issue 14 section 3): the dead-letter store, the
 * messages a provider refused on every attempt, with the provider's reason; an administrator
 * resends one (it is queued again, its attempts counted from zero) once the cause is fixed.
 */
export default function FailedNotificationsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const dateTime = useDateTime('medium');
  const kindText = useNotificationKindText();
  const failed = useFailedNotifications();
  // The row stays set while the confirmation fades out, so its text does not blank.
  const [asking, setAsking] = useState<{ row: FailedNotification; open: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const recipientOf = useCallback((row: FailedNotification) => row.recipientName ?? t('notifications.unknownRecipient'), [t]);

  const columns = useMemo<GridColDef<FailedNotification>[]>(() => [
    {
      field: 'alarmType',
      headerName: t('notifications.failed.columns.alarm'),
      width: 190,
      valueGetter: (_value, row) => (row.alarmType === undefined ? t('notifications.failed.openAlarm') : t(ALARM_TYPE_CATALOGUE[row.alarmType].labelKey)),
      renderCell: ({ row, value }) => <Link component={RouterLink} to={alarmPath(row.alarmId)}>{String(value)}</Link>,
    },
    { field: 'deviceName', headerName: t('notifications.failed.columns.device'), flex: 1, minWidth: 170, valueGetter: (_value, row) => deviceOf(row) },
    { field: 'recipientName', headerName: t('notifications.failed.columns.recipient'), flex: 1, minWidth: 150, valueGetter: (_value, row) => recipientOf(row) },
    {
      field: 'channel',
      headerName: t('notifications.failed.columns.channel'),
      width: 120,
      valueGetter: (_value, row) => t(CHANNELS[row.channel].labelKey),
      renderCell: ({ row, value }) => (
        <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, height: '100%' }}>
          <Box component="span" aria-hidden sx={{ display: 'inline-flex', color: 'text.secondary' }}>{CHANNEL_ICONS[row.channel]}</Box>
          {String(value)}
        </Box>
      ),
    },
    { field: 'kind', headerName: t('notifications.failed.columns.kind'), width: 140, valueGetter: (_value, row) => kindText(row) },
    { field: 'attempts', headerName: t('notifications.failed.columns.attempts'), width: 100, type: 'number' },
    { field: 'lastError', headerName: t('notifications.failed.columns.reason'), flex: 1.5, minWidth: 220, valueGetter: (_value, row) => row.lastError ?? '' },
    { field: 'updatedAt', headerName: t('notifications.failed.columns.failedAt'), width: 190, valueFormatter: (value: string) => dateTime(value) },
  ], [t, dateTime, kindText, recipientOf]);

  const rowActions: AdminGridRowAction<FailedNotification>[] = [{
    key: 'resend',
    label: (row) => t('notifications.failed.resend', { name: recipientOf(row) }),
    icon: <ReplayIcon />,
    onClick: (row) => setAsking({ row, open: true }),
    disabled: () => busy,
  }];

  const close = () => setAsking((current) => (current === null ? null : { ...current, open: false }));
  const confirm = async () => {
    if (asking === null) return;
    const { row } = asking;
    setBusy(true);
    try {
      await resendNotification(row);
      enqueueSnackbar(t('notifications.failed.resent', { name: recipientOf(row) }), { variant: 'success' });
      // It is no longer failed: gone from the list, whatever the index answers right now.
      await failed.mutate((rows = []) => rows.filter((entry) => notificationIdOf(entry) !== notificationIdOf(row)), { revalidate: false });
    } catch (failure) {
      // Resent or delivered meanwhile (409), or gone (404): in the API's words, and the list read again.
      enqueueSnackbar(errorText(failure), { variant: 'error' });
      await failed.mutate();
    } finally {
      setBusy(false);
      close();
    }
  };

  const shown = asking?.row;
  return (
    <AdminListPage<FailedNotification>
      title={t('notifications.failed.title')}
      intro={t('notifications.failed.intro')}
      gridId="failed-notifications"
      list={failed}
      columns={columns}
      emptyLabel={t('notifications.failed.empty')}
      rowActions={rowActions}
      getRowId={notificationIdOf}
      initialSort={[{ field: 'updatedAt', sort: 'desc' }]}
    >
      <ConfirmDialog
        open={asking?.open ?? false}
        title={t('notifications.failed.resendTitle')}
        message={shown === undefined ? '' : t('notifications.failed.resendConfirm', {
          channel: t(CHANNELS[shown.channel].labelKey), name: recipientOf(shown), device: deviceOf(shown) || shown.alarmId,
        })}
        confirmLabel={t('notifications.failed.resendButton')}
        cancelLabel={t('notifications.failed.cancel')}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={close}
      />
    </AdminListPage>
  );
}
