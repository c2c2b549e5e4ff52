import { useCallback, type FormEventHandler } from 'react';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { useForm, type DefaultValues, type FieldErrors, type FieldPath, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { ApiError } from '../api/ApiError';
import { useMessageText } from '../i18n/messages';
import { formFieldOf, useErrorText } from './useErrorText';

/** The message at a dotted path of a form's errors (a list's own error is under its `root`). */
export function messageAt<F extends FieldValues>(errors: FieldErrors<F>, path: string): string | undefined {
  const node = path.split('.').reduce<unknown>((current, part) => (current as Record<string, unknown> | undefined)?.[part], errors);
  const found = node as { message?: unknown; root?: { message?: unknown } } | undefined;
  const text = found?.message ?? found?.root?.message;
  return typeof text === 'string' ? text : undefined;
}

export interface FormDialogOptions<F extends FieldValues, T> {
  /** The domain schema's resolver, so the browser refuses what the API refuses, in the same words. */
  resolver: Resolver<F, unknown, T>;
  defaultValues: DefaultValues<F>;
  /** Saves; throws (an ApiError) when the API refuses. */
  onSave(input: T): Promise<void>;
  /** The API's code for a taken name: that refusal belongs under the name. */
  nameTakenCode: string;
  /** The other fields an API refusal may name; the rest is toasted by the page. */
  serverFields?: readonly FieldPath<F>[];
  onClose(): void;
  /** Fill a phone's screen (a long form). */
  fullScreenOnPhone?: boolean;
}

export interface FormDialogState<F extends FieldValues, T> {
  form: UseFormReturn<F, unknown, T>;
  /** The message at a dotted path of the form's errors, in the user's language. */
  errorOf(path: string): string | undefined;
  /** Spread into a FormDialog: busy while submitting, the form's submit, Cancel and Save. */
  dialogProps: {
    busy: boolean;
    onSubmit: FormEventHandler<HTMLFormElement>;
    onClose(): void;
    cancelLabel: string;
    submitLabel: string;
    fullScreen: boolean;
  };
}

/**
 * The form of an add/edit dialog: checked on its domain schema once touched, its errors in the
 * user's language, and an API refusal of one field (a taken name) shown under that field. The
 * page toasts the rest, and the dialog stays open.
 */
export function useFormDialog<F extends FieldValues & { name: unknown }, T>({
  resolver, defaultValues, onSave, nameTakenCode, serverFields = [], onClose, fullScreenOnPhone = false,
}: FormDialogOptions<F, T>): FormDialogState<F, T> {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const messageText = useMessageText();
  const errorText = useErrorText();
  const form = useForm<F, unknown, T>({ resolver, mode: 'onTouched', defaultValues });
  const { handleSubmit, setError, formState: { errors, isSubmitting } } = form;
  const errorOf = useCallback((path: string) => {
    const message = messageAt(errors, path);
    return message === undefined ? undefined : messageText(message);
  }, [errors, messageText]);

  const submit = async (input: T) => {
    try {
      await onSave(input);
    } catch (error) {
      const field = error instanceof ApiError && error.code === nameTakenCode ? 'name' as FieldPath<F> : formFieldOf(error, serverFields);
      if (field !== undefined) setError(field, { type: 'server', message: errorText(error) });
    }
  };

  return {
    form,
    errorOf,
    dialogProps: {
      busy: isSubmitting,
      onSubmit: (event) => void handleSubmit(submit)(event),
      onClose,
      cancelLabel: t('catalog.cancel'),
      submitLabel: t('catalog.save'),
      fullScreen: fullScreenOnPhone && phone,
    },
  };
}
