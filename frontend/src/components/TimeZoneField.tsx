import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/** F: the form's values; C and T: its context and submitted values (as the form's control has them). */
export interface TimeZoneFieldProps<F extends FieldValues, C, T> {
  control: Control<F, C, T>;
  name: FieldPath<F>;
  label: string;
  /** The time zones to choose from. */
  options: readonly string[];
  /** The field's error, already in the user's words; none when valid. */
  errorText: string | undefined;
}

/** A required time zone bound to a react-hook-form field: typed to filter, cleared to none (''). */
export function TimeZoneField<F extends FieldValues, C = unknown, T = F>({ control, name, label, options, errorText }: TimeZoneFieldProps<F, C, T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange, onBlur } }) => (
        <Autocomplete<string>
          options={options}
          value={typeof value === 'string' && value !== '' ? value : null}
          onChange={(_event, chosen) => onChange(chosen ?? '')}
          onBlur={onBlur}
          renderInput={(params) => (
            <TextField {...params} label={label} required margin="dense" error={errorText !== undefined} helperText={errorText ?? ' '} />
          )}
        />
      )}
    />
  );
}
