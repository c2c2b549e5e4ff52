import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { namedItemInputSchema, type NamedItemInput } from '@domain/organisation/named-catalog';
import { ApiError } from '../../api/ApiError';
import { useErrorText } from '../../components/useErrorText';
import { useMessageText } from '../../i18n/messages';

export interface NamedItemDialogProps {
  title: string;
  initialName?: string;
  /** Saves the input; throws (an ApiError) when the API refuses it. */
  onSave(input: NamedItemInput): Promise<void>;
  onClose(): void;
}

/**
 * Add or rename a department or division. The domain schema validates as the user types,
 * so the browser shows the API's own messages before any call.
 */
export function NamedItemDialog({ title, initialName = '', onSave, onClose }: NamedItemDialogProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const errorText = useErrorText();
  const titleId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NamedItemInput>({
    resolver: zodResolver(namedItemInputSchema),
    mode: 'onChange',
    defaultValues: { name: initialName },
  });

  const submit = async (input: NamedItemInput) => {
    try {
      await onSave(input);
    } catch (error) {
      // A refusal about the name (validation, duplicate) belongs beside the field as well.
      if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
        setError('name', { type: 'server', message: errorText(error) });
      }
    }
  };

  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <TextField
            {...register('name')}
            label={t('catalog.name')}
            autoFocus
            required
            fullWidth
            margin="dense"
            autoComplete="off"
            error={errors.name !== undefined}
            // No maxLength on the input: a longer name is refused with the spec's message, not cut.
            helperText={errors.name?.message ? messageText(errors.name.message) : ' '}
          />
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
