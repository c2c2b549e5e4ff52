import { useCallback, type ReactElement } from 'react';
import EmailIcon from '@mui/icons-material/EmailOutlined';
import PagerIcon from '@mui/icons-material/PermPhoneMsgOutlined';
import PushIcon from '@mui/icons-material/NotificationsOutlined';
import TextIcon from '@mui/icons-material/SmsOutlined';
import VoiceIcon from '@mui/icons-material/PhoneInTalkOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CHANNELS } from '@domain/notifications/channels';
import type { DeliveryStatus } from '@domain/notifications/delivery';
import { isDeliveryReason, type AlarmNotification } from '@domain/notifications/delivery-answers';
import type { NotificationChannel } from '@domain/notifications/notification-group';
import { notificationIdOf, useAlarmNotifications } from '../../api/notifications';
import { useErrorText } from '../../components/useErrorText';
import { useDateTime } from '../../i18n/useDateTime';

/** Each channel's icon (its name is the label beside it). */
export const CHANNEL_ICONS: Record<NotificationChannel, ReactElement> = {
  email: <EmailIcon fontSize="small" />,
  text: <TextIcon fontSize="small" />,
  pager: <PagerIcon fontSize="small" />,
  push: <PushIcon fontSize="small" />,
  voice: <VoiceIcon fontSize="small" />,
};

/** A status's colour: sent green, failed red, failing amber, on its way blue, not sent grey. */
const STATUS_COLOURS: Record<DeliveryStatus, ChipProps['color']> = {
  queued: 'info',
  sending: 'info',
  sent: 'success',
  retrying: 'warning',
  dead: 'error',
  dropped: 'default',
  skipped: 'default',
  held: 'info',
  grouped: 'default',
};

/** A message's status as a chip, coloured by how it went. */
export function NotificationStatusChip({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={STATUS_COLOURS[status]} variant={status === 'sent' || status === 'dead' ? 'filled' : 'outlined'} label={t(`notifications.statuses.${status}`)} />;
}

/** A message's kind: alarm, reminder n, back to normal. */
export function useNotificationKindText(): (notification: Pick<AlarmNotification, 'kind' | 'reminder'>) => string {
  const { t } = useTranslation();
  return useCallback((notification: Pick<AlarmNotification, 'kind' | 'reminder'>) => (notification.kind === 'reminder'
    ? t('notifications.kinds.reminder', { number: notification.reminder ?? 1 })
    : t(`notifications.kinds.${notification.kind}`)), [t]);
}

/** One message: channel, recipient, kind, status, when, and why it did not go. */
function NotificationItem({ notification }: { notification: AlarmNotification }) {
  const { t } = useTranslation();
  const dateTime = useDateTime('medium');
  const kindText = useNotificationKindText();
  const { status } = notification;
  const reason = notification.reason === undefined
    ? undefined
    : isDeliveryReason(notification.reason) ? t(`notifications.reasons.${notification.reason}`) : notification.reason;
  const details = [
    (status === 'dead' || status === 'retrying') && notification.lastError !== undefined
      ? t('notifications.providerReason', { reason: notification.lastError }) : undefined,
    status === 'retrying' && notification.nextAttemptAt !== undefined ? t('notifications.nextAttempt', { time: dateTime(notification.nextAttemptAt) }) : undefined,
    (status === 'skipped' || status === 'dropped') ? reason : undefined,
    status === 'grouped' ? t('notifications.groupedInto') : undefined,
    notification.groupedCount !== undefined && notification.groupedCount > 0 ? t('notifications.groupedCount', { count: notification.groupedCount }) : undefined,
  ].filter((line): line is string => line !== undefined);
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, listStyle: 'none' }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', minWidth: 0, flexWrap: 'wrap' }}>
          <Box sx={{ display: 'inline-flex', color: 'text.secondary' }} aria-hidden>{CHANNEL_ICONS[notification.channel]}</Box>
          <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>{t(CHANNELS[notification.channel].labelKey)}</Typography>
          <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>{notification.recipientName ?? t('notifications.unknownRecipient')}</Typography>
        </Stack>
        <NotificationStatusChip status={status} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {[kindText(notification), t('notifications.level', { level: notification.level }), dateTime(notification.sentAt ?? notification.updatedAt),
          notification.attempts > 1 ? t('notifications.attempts', { count: notification.attempts }) : undefined].filter(Boolean).join(' · ')}
      </Typography>
      {details.map((line) => (
        <Typography key={line} variant="body2" color={status === 'dead' || status === 'retrying' ? 'error' : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }}>{line}</Typography>
      ))}
    </Paper>
  );
}

/**
 * The alarm's messages (issue 14 section 3): each attempt's outcome, queued, sent, or failed
 * with the provider's reason, newest first, refreshed with the alarm.
 */
export function AlarmNotifications({ alarmId }: { alarmId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notifications = useAlarmNotifications(alarmId);
  if (notifications.error !== undefined) return <Alert severity="error">{errorText(notifications.error)}</Alert>;
  if (notifications.data === undefined) return <LinearProgress aria-label={t('notifications.title')} />;
  if (notifications.data.length === 0) return <Typography color="text.secondary">{t('notifications.empty')}</Typography>;
  return (
    <Stack component="ul" aria-label={t('notifications.listLabel')} sx={{ m: 0, p: 0, gap: 1 }}>
      {notifications.data.map((notification) => <NotificationItem key={notificationIdOf(notification)} notification={notification} />)}
    </Stack>
  );
}
