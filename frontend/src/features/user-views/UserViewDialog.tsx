import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { userViewInputSchema, type UserViewFormValues, type UserViewInput } from '@domain/identity/user-views';
import { ApiError } from '../../api/ApiError';
import { IdMultiSelect, type IdOption } from '../../components/IdMultiSelect';
import { useMessageText } from '../../i18n/messages';
import { formFieldOf, useErrorText } from '../../components/useErrorText';

export interface UserViewDialogProps {
  title: string;
  initial?: UserViewFormValues;
  sites: readonly IdOption[];
  departments: readonly IdOption[];
  divisions: readonly IdOption[];
  /** Saves; throws (an ApiError) when the API refuses. */
  onSave(input: UserViewInput): Promise<void>;
  onClose(): void;
}

const EMPTY: UserViewFormValues = { name: '', siteIds: [], departmentIds: [], divisionIds: [] };
/** The fields an API refusal may name (the rest go under the name). */
const USER_VIEW_FORM_FIELDS = ['name', 'siteIds', 'departmentIds', 'divisionIds'] as const;
/** Add or edit a user view (SPEC section 5: name required and valid, at least one site). */
export function UserViewDialog({ title, initial = EMPTY, sites, departments, divisions, onSave, onClose }: UserViewDialogProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const errorText = useErrorText();
  const titleId = useId();
  const { control, register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<UserViewFormValues, unknown, UserViewInput>({
    resolver: zodResolver(userViewInputSchema),
    mode: 'onTouched',
    defaultValues: { ...EMPTY, ...initial },
  });
  const helper = (message: string | undefined) => (message ? messageText(message) : ' ');

  const submit = async (input: UserViewInput) => {
    try {
      await onSave(input);
    } catch (error) {
      if (error instanceof ApiError) setError(formFieldOf(error, USER_VIEW_FORM_FIELDS) ?? 'name', { message: errorText(error) });
    }
  };

  const lists = [
    { name: 'siteIds', label: t('userViews.sites'), options: sites, required: true },
    { name: 'departmentIds', label: t('userViews.departments'), options: departments, required: false },
    { name: 'divisionIds', label: t('userViews.divisions'), options: divisions, required: false },
  ] as const;

  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 1, pt: 1 }}>
            <TextField
              {...register('name')}
              label={t('userViews.name')}
              autoFocus
              required
              fullWidth
              autoComplete="off"
              error={errors.name !== undefined}
              helperText={helper(errors.name?.message)}
            />
            {lists.map((list) => (
              <Controller
                key={list.name}
                control={control}
                name={list.name}
                render={({ field }) => (
                  <IdMultiSelect
                    label={list.label}
                    options={list.options}
                    value={field.value ?? []}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    required={list.required}
                    error={errors[list.name] !== undefined}
                    helperText={helper(errors[list.name]?.message)}
                  />
                )}
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>{t('catalog.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>{t('catalog.save')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
