import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type FormTextFieldProps = Omit<TextFieldProps, 'error' | 'helperText'> & {
  /** The field's error, in the user's language: shown below it instead of the hint. */
  errorText: string | undefined;
  /** Below the field while it has no error; a blank line keeps the form from jumping. */
  hint?: string;
};

/**
 * A text field of a dialog's form (spread `register(name)` into it): full width, dense, its
 * error or else its hint below. A date or time field keeps its label above the browser's mask.
 */
export function FormTextField({ errorText, hint = ' ', type, slotProps, ...props }: FormTextFieldProps) {
  const shrinkLabel = type === 'time' || type === 'date';
  return (
    <TextField
      fullWidth
      margin="dense"
      {...props}
      {...(type === undefined ? {} : { type })}
      {...(shrinkLabel ? { slotProps: { ...slotProps, inputLabel: { shrink: true } } } : slotProps === undefined ? {} : { slotProps })}
      error={errorText !== undefined}
      helperText={errorText ?? hint}
    />
  );
}
