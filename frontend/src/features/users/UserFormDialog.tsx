import { useEffect, useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm, type Control, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  LANGUAGES,
  mayTurnOffMfa,
  normalisePhone,
  PAGER_TYPES,
  UNITS_OF_MEASURE,
  userInputSchema,
  type OtpChannel,
  type User,
  type UserFieldsInput,
  type UserInput,
  type UserRole,
} from '@domain/identity/user';
import { ApiError } from '../../api/ApiError';
import { useClientState } from '../../session/clientState';
import { useMessageText } from '../../i18n/messages';
import { formFieldOf, useErrorText } from '../../components/useErrorText';
import { useCurrentUser } from '../../session/useAuth';
import { timeZones, useUserOptions, type Option } from './useUserOptions';
import { VerifyCodeDialog } from './VerifyCodeDialog';

export interface UserFormDialogProps {
  /** The user being edited; none to add one. */
  user?: User;
  roles: readonly UserRole[];
  /** Saves; throws an ApiError when the API refuses. */
  onSave(input: UserFieldsInput): Promise<void>;
  /** A phone or pager verified meanwhile: the list shows the new state. */
  onVerified(user: User): void;
  onClose(): void;
}

type FormValues = UserFieldsInput;
/** The fields an API refusal may name (the rest show as the dialog's toast). */
const USER_FORM_FIELDS = ['firstName', 'lastName', 'email', 'role', 'phone', 'siteIds', 'mfaEnabled', 'smsEnabled', 'pagerType', 'pagerNumber'] as const satisfies readonly FieldPath<FormValues>[];

type FlagField = 'isPortalLogin' | 'isHaccpAvailable' | 'isMobileLogin' | 'isLocationAdmin' | 'notificationsEnabled' | 'smsEnabled' | 'mfaEnabled';
/** SPEC section 5: what a helpdesk user has forced. */
const HELPDESK_FORCED: Partial<Record<FlagField, boolean>> = {
  isPortalLogin: true, isHaccpAvailable: false, isMobileLogin: false, isLocationAdmin: false, notificationsEnabled: false,
};

function defaults(user: User | undefined): FormValues {
  if (user === undefined) {
    return {
      firstName: '', lastName: '', email: '', phone: '', role: 'basicuser', employeeId: '', timezone: 'UTC', lang: 'en', uom: 'C',
      locationIds: [], siteIds: [], departmentIds: [], divisionIds: [], isPortalLogin: true, isHaccpAvailable: false,
      isMobileLogin: false, isLocationAdmin: false, notificationsEnabled: true, smsEnabled: false, mfaEnabled: false,
      enablePager: false, pagerType: null, pagerNumber: '', enableAuditModule: false, enableIVR: false, customerGroupId: null,
      phoneVerified: false,
    };
  }
  const { firstName, lastName, email, phone, role, employeeId, timezone, lang, uom, locationIds, siteIds, departmentIds, divisionIds,
    isPortalLogin, isHaccpAvailable, isMobileLogin, isLocationAdmin, notificationsEnabled, smsEnabled, mfaEnabled, enablePager,
    pagerType, pagerNumber, enableAuditModule, enableIVR, customerGroupId, phoneVerified } = user;
  return {
    firstName, lastName, email, phone, role, employeeId, timezone, lang, uom, locationIds, siteIds, departmentIds, divisionIds,
    isPortalLogin, isHaccpAvailable, isMobileLogin, isLocationAdmin, notificationsEnabled, smsEnabled, mfaEnabled, enablePager,
    pagerType, pagerNumber, enableAuditModule, enableIVR, customerGroupId, phoneVerified,
  };
}

interface MultiSelectProps {
  control: Control<FormValues>;
  name: 'locationIds' | 'siteIds' | 'departmentIds' | 'divisionIds';
  label: string;
  options: Option[];
  required?: boolean;
  errorText?: string;
}

function MultiSelect({ control, name, label, options, required = false, errorText }: MultiSelectProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const selected = (field.value ?? []).map((id) => options.find((option) => option.id === id) ?? { id, label: id });
        return (
          <Autocomplete<Option, true>
            multiple
            options={options}
            value={selected}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            getOptionLabel={(option) => option.label}
            onChange={(_event, value) => field.onChange(value.map((option) => option.id))}
            onBlur={field.onBlur}
            renderInput={(params) => (
              <TextField {...params} label={label} required={required} error={errorText !== undefined} helperText={errorText ?? ' '} />
            )}
          />
        );
      }}
    />
  );
}

/**
 * Add or edit a user: every field of SPEC section 3 and the rules of section 5 through the
 * domain's schema, so the browser says what the API would. The phone and the pager are
 * verified by code here once saved; MFA needs the verified phone, and only support turns it off.
 */
