import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { CHANNELS } from '@domain/notifications/channels';
import type { ChannelBlock, MyChannel, MyNotificationGroup, MyNotificationSettings } from '@domain/notifications/my-notifications';
import type { NotificationChannel } from '@domain/notifications/notification-group';
import { saveMyNotificationSettings, sendTestMessage, useMyNotifications } from '../../api/myNotifications';
import { useErrorText } from '../../components/useErrorText';
import { VerifyCodeDialog } from '../users';

export interface MyNotificationsSectionProps {
  /** The caller's account id (their own phone is verified through it). */
  accountId: string;
  /** The phone saved on the profile ('' when none): it can be verified from here. */
  phone: string;
  /** The phone was verified here: the profile reads it again. */
  onPhoneVerified?(): void;
}

/**
 * Profile Settings > Notifications (issue 14 section 2): the user's own switches, the groups
 * and levels they are in, whether each channel reaches them (why not, and what to do), and a
 * test message per channel.
 */
export function MyNotificationsSection({ accountId, phone, onPhoneVerified }: MyNotificationsSectionProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const mine = useMyNotifications();
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState<NotificationChannel | null>(null);
  const [verifying, setVerifying] = useState(false);

  const save = async (settings: MyNotificationSettings) => {
    setSaving(true);
    try {
      await mine.mutate(await saveMyNotificationSettings(settings), { revalidate: false });
    } catch (failure) {
      enqueueSnackbar(errorText(failure), { variant: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const test = async (channel: NotificationChannel) => {
    setTesting(channel);
    try {
      await sendTestMessage(channel);
      enqueueSnackbar(t('settings.notifications.testSent', { channel: t(CHANNELS[channel].labelKey) }), { variant: 'success' });
    } catch (failure) {
      enqueueSnackbar(errorText(failure), { variant: 'error' });
      // What stopped it may have changed (a device's push turned off): read the states again.
      void mine.mutate();
    } finally {
      setTesting(null);
    }
  };

  const data = mine.data;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="my-notifications-title" sx={{ p: { xs: 2, sm: 3 }, mt: 3, maxWidth: 640 }}>
      <Typography id="my-notifications-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('settings.notifications.title')}
      </Typography>
      {mine.error !== undefined && <Alert severity="error">{errorText(mine.error)}</Alert>}
      {data === undefined && mine.error === undefined && <Skeleton variant="rounded" height={160} />}
      {data !== undefined && (
        <Stack sx={{ gap: 2 }}>
          <Stack>
            <FormControlLabel
              control={<Switch checked={data.notificationsEnabled} disabled={saving} onChange={(_event, checked) => void save({ notificationsEnabled: checked })} />}
              label={t('settings.notifications.enabled')}
            />
            <FormControlLabel
              control={<Switch checked={data.smsEnabled} disabled={saving || (!data.smsEnabled && !data.phoneVerified)} onChange={(_event, checked) => void save({ smsEnabled: checked })} />}
              label={t('settings.notifications.smsEnabled')}
            />
            {!data.smsEnabled && !data.phoneVerified && (
              <Typography variant="body2" color="text.secondary">{t('settings.notifications.smsNeedsVerifiedPhone')}</Typography>
            )}
          </Stack>
          <Divider />
          <Box>
            <Typography variant="subtitle1" component="h3">{t('settings.notifications.groupsTitle')}</Typography>
            {data.groups.length === 0
              ? <Typography color="text.secondary">{t('settings.notifications.noGroups')}</Typography>
              : <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1 }}>
                  {data.groups.map((group) => <GroupItem key={group.id} group={group} />)}
                </Stack>}
          </Box>
          <Divider />
          <Box>
            <Typography variant="subtitle1" component="h3">{t('settings.notifications.channelsTitle')}</Typography>
            <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} divider={<Divider component="li" aria-hidden />}>
              {data.channels.map((state) => (
                <ChannelItem key={state.channel} state={state} phone={phone} busy={testing !== null}
                  testing={testing === state.channel} onTest={() => void test(state.channel)} onVerify={() => setVerifying(true)} />
              ))}
            </Stack>
          </Box>
        </Stack>
      )}
      {verifying && (
        <VerifyCodeDialog userId={accountId} channel="phone" onClose={() => setVerifying(false)}
          onVerified={() => {
            setVerifying(false);
            enqueueSnackbar(t('settings.notifications.phoneVerified'), { variant: 'success' });
            onPhoneVerified?.();
            void mine.mutate();
          }} />
      )}
    </Paper>
  );
}

