import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useMessageText } from '../i18n/messages';
import type { SelectOption } from './SelectField';

/** F: the form's values; C and T: its context and submitted values (as the form's control has them). */
export interface MultiSelectFieldProps<F extends FieldValues, C, T> {
  control: Control<F, C, T>;
  name: FieldPath<F>;
  label: string;
  options: readonly SelectOption[];
  disabled?: boolean;
  /** Below the field while it has no error. */
  helper?: string;
}

/**
 * A select of several values bound to a react-hook-form field holding a list of ids: the
 * chosen ones read as their labels, joined (an id not among the options as itself).
 */
export function MultiSelectField<F extends FieldValues, C = unknown, T = F>({ control, name, label, options, disabled = false, helper }: MultiSelectFieldProps<F, C, T>) {
  const messageText = useMessageText();
  const labels = new Map(options.map((option) => [option.value, option.label]));
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message;
        const value: unknown = field.value;
        const chosen = Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
        return (
          <TextField
            select
            label={label}
            disabled={disabled}
            fullWidth
            margin="dense"
            name={field.name}
            inputRef={field.ref}
            value={chosen}
            onChange={(event) => {
              const picked: unknown = event.target.value;
              field.onChange(Array.isArray(picked) ? picked : String(picked).split(',').filter((entry) => entry !== ''));
            }}
            onBlur={field.onBlur}
            error={message !== undefined}
            helperText={message === undefined ? helper ?? ' ' : messageText(message)}
            slotProps={{ select: { multiple: true, renderValue: (selected) => (selected as string[]).map((id) => labels.get(id) ?? id).join(', ') } }}
          >
            {options.map((option) => <MenuItem key={option.value} value={option.value}>{option.label}</MenuItem>)}
          </TextField>
        );
      }}
    />
  );
}
