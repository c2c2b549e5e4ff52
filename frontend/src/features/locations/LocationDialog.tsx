import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { locationInputSchema, type Location, type LocationFormValues, type LocationInput } from '@domain/organisation/location';
import { MESSAGES } from '@domain/core/messages';
import { useMessageText } from '../../i18n/messages';
import { formFieldOf, useErrorText } from '../../components/useErrorText';

export interface LocationDialogProps {
  /** The location being edited; none to add one. */
  location?: Location;
  /** Saves; throws (an ApiError) when the API refuses. */
  onSave(input: LocationInput): Promise<void>;
  onClose(): void;
  /** The existence check by name (SPEC section 5): true when the name is taken. */
  nameExists(name: string): Promise<boolean>;
}

type TextFieldName = 'name' | 'address' | 'city' | 'state' | 'country' | 'postalCode' | 'latitude' | 'longitude';
const LOCATION_FORM_FIELDS: readonly TextFieldName[] = ['name', 'address', 'city', 'state', 'country', 'postalCode', 'latitude', 'longitude'];
const FIELDS: readonly { name: TextFieldName; required: boolean; half?: boolean; numeric?: boolean }[] = [
  { name: 'name', required: true },
  { name: 'address', required: true },
  { name: 'city', required: true, half: true },
  { name: 'state', required: true, half: true },
  { name: 'country', required: true, half: true },
  { name: 'postalCode', required: true, half: true },
  { name: 'latitude', required: false, half: true, numeric: true },
  { name: 'longitude', required: false, half: true, numeric: true },
];

function defaults(location: Location | undefined): LocationFormValues {
  return {
    name: location?.name ?? '',
    address: location?.address ?? '',
    city: location?.city ?? '',
    state: location?.state ?? '',
    country: location?.country ?? '',
    postalCode: location?.postalCode ?? '',
    latitude: location?.latitude === undefined ? '' : String(location.latitude),
    longitude: location?.longitude === undefined ? '' : String(location.longitude),
  };
}

/**
 * Add or edit a location. The domain schema validates as the user types, so the browser says
 * what the API would; the name is checked against the organisation's names when it is left.
 */
export function LocationDialog({ location, onSave, onClose, nameExists }: LocationDialogProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const errorText = useErrorText();
  const titleId = useId();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<LocationFormValues, unknown, LocationInput>({
    resolver: zodResolver(locationInputSchema),
    mode: 'onChange',
    defaultValues: defaults(location),
  });

  const checkName = async () => {
    const name = String(getValues('name') ?? '').trim();
    if (name === '' || name.toLowerCase() === location?.name.toLowerCase()) return;
    try {
      if (await nameExists(name)) setError('name', { type: 'server', message: MESSAGES.locationNameTaken });
    } catch {
      setError('name', { type: 'server', message: MESSAGES.locationExistenceError });
    }
  };

  const submit = async (input: LocationInput) => {
    try {
      await onSave(input);
    } catch (error) {
      // A refusal about a field belongs beside it as well.
      const field = formFieldOf(error, LOCATION_FORM_FIELDS);
      if (field !== undefined) setError(field, { type: 'server', message: errorText(error) });
    }
  };

  const helper = (name: TextFieldName) => {
    const message = errors[name]?.message;
    return typeof message === 'string' ? messageText(message) : ' ';
  };

  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <DialogTitle id={titleId}>{t(location ? 'locations.editTitle' : 'locations.addTitle')}</DialogTitle>
        <DialogContent>
          <Grid container columnSpacing={2}>
            {FIELDS.map((field) => (
              <Grid key={field.name} size={{ xs: 12, sm: field.half ? 6 : 12 }}>
                <TextField
                  {...register(field.name, field.name === 'name' ? { onBlur: () => void checkName() } : {})}
                  label={t(`locations.fields.${field.name}`)}
                  required={field.required}
                  fullWidth
                  margin="dense"
                  autoComplete="off"
                  autoFocus={field.name === 'name'}
                  {...(field.numeric ? { slotProps: { htmlInput: { inputMode: 'decimal' } } } : {})}
                  error={errors[field.name] !== undefined}
                  helperText={helper(field.name)}
                />
              </Grid>
            ))}
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>{t('locations.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>{t('locations.save')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
