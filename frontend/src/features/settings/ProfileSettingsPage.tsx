import { useEffect, useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { profileSettingsSchema, type ProfileSettings, type ProfileSettingsFormValues } from '@domain/identity/settings';
import { fetchCurrentUserDetails } from '../../api/account';
import { useErrorText } from '../../components/useErrorText';
import { saveProfileSettings } from '../../api/settings';
import { updateClientState } from '../../session/clientState';
import { FullPageLoader } from '../../components/FullPageLoader';
import { changeLanguage, LANGUAGES } from '../../i18n';
import { useMessageText } from '../../i18n/messages';
import { useAuth, useCurrentUser } from '../../session/useAuth';
import { EmailChange } from './EmailChange';
import { MyNotificationsSection } from './MyNotificationsSection';

/** Every time zone the browser knows, UTC first. */
function timeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...known.filter((zone) => zone !== 'UTC')];
}

/** Settings > Profile Settings: the user's own name, phone, time zone, language and unit of measure, and their notifications. */
export default function ProfileSettingsPage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const user = useCurrentUser();
  const { logout } = useAuth();
  const details = useSWR('settings/profile', fetchCurrentUserDetails, { revalidateOnFocus: false });
  const zones = useMemo(timeZones, []);
  const { control, register, handleSubmit, reset, formState: { errors, isSubmitting, isDirty } } = useForm<ProfileSettingsFormValues, unknown, ProfileSettings>({
    resolver: zodResolver(profileSettingsSchema),
    mode: 'onTouched',
    defaultValues: { firstname: '', lastname: '', phone: '', timezone: 'UTC', lang: 'en', uom: 'C' },
  });

  useEffect(() => {
    const me = details.data;
    if (me === undefined) return;
    reset({ firstname: me.firstname, lastname: me.lastname, phone: me.phone ?? '', timezone: me.timezone, lang: me.lang, uom: me.uom });
  }, [details.data, reset]);

  const helper = (message: string | undefined, hint = ' ') => (message ? messageText(message) : hint);

  const save = async (profile: ProfileSettings) => {
    try {
      await saveProfileSettings(user.email, profile);
    } catch (failure) {
      enqueueSnackbar(errorText(failure), { variant: 'error' });
      return;
    }
    updateClientState({ uom: profile.uom, timezone: profile.timezone, profileName: `${profile.firstname} ${profile.lastname}`.trim() || null });
    await changeLanguage(profile.lang);
    enqueueSnackbar(t('settings.profile.saved'), { variant: 'success' });
    const refreshed = await details.mutate();
    if (refreshed) reset({ ...profile, phone: refreshed.phone ?? profile.phone });
  };

  if (details.isLoading) return <FullPageLoader />;
  const me = details.data;
  const phoneHint = me?.phone ? t(me.phoneVerified ? 'settings.profile.phoneVerified' : 'settings.profile.phoneNotVerified') : t('settings.profile.phoneHint');

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('settings.profile.title')}
      </Typography>
      {details.error !== undefined && <Alert severity="error" sx={{ mb: 2 }}>{errorText(details.error)}</Alert>}
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 640 }}>
        {/* Outside the form: Enter in its fields must not save the profile. */}
        <EmailChange email={user.email} onChanged={() => logout({ reason: 'user' })} />
        <form noValidate onSubmit={(event) => void handleSubmit(save)(event)} aria-label={t('settings.profile.title')}>
          <Stack sx={{ gap: 1 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
              <TextField {...register('firstname')} label={t('settings.profile.firstName')} required fullWidth
                error={errors.firstname !== undefined} helperText={helper(errors.firstname?.message)} />
              <TextField {...register('lastname')} label={t('settings.profile.lastName')} required fullWidth
                error={errors.lastname !== undefined} helperText={helper(errors.lastname?.message)} />
            </Stack>
            <TextField {...register('phone')} label={t('settings.profile.phone')} type="tel" fullWidth autoComplete="tel"
              error={errors.phone !== undefined} helperText={helper(errors.phone?.message, phoneHint)} />
            <Controller
              control={control}
              name="timezone"
              render={({ field }) => (
                <Autocomplete
                  options={zones}
                  value={field.value}
                  disableClearable
                  onChange={(_event, zone) => field.onChange(zone)}
                  onBlur={field.onBlur}
                  renderInput={(params) => (
                    <TextField {...params} label={t('settings.profile.timezone')} required
                      error={errors.timezone !== undefined} helperText={helper(errors.timezone?.message)} />
                  )}
                />
              )}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
              <Controller
                control={control}
                name="lang"
                render={({ field }) => (
                  <TextField select label={t('settings.profile.language')} fullWidth helperText=" " {...field}>
                    {LANGUAGES.map((language) => <MenuItem key={language} value={language}>{t(`languages.${language}`)}</MenuItem>)}
                  </TextField>
                )}
              />
              <Controller
                control={control}
                name="uom"
                render={({ field }) => (
                  <TextField select label={t('settings.profile.unit')} fullWidth helperText=" " {...field}>
                    <MenuItem value="C">{t('settings.profile.celsius')}</MenuItem>
                    <MenuItem value="F">{t('settings.profile.fahrenheit')}</MenuItem>
                  </TextField>
                )}
              />
            </Stack>
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Button type="submit" variant="contained" disabled={isSubmitting || !isDirty}>{t('catalog.save')}</Button>
            </Stack>
          </Stack>
        </form>
      </Paper>
      <MyNotificationsSection accountId={me?.accountid ?? user.accountId ?? ''} phone={me?.phone ?? ''} onPhoneVerified={() => void details.mutate()} />
    </>
  );
}
