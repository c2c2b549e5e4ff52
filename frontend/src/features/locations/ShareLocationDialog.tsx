import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import PersonRemoveIcon from '@mui/icons-material/PersonRemoveOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import {
  locationShareInputSchema,
  type Location,
  type LocationShare,
  type LocationShareFormValues,
  type LocationShareInput,
} from '@domain/organisation/location';
import { ApiError } from '../../api/ApiError';
import { useErrorText } from '../../components/useErrorText';
import { listShares, shareLocation, unshareLocation } from '../../api/locations';
import { useMessageText } from '../../i18n/messages';

export interface ShareLocationDialogProps {
  location: Location;
  onClose(): void;
}

/**
 * Shares a location with users of other organisations, by email: each share waits for the
 * invitee's acceptance; the owner sees who has accepted and may stop sharing.
 */
export function ShareLocationDialog({ location, onClose }: ShareLocationDialogProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const shares = useSWR<LocationShare[], ApiError, readonly [string, string]>(['location-shares', location.id], ([, id]) => listShares(id));
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<LocationShareFormValues, unknown, LocationShareInput>({
    resolver: zodResolver(locationShareInputSchema),
    defaultValues: { email: '', isAdmin: false },
  });

  const submit = async (input: LocationShareInput) => {
    try {
      const share = await shareLocation(location.id, input);
      enqueueSnackbar(t('locations.sharedWith', { email: share.email, name: location.name }), { variant: 'success' });
      reset({ email: '', isAdmin: false });
      await shares.mutate((current = []) => [...current.filter((entry) => entry.accountId !== share.accountId), share], { revalidate: false });
    } catch (error) {
      setError('email', { type: 'server', message: errorText(error) });
    }
  };

  const stop = async (share: LocationShare) => {
    try {
      await unshareLocation(location.id, share.accountId);
      enqueueSnackbar(t('locations.unshared', { email: share.email }), { variant: 'success' });
      await shares.mutate((current = []) => current.filter((entry) => entry.accountId !== share.accountId), { revalidate: false });
    } catch (error) {
      enqueueSnackbar(errorText(error), { variant: 'error' });
    }
  };

  const emailError = errors.email?.message;

  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <DialogTitle id={titleId}>{t('locations.shareTitle', { name: location.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{t('locations.shareIntro')}</DialogContentText>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'flex-start' } }}>
            <TextField
              {...register('email')}
              type="email"
              label={t('locations.shareEmail')}
              required
              fullWidth
              margin="dense"
              autoFocus
              error={emailError !== undefined}
              helperText={emailError ? messageText(emailError) : ' '}
            />
            <Controller
              control={control}
              name="isAdmin"
              render={({ field }) => (
                <FormControlLabel
                  sx={{ mt: { sm: 2 }, whiteSpace: 'nowrap' }}
                  control={<Switch checked={field.value === true} onChange={(event) => field.onChange(event.target.checked)} />}
                  label={t('locations.shareAsAdmin')}
                />
              )}
            />
          </Stack>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>{t('locations.sharedWithTitle')}</Typography>
          {shares.error !== undefined && <Alert severity="error">{errorText(shares.error)}</Alert>}
          {shares.data?.length === 0 && <Typography variant="body2" color="text.secondary">{t('locations.noShares')}</Typography>}
          <List dense aria-label={t('locations.sharedWithTitle')}>
            {(shares.data ?? []).map((share) => (
              <ListItem
                key={share.accountId}
                secondaryAction={(
                  <IconButton edge="end" aria-label={t('locations.stopSharing', { email: share.email })} onClick={() => void stop(share)}>
                    <PersonRemoveIcon />
                  </IconButton>
                )}
              >
                <ListItemText primary={share.email} secondary={share.isAdmin ? t('locations.access.admin') : t('locations.access.user')} />
                <Chip
                  size="small"
                  variant="outlined"
                  sx={{ mr: 2 }}
                  color={share.isAcceptancePending ? 'warning' : 'success'}
                  label={t(share.isAcceptancePending ? 'locations.sharePending' : 'locations.shareAccepted')}
                />
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>{t('locations.close')}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>{t('locations.share')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
