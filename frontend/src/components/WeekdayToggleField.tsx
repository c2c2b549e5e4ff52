import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Weekday } from '@domain/devices/data-logging-profile';

/** F: the form's values; C and T: its context and submitted values (as the form's control has them); D: how the form stores a day. */
export interface WeekdayToggleFieldProps<F extends FieldValues, C, T, D extends string | number> {
  control: Control<F, C, T>;
  name: FieldPath<F>;
  label: string;
  /** The week in the order shown, as the form stores its days. */
  week: readonly D[];
  /** A stored day's name (`monday`): the texts are the catalogue's. */
  dayName(day: D): Weekday;
  /** The field's error, in the user's language. */
  errorText: string | undefined;
}

/** A required list of weekdays as a row of toggles (short names, read out in full), kept in the week's order. */
export function WeekdayToggleField<F extends FieldValues, C, T, D extends string | number>({
  control, name, label, week, dayName, errorText,
}: WeekdayToggleFieldProps<F, C, T, D>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange } }) => {
        const days = Array.isArray(value) ? (value as D[]) : [];
        return (
          <FormControl component="fieldset" error={errorText !== undefined} required>
            <FormLabel component="legend">{label}</FormLabel>
            <ToggleButtonGroup size="small" value={days} onChange={(_event, chosen: D[]) => onChange(week.filter((day) => chosen.includes(day)))}>
              {week.map((day) => (
                <ToggleButton key={day} value={day} aria-label={t(`dataLoggingProfiles.days.${dayName(day)}`)}>
                  {t(`notificationGroups.shortDays.${dayName(day)}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <FormHelperText>{errorText ?? ' '}</FormHelperText>
          </FormControl>
        );
      }}
    />
  );
}
