import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';

export interface IdOption {
  id: string;
  label: string;
}

export interface IdMultiSelectProps {
  label: string;
  options: readonly IdOption[];
  value: readonly string[];
  onChange(ids: string[]): void;
  onBlur?(): void;
  required?: boolean;
  /** The message under the field; an error when `error` is set. */
  helperText?: string;
  error?: boolean;
}

/** Picks several items by id (sites, departments, ...), shown by name; an unknown id shows as itself. */
export function IdMultiSelect({ label, options, value, onChange, onBlur, required = false, helperText = ' ', error = false }: IdMultiSelectProps) {
  const labelOf = (id: string) => options.find((option) => option.id === id)?.label ?? id;
  return (
    <Autocomplete
      multiple
      options={options.map((option) => option.id)}
      value={[...value]}
      onChange={(_event, ids) => onChange(ids)}
      {...(onBlur ? { onBlur } : {})}
      getOptionLabel={labelOf}
      renderValue={(ids, getItemProps) => ids.map((id, index) => <Chip {...getItemProps({ index })} key={id} size="small" label={labelOf(id)} />)}
      renderInput={(params) => <TextField {...params} label={label} required={required} error={error} helperText={helperText} />}
    />
  );
}
