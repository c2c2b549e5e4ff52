import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useMessageText } from '../i18n/messages';

/** One choice of a select: the stored value and what the user reads. */
export interface SelectOption {
  value: string;
  label: string;
}

/** F: the form's values; C and T: its context and submitted values (as the form's control has them). */
export interface SelectFieldProps<F extends FieldValues, C, T> {
  control: Control<F, C, T>;
  name: FieldPath<F>;
  label: string;
  options: readonly SelectOption[];
  required?: boolean;
  disabled?: boolean;
  /** Below the field while it has no error. */
  helper?: string;
  /** The label of an empty first choice (none chosen); no such choice unless given. */
  noneLabel?: string;
  /** After the user picks a value (e.g. to reset the fields that depend on it). */
  onPicked?(value: string): void;
}

/**
 * A select bound to a react-hook-form field: the field's error (a product message, shown in
 * the user's language) or else the helper below it. A chosen value that is not among the
 * options (a list still loading) shows as none until its option is there.
 */
export function SelectField<F extends FieldValues, C = unknown, T = F>({
  control,
  name,
  label,
  options,
  required = false,
  disabled = false,
  helper,
  noneLabel,
  onPicked,
}: SelectFieldProps<F, C, T>) {
  const messageText = useMessageText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message;
        const value: unknown = field.value;
        const current = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
        const chosen = options.some((option) => option.value === current) ? current : '';
        return (
          <TextField
            select
            label={label}
            required={required}
            disabled={disabled}
            fullWidth
            margin="dense"
            name={field.name}
            inputRef={field.ref}
            value={chosen}
            onChange={(event) => {
              field.onChange(event.target.value);
              onPicked?.(event.target.value);
            }}
            onBlur={field.onBlur}
            error={message !== undefined}
            helperText={message === undefined ? helper ?? ' ' : messageText(message)}
          >
            {noneLabel !== undefined && <MenuItem value=""><em>{noneLabel}</em></MenuItem>}
            {options.map((option) => <MenuItem key={option.value} value={option.value}>{option.label}</MenuItem>)}
          </TextField>
        );
      }}
    />
  );
}
