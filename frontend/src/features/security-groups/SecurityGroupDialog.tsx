import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  securityGroupInputSchema,
  userDisplayName,
  type SecurityGroupFormValues,
  type SecurityGroupInput,
  type SecurityGroupUser,
} from '@domain/identity/security-groups';
import type { MessageKey } from '@domain/core/messages';
import { ApiError } from '../../api/ApiError';
import { useErrorText } from '../../components/useErrorText';
import { useMessageText } from '../../i18n/messages';
import { siteNameOf, type SiteOption } from './siteOptions';

export interface SecurityGroupDialogProps {
  title: string;
  initial?: SecurityGroupFormValues;
  sites: readonly SiteOption[];
  users: readonly SecurityGroupUser[];
  /** Saves; throws (an ApiError) when the API refuses. */
  onSave(input: SecurityGroupInput): Promise<void>;
  onClose(): void;
}

const EMPTY: SecurityGroupFormValues = { name: '', description: '', siteIds: [], sensorIds: [], memberAccountIds: [] };

/**
 * Add or edit a security group: name, description, the sites (and optionally the sensors) it
 * grants, and its members. The domain schema gives the same messages as the API.
 */
export function SecurityGroupDialog({ title, initial = EMPTY, sites, users, onSave, onClose }: SecurityGroupDialogProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const errorText = useErrorText();
  const titleId = useId();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SecurityGroupFormValues, unknown, SecurityGroupInput>({
    resolver: zodResolver(securityGroupInputSchema),
    mode: 'onTouched',
    defaultValues: { ...EMPTY, ...initial },
  });
  const userName = (accountId: string) => {
    const user = users.find((candidate) => candidate.accountId === accountId);
    return user === undefined ? accountId : userDisplayName(user);
  };
  const helper = (message: string | undefined, hint = ' ') => (message ? messageText(message) : hint);

  const submit = async (input: SecurityGroupInput) => {
    try {
      await onSave(input);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      // A refusal about one field is shown under it; the toast says it too.
      setError(FIELD_BY_CODE[error.code ?? ''] ?? 'name', { message: errorText(error) });
    }
  };

  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 1, pt: 1 }}>
            <TextField
              {...register('name')}
              label={t('securityGroups.name')}
              autoFocus
              required
              fullWidth
              autoComplete="off"
              error={errors.name !== undefined}
              helperText={helper(errors.name?.message)}
            />
            <TextField
              {...register('description')}
              label={t('securityGroups.description')}
              fullWidth
              multiline
              minRows={2}
              error={errors.description !== undefined}
              helperText={helper(errors.description?.message)}
            />
            <Controller
              control={control}
              name="siteIds"
              render={({ field }) => (
                <Autocomplete
                  multiple
                  options={sites.map((site) => site.id)}
                  value={field.value ?? []}
                  onChange={(_event, value) => field.onChange(value)}
                  onBlur={field.onBlur}
                  getOptionLabel={(id) => siteNameOf(sites, id)}
                  renderValue={(value, getItemProps) =>
                    value.map((id, index) => <Chip {...getItemProps({ index })} key={id} size="small" label={siteNameOf(sites, id)} />)}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={t('securityGroups.sites')}
                      required
                      error={errors.siteIds !== undefined}
                      helperText={helper(errors.siteIds?.message)}
                    />
                  )}
                />
              )}
            />
            <Controller
              control={control}
              name="sensorIds"
              render={({ field }) => (
                <Autocomplete
                  multiple
                  freeSolo
                  options={[] as string[]}
                  value={field.value ?? []}
                  onChange={(_event, value) => field.onChange(value.map((id) => id.trim()).filter((id) => id !== ''))}
                  onBlur={field.onBlur}
                  renderValue={(value, getItemProps) =>
                    value.map((id, index) => <Chip {...getItemProps({ index })} key={id} size="small" label={id} />)}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={t('securityGroups.sensors')}
                      error={errors.sensorIds !== undefined}
                      helperText={helper(errors.sensorIds?.message, t('securityGroups.sensorsHint'))}
                    />
                  )}
                />
              )}
            />
            <Controller
              control={control}
              name="memberAccountIds"
              render={({ field }) => (
                <Autocomplete
                  multiple
                  options={users.map((user) => user.accountId)}
                  value={field.value ?? []}
                  onChange={(_event, value) => field.onChange(value)}
                  onBlur={field.onBlur}
                  getOptionLabel={userName}
                  renderOption={(props, accountId) => {
                    const user = users.find((candidate) => candidate.accountId === accountId);
                    return (
                      <li {...props} key={accountId}>
                        {userName(accountId)}{user && userDisplayName(user) !== user.email ? ` (${user.email})` : ''}
                      </li>
                    );
                  }}
                  renderValue={(value, getItemProps) =>
                    value.map((id, index) => <Chip {...getItemProps({ index })} key={id} size="small" label={userName(id)} />)}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={t('securityGroups.members')}
                      error={errors.memberAccountIds !== undefined}
                      helperText={helper(errors.memberAccountIds?.message)}
                    />
                  )}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('catalog.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {t('catalog.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The API's refusals that belong to one field other than the name, by code. */
const FIELD_BY_CODE: Partial<Record<string, FieldPath<SecurityGroupFormValues>>> = {
  unknownSite: 'siteIds',
  unknownMember: 'memberAccountIds',
} satisfies Partial<Record<MessageKey, FieldPath<SecurityGroupFormValues>>>;
