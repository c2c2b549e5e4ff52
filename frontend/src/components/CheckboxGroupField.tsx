import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';

export interface CheckboxGroupFieldProps<T extends string> {
  legend: string;
  options: readonly T[];
  optionLabel: (option: T) => string;
  /** The form's value (anything but an array reads as nothing chosen). */
  value: unknown;
  onChange: (chosen: T[]) => void;
  onBlur?: () => void;
  error?: string | undefined;
  required?: boolean;
  /** Smaller, for a field inside a row of others (a schedule's user). */
  dense?: boolean;
}

/** A list field as a row of checkboxes under its legend (weekdays, channels, profile types), its error below. */
export function CheckboxGroupField<T extends string>({ legend, options, optionLabel, value, onChange, onBlur, error, required = false, dense = false }: CheckboxGroupFieldProps<T>) {
  const chosen = Array.isArray(value) ? (value as T[]) : [];
  return (
    <FormControl component="fieldset" error={error !== undefined} required={required} {...(dense ? { margin: 'dense' as const } : {})}>
      <FormLabel component="legend" {...(dense ? { sx: { fontSize: '0.75rem' } } : {})}>{legend}</FormLabel>
      <FormGroup row>
        {options.map((option) => (
          <FormControlLabel
            key={option}
            label={optionLabel(option)}
            control={(
              <Checkbox
                {...(dense ? { size: 'small' as const } : {})}
                checked={chosen.includes(option)}
                {...(onBlur === undefined ? {} : { onBlur })}
                onChange={(event) => onChange(event.target.checked ? [...chosen, option] : chosen.filter((entry) => entry !== option))}
              />
            )}
          />
        ))}
      </FormGroup>
      <FormHelperText>{error ?? ' '}</FormHelperText>
    </FormControl>
  );
}