export function UserFormDialog({ user, roles, onSave, onVerified, onClose }: UserFormDialogProps) {
  const { t } = useTranslation();
  // HACCP access and the pager are offered only where the organisation has them (issue 16).
  const { organisationModules } = useClientState();
  const messageText = useMessageText();
  const errorText = useErrorText();
  const titleId = useId();
  const caller = useCurrentUser();
  const options = useUserOptions();
  const [verifying, setVerifying] = useState<OtpChannel | null>(null);
  const [saved, setSaved] = useState<User | undefined>(user);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, UserInput>({
    resolver: zodResolver(userInputSchema),
    mode: 'onChange',
    defaultValues: defaults(user),
  });

  const role = watch('role');
  const phone = watch('phone') ?? '';
  const enablePager = watch('enablePager') ?? false;
  const pagerType = watch('pagerType') ?? null;
  const pagerNumber = watch('pagerNumber') ?? '';
  const isHelpdesk = role === 'helpdesk';

  // A verification belongs to the saved number: a changed phone is not verified.
  const phoneIsSaved = saved !== undefined && saved.phone !== '' && normalisePhone(phone) === saved.phone;
  const phoneVerified = phoneIsSaved && (saved?.phoneVerified ?? false);
  const pagerIsSaved = saved !== undefined && saved.enablePager && saved.pagerType === pagerType && saved.pagerNumber !== ''
    && (pagerType === 'phone' ? normalisePhone(pagerNumber) : pagerNumber.trim()) === saved.pagerNumber;
  useEffect(() => {
    setValue('phoneVerified', phoneVerified, { shouldValidate: true });
  }, [phoneVerified, setValue]);

  useEffect(() => {
    if (!isHelpdesk) return;
    for (const [field, value] of Object.entries(HELPDESK_FORCED) as [FlagField, boolean][]) {
      setValue(field, value, { shouldValidate: true });
    }
  }, [isHelpdesk, setValue]);

  const text = (message: string | undefined) => (message === undefined ? undefined : messageText(message));
  const mfaWasOn = user?.mfaEnabled ?? false;
  const mfaLocked = mfaWasOn && caller.role !== null && !mayTurnOffMfa(caller.role);

  const submit = async (input: UserInput) => {
    try {
      await onSave(input);
    } catch (error) {
      // Refusals about a field go beside it too (validation details, duplicate email).
      if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
        const field = formFieldOf(error, USER_FORM_FIELDS);
        if (field !== undefined) setError(field, { type: 'server', message: errorText(error) });
      }
    }
  };

  const flag = (name: FlagField, label: string, disabled = false) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={<Switch checked={field.value ?? false} onChange={(event) => field.onChange(event.target.checked)} disabled={disabled || (isHelpdesk && name in HELPDESK_FORCED)} />}
          label={label}
        />
      )}
    />
  );

  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <DialogTitle id={titleId}>{t(user === undefined ? 'users.addTitle' : 'users.editTitle')}</DialogTitle>
        <DialogContent>
          <Grid container columnSpacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...register('firstName')} label={t('users.firstName')} required fullWidth autoFocus autoComplete="off"
                error={errors.firstName !== undefined} helperText={text(errors.firstName?.message) ?? ' '} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...register('lastName')} label={t('users.lastName')} required fullWidth autoComplete="off"
                error={errors.lastName !== undefined} helperText={text(errors.lastName?.message) ?? ' '} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...register('email')} label={t('users.email')} type="email" required fullWidth autoComplete="off"
                // The email is the sign-in name: it is set when the user is invited.
                disabled={user !== undefined}
                error={errors.email !== undefined} helperText={text(errors.email?.message) ?? ' '} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={control}
                name="role"
                render={({ field }) => (
                  <TextField select label={t('users.role')} required fullWidth value={field.value ?? ''} onChange={field.onChange}
                    error={errors.role !== undefined} helperText={text(errors.role?.message) ?? ' '}>
                    {roles.map((option) => <MenuItem key={option} value={option}>{t(`users.roles.${option}`)}</MenuItem>)}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
                <TextField {...register('phone')} label={t('users.phone')} placeholder="+15551234567" fullWidth autoComplete="off"
                  error={errors.phone !== undefined}
                  helperText={text(errors.phone?.message) ?? (phone === '' ? ' ' : t(phoneVerified ? 'users.verified' : 'users.notVerified'))} />
                {phoneIsSaved && !phoneVerified && saved !== undefined && (
                  <Button sx={{ mt: 1 }} onClick={() => setVerifying('phone')}>{t('users.verify')}</Button>
                )}
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...register('employeeId')} label={t('users.employeeId')} fullWidth autoComplete="off"
                error={errors.employeeId !== undefined} helperText={text(errors.employeeId?.message) ?? ' '} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <Controller
                control={control}
                name="timezone"
                render={({ field }) => (
                  <Autocomplete options={timeZones()} value={field.value ?? 'UTC'} disableClearable
                    onChange={(_event, value) => field.onChange(value)}
                    renderInput={(params) => <TextField {...params} label={t('users.timezone')} helperText=" " />} />
                )}
              />
            </Grid>
            <Grid size={{ xs: 6, sm: 4 }}>
              <Controller
                control={control}
                name="lang"
                render={({ field }) => (
                  <TextField select label={t('users.language')} fullWidth value={field.value ?? 'en'} onChange={field.onChange} helperText=" ">
                    {LANGUAGES.map((language) => <MenuItem key={language} value={language}>{t(`languages.${language}`)}</MenuItem>)}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 6, sm: 4 }}>
              <Controller
                control={control}
                name="uom"
                render={({ field }) => (
                  <TextField select label={t('users.uom')} fullWidth value={field.value ?? 'C'} onChange={field.onChange} helperText=" ">
                    {UNITS_OF_MEASURE.map((unit) => <MenuItem key={unit} value={unit}>{t(`users.units.${unit}`)}</MenuItem>)}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <MultiSelect control={control} name="locationIds" label={t('users.locations')} options={options.locations} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <MultiSelect control={control} name="siteIds" label={t('users.sites')} options={options.sites} required errorText={text(errors.siteIds?.message)} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <MultiSelect control={control} name="departmentIds" label={t('users.departments')} options={options.departments} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <MultiSelect control={control} name="divisionIds" label={t('users.divisions')} options={options.divisions} />
            </Grid>
          </Grid>

          <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>{t('users.access')}</Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2 }}>
            {flag('isPortalLogin', t('users.portalAccess'))}
            {organisationModules.isHaccapAvailable && flag('isHaccpAvailable', t('users.haccpAccess'))}
            {flag('isMobileLogin', t('users.mobileAccess'))}
            {flag('isLocationAdmin', t('users.locationAdmin'))}
            {flag('notificationsEnabled', t('users.notifications'))}
            {flag('smsEnabled', t('users.sms'))}
            {flag('mfaEnabled', t('users.mfa'), mfaLocked)}
          </Stack>
          {isHelpdesk && <FormHelperText>{t('users.helpdeskForced')}</FormHelperText>}
          {mfaLocked && <FormHelperText>{t('messages.mfaOffSupportOnly')}</FormHelperText>}
          {(errors.mfaEnabled ?? errors.smsEnabled) && (
            <FormHelperText error>{text(errors.mfaEnabled?.message ?? errors.smsEnabled?.message)}</FormHelperText>
          )}

          {/* The pager only where the organisation has the pager feature (issue 16). */}
          {organisationModules.enablePager && (
            <>
              <Typography variant="subtitle2" component="h2" sx={{ mt: 2 }}>{t('users.pager')}</Typography>
              <Grid container columnSpacing={2}>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <Controller
                    control={control}
                    name="enablePager"
                    render={({ field }) => (
                      <FormControlLabel control={<Switch checked={field.value ?? false} onChange={(event) => field.onChange(event.target.checked)} />} label={t('users.enablePager')} />
                    )}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 3 }}>
                  <Controller
                    control={control}
                    name="pagerType"
                    render={({ field }) => (
                      <TextField select label={t('users.pagerType')} fullWidth disabled={!enablePager} value={field.value ?? ''}
                        onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
                        error={errors.pagerType !== undefined} helperText={text(errors.pagerType?.message) ?? ' '}>
                        {PAGER_TYPES.map((type) => <MenuItem key={type} value={type}>{t(`users.pagerTypes.${type}`)}</MenuItem>)}
                      </TextField>
                    )}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 5 }}>
                  <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
                    <TextField {...register('pagerNumber')} label={t('users.pagerNumber')} fullWidth disabled={!enablePager} autoComplete="off"
                      error={errors.pagerNumber !== undefined}
                      helperText={text(errors.pagerNumber?.message) ?? (pagerIsSaved ? t(saved?.pagerVerified ? 'users.verified' : 'users.notVerified') : ' ')} />
                    {pagerIsSaved && !(saved?.pagerVerified ?? false) && (
                      <Button sx={{ mt: 1 }} onClick={() => setVerifying('pager')}>{t('users.verify')}</Button>
                    )}
                  </Stack>
                </Grid>
              </Grid>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>{t('users.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {t(user === undefined ? 'users.sendInvitation' : 'users.save')}
          </Button>
        </DialogActions>
      </form>
      {verifying !== null && saved !== undefined && (
        <VerifyCodeDialog
          userId={saved.id}
          channel={verifying}
          onVerified={(verified) => {
            setSaved(verified);
            onVerified(verified);
            setVerifying(null);
          }}
          onClose={() => setVerifying(null)}
        />
      )}
    </Dialog>
  );
}
