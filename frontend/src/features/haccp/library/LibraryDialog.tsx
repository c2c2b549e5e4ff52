import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Path, type DefaultValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../../api/ApiError';
import { FormDialog } from '../../../components/FormDialog';
import { formFieldOf, useErrorText } from '../../../components/useErrorText';
import { useMessageText } from '../../../i18n/messages';

/** A text field of a library form: its name in the form, its label, and whether it is long text. */
export interface LibraryField<V> {
  name: Path<V> & string;
  label: string;
  required?: boolean;
  multiline?: boolean;
}

export interface LibraryDialogProps<V extends FieldValues, O> {
  title: string;
  schema: z.ZodType<O, V>;
  initial: DefaultValues<V>;
  fields: readonly LibraryField<V>[];
  /** Saves; throws (an ApiError) when the API refuses, shown under the field it names (else the first). */
  onSave(input: O): Promise<void>;
  onClose(): void;
  /** More of the form, under the text fields (a file). */
  children?: ReactNode;
}

/**
 * The add/edit dialog of the HACCP library's lists (corrective actions, information items,
 * checklist groups): text fields checked by the domain's schema before any call, an API
 * refusal (a taken name) under the field it names.
 */
export function LibraryDialog<V extends FieldValues, O>({ title, schema, initial, fields, onSave, onClose, children }: LibraryDialogProps<V, O>) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const errorText = useErrorText();
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<V, unknown, O>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: initial,
  });
  const names = fields.map((field) => field.name);
  const [first] = names;

  const submit = async (input: O) => {
    try {
      await onSave(input);
    } catch (error) {
      if (error instanceof ApiError && first !== undefined) setError(formFieldOf(error, names) ?? first, { message: errorText(error) });
    }
  };

  return (
    <FormDialog
      title={title}
      maxWidth="sm"
      busy={isSubmitting}
      onSubmit={(event) => void handleSubmit(submit)(event)}
      onClose={onClose}
      cancelLabel={t('catalog.cancel')}
      submitLabel={t('catalog.save')}
    >
      <Stack sx={{ gap: 1, pt: 1 }}>
        {fields.map((field, index) => {
          const message = errors[field.name]?.message;
          return (
            <TextField
              key={field.name}
              {...register(field.name)}
              label={field.label}
              autoFocus={index === 0}
              required={field.required ?? false}
              multiline={field.multiline ?? false}
              minRows={field.multiline ? 3 : undefined}
              fullWidth
              autoComplete="off"
              error={message !== undefined}
              helperText={typeof message === 'string' ? messageText(message) : ' '}
            />
          );
        })}
        {children}
      </Stack>
    </FormDialog>
  );
}
