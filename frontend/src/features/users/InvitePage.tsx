import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { OrganisationModules } from '@domain/organisation/organisation';
import { useNavigate } from 'react-router-dom';
import type { MessageKey } from '@domain/core/messages';
import { assignableRoles, inviteInputSchema, LANGUAGES, type InviteFormInput, type InviteInput } from '@domain/identity/user';
import { ApiError } from '../../api/ApiError';
import { useClientState } from '../../session/clientState';
import { useErrorText } from '../../components/useErrorText';
import { inviteUser, useCustomerGroups } from '../../api/users';
import { useMessageText } from '../../i18n/messages';
import { useCurrentUser } from '../../session/useAuth';
import { useUserOptions, type Option } from './useUserOptions';

const MODULE_FLAGS = ['isHaccpAvailable', 'enableAuditModule', 'enableIVR', 'enablePager', 'mfaRequired'] as const;
/** The organisation's module each flag needs (issue 16): a flag of a module it has not got is not offered. */
const ORGANISATION_MODULE_OF: Partial<Record<(typeof MODULE_FLAGS)[number], keyof OrganisationModules>> = {
  isHaccpAvailable: 'isHaccapAvailable', enableAuditModule: 'enableAuditModule', enableIVR: 'enableIVR', enablePager: 'enablePager',
};
/** The API's refusals that belong under the email field, by code. */
const EMAIL_REFUSALS = new Set<string>(['userAlreadyInvited', 'userRegisteredByAnotherClient', 'emailAlreadyRegistered'] satisfies MessageKey[]);

const EMPTY: InviteFormInput = {
  email: '', firstName: '', lastName: '', role: 'basicuser', customerGroupId: null, siteIds: [], locationIds: [],
  isHaccpAvailable: false, enableAuditModule: false, enableIVR: false, enablePager: false, mfaRequired: false, lang: 'en',
};

/**
 * Administration > Invite (SPEC section 6): user type, customer group, sites and the module
 * flags HACCP, audits, IVR, pager and MFA. The identity service emails the temporary password.
 */
export default function InvitePage() {
  const { t } = useTranslation();
  const { organisationModules } = useClientState();
  const messageText = useMessageText();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const caller = useCurrentUser();
  const roles = caller.role === null ? [] : assignableRoles(caller.role);
  const { data: groups = [] } = useCustomerGroups();
  const options = useUserOptions();
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InviteFormInput, unknown, InviteInput>({ resolver: zodResolver(inviteInputSchema), mode: 'onChange', defaultValues: EMPTY });

  const text = (message: string | undefined) => (message === undefined ? ' ' : messageText(message));

  const submit = async (input: InviteInput) => {
    try {
      const invited = await inviteUser(input);
      enqueueSnackbar(t('users.invited', { email: invited.email }), { variant: 'success' });
      reset(EMPTY);
      void navigate('/app/users/invitations');
    } catch (failure) {
      enqueueSnackbar(errorText(failure), { variant: 'error' });
      if (failure instanceof ApiError && EMAIL_REFUSALS.has(failure.code ?? '')) {
        setError('email', { type: 'server', message: errorText(failure) });
      }
    }
  };

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>{t('users.inviteTitle')}</Typography>
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 880 }}>
        <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} aria-label={t('users.inviteTitle')}>
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...register('email')} label={t('users.email')} type="email" required fullWidth autoFocus autoComplete="off"
                error={errors.email !== undefined} helperText={text(errors.email?.message)} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller control={control} name="role" render={({ field }) => (
                <TextField select label={t('users.userType')} required fullWidth value={field.value ?? ''} onChange={field.onChange}
                  error={errors.role !== undefined} helperText={text(errors.role?.message)}>
                  {roles.map((role) => <MenuItem key={role} value={role}>{t(`users.roles.${role}`)}</MenuItem>)}
                </TextField>
              )} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...register('firstName')} label={t('users.firstName')} required fullWidth autoComplete="off"
                error={errors.firstName !== undefined} helperText={text(errors.firstName?.message)} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...register('lastName')} label={t('users.lastName')} required fullWidth autoComplete="off"
                error={errors.lastName !== undefined} helperText={text(errors.lastName?.message)} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller control={control} name="customerGroupId" render={({ field }) => (
                <TextField select label={t('users.customerGroup')} fullWidth value={field.value ?? ''}
                  onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)} helperText=" ">
                  {groups.map((group) => <MenuItem key={group.id} value={group.id}>{group.name}</MenuItem>)}
                </TextField>
              )} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller control={control} name="lang" render={({ field }) => (
                <TextField select label={t('users.language')} fullWidth value={field.value ?? 'en'} onChange={field.onChange} helperText=" ">
                  {LANGUAGES.map((language) => <MenuItem key={language} value={language}>{t(`languages.${language}`)}</MenuItem>)}
                </TextField>
              )} />
            </Grid>
            {(['siteIds', 'locationIds'] as const).map((name) => (
              <Grid key={name} size={{ xs: 12, sm: 6 }}>
                <Controller control={control} name={name} render={({ field }) => {
                  const choices = name === 'siteIds' ? options.sites : options.locations;
                  const selected = (field.value ?? []).map((id) => choices.find((option) => option.id === id) ?? { id, label: id });
                  return (
                    <Autocomplete<Option, true> multiple options={choices} value={selected}
                      isOptionEqualToValue={(option, value) => option.id === value.id}
                      onChange={(_event, value) => field.onChange(value.map((option) => option.id))}
                      renderInput={(params) => (
                        <TextField {...params} label={t(name === 'siteIds' ? 'users.sites' : 'users.locations')} required={name === 'siteIds'}
                          error={errors[name] !== undefined} helperText={text(errors[name]?.message)} />
                      )} />
                  );
                }} />
              </Grid>
            ))}
          </Grid>
          <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>{t('users.modules')}</Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2 }}>
            {MODULE_FLAGS.filter((name) => { const module = ORGANISATION_MODULE_OF[name]; return module === undefined || organisationModules[module]; }).map((name) => (
              <Controller key={name} control={control} name={name} render={({ field }) => (
                <FormControlLabel label={t(`users.moduleFlags.${name}`)}
                  control={<Switch checked={field.value ?? false} onChange={(event) => field.onChange(event.target.checked)} />} />
              )} />
            ))}
          </Stack>
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
            <Button type="submit" variant="contained" disabled={isSubmitting}>{t('users.sendInvitation')}</Button>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