function GroupItem({ group }: { group: MyNotificationGroup }) {
  const { t } = useTranslation();
  return (
    <Box component="li">
      <Typography sx={{ fontWeight: 500 }}>{group.name}</Typography>
      {group.schedules.map((schedule, index) => (
        <Box key={`${schedule.name}-${index}`} sx={{ pl: { xs: 0, sm: 2 }, mt: 0.5 }}>
          <Typography variant="body2">
            {t('settings.notifications.schedule', {
              name: schedule.name,
              days: schedule.days.map((day) => t(`notificationGroups.shortDays.${day}`)).join(', '),
              start: schedule.start,
              end: schedule.end,
            })}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            <Chip size="small" color="primary" label={t('notifications.level', { level: schedule.level })} />
            <Chip size="small" variant="outlined" label={schedule.delayMinutes === 0
              ? t('settings.notifications.noDelay')
              : t('settings.notifications.delay', { minutes: schedule.delayMinutes })} />
            {schedule.channels.map((channel) => <Chip key={channel} size="small" variant="outlined" label={t(CHANNELS[channel].labelKey)} />)}
          </Stack>
        </Box>
      ))}
    </Box>
  );
}

interface ChannelItemProps {
  state: MyChannel;
  phone: string;
  busy: boolean;
  testing: boolean;
  onTest(): void;
  onVerify(): void;
}

function ChannelItem({ state, phone, busy, testing, onTest, onVerify }: ChannelItemProps) {
  const { t } = useTranslation();
  const name = t(CHANNELS[state.channel].labelKey);
  return (
    <Stack component="li" direction={{ xs: 'column', sm: 'row' }} sx={{ py: 1, gap: 1, alignItems: { xs: 'stretch', sm: 'center' } }}
      aria-label={name}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 500 }}>{name}</Typography>
          <Chip size="small" color={state.reachable ? 'success' : 'default'}
            label={t(state.reachable ? 'settings.notifications.reaches' : 'settings.notifications.doesNotReach')} />
        </Stack>
        {state.reason !== undefined && <Hint reason={state.reason} phone={phone} onVerify={onVerify} />}
      </Box>
      <Button variant="outlined" size="small" disabled={!state.reachable || busy} onClick={onTest}
        aria-label={t('settings.notifications.sendTestOn', { channel: name })} sx={{ flexShrink: 0 }}>
        {testing ? t('settings.notifications.sending') : t('settings.notifications.sendTest')}
      </Button>
    </Stack>
  );
}

function Hint({ reason, phone, onVerify }: { reason: ChannelBlock; phone: string; onVerify(): void }) {
  const { t } = useTranslation();
  const action = (() => {
    switch (reason) {
      case 'noVerifiedPhone':
        return phone === ''
          ? <Typography variant="body2" color="text.secondary">{t('settings.notifications.hints.addPhone')}</Typography>
          : <Button size="small" onClick={onVerify}>{t('settings.notifications.hints.verifyPhone')}</Button>;
      case 'noPushDevice':
        return <Button size="small" component={RouterLink} to="/app/sessions">{t('settings.notifications.hints.openSessions')}</Button>;
      default:
        return <Typography variant="body2" color="text.secondary">{t(`settings.notifications.hints.${reason}`)}</Typography>;
    }
  })();
  return (
    <Stack sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2">{t(`settings.notifications.reasons.${reason}`)}</Typography>
      {action}
    </Stack>
  );
}
