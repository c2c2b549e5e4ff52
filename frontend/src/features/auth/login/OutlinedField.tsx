import { useId, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

/** What a form library or a controlled form gives an input (react-hook-form's `register()` fits). */
export interface FieldInputProps {
  name: string;
  onChange: NonNullable<OutlinedInputProps['onChange']>;
  onBlur: NonNullable<OutlinedInputProps['onBlur']>;
  ref?: Ref<HTMLInputElement>;
  value?: string;
}

interface OutlinedFieldProps {
  input: FieldInputProps;
  label: string;
  /** The field's message (already in the user's language). */
  errorText?: string | undefined;
  type?: 'email' | 'password' | 'text';
  autoComplete: string;
  autoFocus?: boolean;
  endAdornment?: ReactNode;
}

/**
 * An outlined text field made of MUI's light pieces, as `TextField` draws it (label, notched
 * outline, helper text tied by aria-describedby): `TextField` also imports Select, Menu, Popover
 * and Modal, which the sign-in page's first load must not carry (docs/performance.md).
 */
export function OutlinedField({ input: { ref, ...input }, label, errorText, type = 'text', autoComplete, autoFocus = false, endAdornment }: OutlinedFieldProps) {
  const id = useId();
  const helperTextId = `${id}-helper-text`;
  return (
    <FormControl variant="outlined" fullWidth error={errorText !== undefined}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        inputRef={ref}
        label={label}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        endAdornment={endAdornment}
        aria-describedby={helperTextId}
        inputProps={{ 'aria-required': true }}
      />
      {/* A line kept for the message, so showing it moves nothing under the pointer. */}
      <FormHelperText id={helperTextId}>{errorText ?? ' '}</FormHelperText>
    </FormControl>
  );
}
