import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useWatch, type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TEMPERATURE_UNITS } from '@domain/alarms/alarm-profile';
import { REPORT_IDS } from '@domain/reports/catalogue';
import { DATA_POINTS, DATE_FORMATS, IMAGE_PREFERENCES, OPERATIONS, TIMELINES } from '@domain/reports/parameters';
import { userDisplayName } from '@domain/identity/security-groups';
import { useSensors } from '../../api/sensors';
import { useUsers } from '../../api/users';
import { FormTextField } from '../../components/FormTextField';
import { IdMultiSelect, type IdOption } from '../../components/IdMultiSelect';
import { SelectField, type SelectOption } from '../../components/SelectField';
import { useMessageText } from '../../i18n/messages';
import { usePlaces } from '../gateways';
import type { ReportFormValues, ReportParametersInput } from './reportForm';

type ReportControl = Control<ReportFormValues, unknown, ReportParametersInput>;

export interface ReportFieldsProps {
  fields: readonly string[];
  control: ReportControl;
  register: UseFormRegister<ReportFormValues>;
  setValue: UseFormSetValue<ReportFormValues>;
  errors: FieldErrors<ReportFormValues>;
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const ids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A field's cell: two to a row on a tablet, three on a desktop, one on a phone. */
function Cell({ children, wide = false }: { children: React.ReactNode; wide?: boolean }) {
  return <Grid size={wide ? { xs: 12, md: 8 } : { xs: 12, sm: 6, md: 4 }}>{children}</Grid>;
}

/** The sensors of the chosen location, of the chosen sites when some are: one (Sensor Audit) or several. */
function SensorsField({ control, name, locationId, siteIds, errorText }: { control: ReportControl; name: 'sensorIds' | 'sensorId'; locationId: string; siteIds: readonly string[]; errorText: string | undefined }) {
  const { t } = useTranslation();
  const sensors = useSensors({ list: 'active', locationId: locationId === '' ? undefined : locationId });
  const options: IdOption[] = (sensors.data ?? [])
    .filter((sensor) => siteIds.length === 0 || siteIds.includes(sensor.siteId))
    .map((sensor) => ({ id: sensor.id, label: sensor.name }));
  if (name === 'sensorId') {
    return (
      <SelectField control={control} name="sensorId" label={t('reports.fields.sensorId')} required options={options.map((option) => ({ value: option.id, label: option.label }))} />
    );
  }
  return (
    <Controller
      control={control}
      name="sensorIds"
      render={({ field }) => (
        <IdMultiSelect label={t('reports.fields.sensorIds')} required options={options} value={ids(field.value)} onChange={field.onChange} onBlur={field.onBlur} error={errorText !== undefined} {...(errorText === undefined ? {} : { helperText: errorText })} />
      )}
    />
  );
}

/**
 * A report's parameters as fields (issue 34 section 1: the form is built from the catalogue
 * entry): location, sites and sensors from the user's places, dates, and the choices of SPEC
 * section 9. Only the entry's own fields show; each shows its refusal in the user's language.
 */
/** The Portal Audit's filters (SPEC section 2, issue 34 section 2.4): whose changes, and of which kinds of record; none chosen, all. */
function AuditFilters({ control, fields }: Pick<ReportFieldsProps, 'control' | 'fields'>) {
  const { t } = useTranslation();
  const users = useUsers('all');
  const people: IdOption[] = (users.data ?? []).map((user) => ({ id: user.accountId, label: userDisplayName(user) }));
  // The kinds of record the trail names are those its screen has words for.
  const kinds: IdOption[] = Object.entries(t('portalAudit.entityTypes', { returnObjects: true }) as Record<string, string>).map(([id, label]) => ({ id, label }));
  return (
    <>
      {fields.includes('userIds') && (
        <Cell>
          <Controller control={control} name="userIds" render={({ field }) => (
            <IdMultiSelect label={t('reports.fields.userIds')} helperText={t('reports.fields.allChoices')} options={people} value={ids(field.value)} onChange={field.onChange} onBlur={field.onBlur} />
          )} />
        </Cell>
      )}
      {fields.includes('recordKinds') && (
        <Cell>
          <Controller control={control} name="recordKinds" render={({ field }) => (
            <IdMultiSelect label={t('reports.fields.recordKinds')} helperText={t('reports.fields.allChoices')} options={kinds} value={ids(field.value)} onChange={field.onChange} onBlur={field.onBlur} />
          )} />
        </Cell>
      )}
    </>
  );
}

export function ReportFields({ fields, control, register, setValue, errors }: ReportFieldsProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const places = usePlaces();
  const [locationId, siteIds] = useWatch({ control, name: ['locationId', 'siteIds'] });
  const has = (name: string) => fields.includes(name);
  const errorOf = (name: string): string | undefined => {
    const message = errors[name]?.message;
    return typeof message === 'string' ? messageText(message) : undefined;
  };
  const choices = <T extends string>(values: readonly T[], label: (value: T) => string): SelectOption[] => values.map((value) => ({ value, label: label(value) }));
  const location = places.locations.find((entry) => entry.id === text(locationId));

  return (
    <Grid container columnSpacing={2}>
      {has('locationId') && (
        <Cell>
          <SelectField
            control={control}
            name="locationId"
            label={t('reports.fields.locationId')}
            required
            options={places.locations.map((entry) => ({ value: entry.id, label: entry.label }))}
            onPicked={() => {
              // Sites and sensors belong to their location.
              if (has('siteIds')) setValue('siteIds', []);
              if (has('sensorIds')) setValue('sensorIds', []);
              if (has('sensorId')) setValue('sensorId', '');
            }}
          />
        </Cell>
      )}
      {has('siteIds') && (
        <Cell>
          <Controller
            control={control}
            name="siteIds"
            render={({ field }) => {
              const message = errorOf('siteIds');
              return (
                <IdMultiSelect label={t('reports.fields.siteIds')} required options={location?.sites ?? []} value={ids(field.value)} onChange={field.onChange} onBlur={field.onBlur} error={message !== undefined} {...(message === undefined ? {} : { helperText: message })} />
              );
            }}
          />
        </Cell>
      )}
      {(has('sensorIds') || has('sensorId')) && (
        <Cell>
          <SensorsField control={control} name={has('sensorId') ? 'sensorId' : 'sensorIds'} locationId={text(locationId)} siteIds={ids(siteIds)} errorText={errorOf('sensorIds')} />
        </Cell>
      )}
      {has('from') && <Cell><FormTextField type="date" label={t('reports.fields.from')} required {...register('from')} errorText={errorOf('from')} /></Cell>}
      {has('to') && <Cell><FormTextField type="date" label={t('reports.fields.to')} required {...register('to')} errorText={errorOf('to')} /></Cell>}
      {has('dataPoints') && <Cell><SelectField control={control} name="dataPoints" label={t('reports.fields.dataPoints')} options={choices(DATA_POINTS, (value) => t(`reports.choices.dataPoints.${value}`))} /></Cell>}
      {has('timeline') && <Cell><SelectField control={control} name="timeline" label={t('reports.fields.timeline')} options={choices(TIMELINES, (value) => t(`reports.choices.timeline.${value}`))} /></Cell>}
      {has('operation') && <Cell><SelectField control={control} name="operation" label={t('reports.fields.operation')} options={choices(OPERATIONS, (value) => t(`reports.choices.operation.${value}`))} /></Cell>}
      {has('readingHours') && (
        <Cell>
          <Controller
            control={control}
            name="readingHours"
            render={({ field }) => {
              const message = errorOf('readingHours');
              const chosen = Array.isArray(field.value) ? field.value.filter((hour): hour is number => typeof hour === 'number') : [];
              return (
                <TextField
                  select
                  fullWidth
                  margin="dense"
                  label={t('reports.fields.readingHours')}
                  name={field.name}
                  inputRef={field.ref}
                  value={chosen}
                  onChange={(event) => {
                    const picked: unknown = event.target.value;
                    field.onChange((Array.isArray(picked) ? picked : []).map(Number).sort((a, b) => a - b));
                  }}
                  onBlur={field.onBlur}
                  error={message !== undefined}
                  helperText={message ?? t('reports.fields.readingHoursHint')}
                  slotProps={{ select: { multiple: true, renderValue: (selected) => (selected as number[]).map((hour) => t('reports.choices.hour', { hour })).join(', ') } }}
                >
                  {HOURS.map((hour) => <MenuItem key={hour} value={hour}>{t('reports.choices.hour', { hour })}</MenuItem>)}
                </TextField>
              );
            }}
          />
        </Cell>
      )}
      {has('min') && <Cell><FormTextField label={t('reports.fields.min')} required inputMode="decimal" {...register('min')} errorText={errorOf('min')} /></Cell>}
      {has('max') && <Cell><FormTextField label={t('reports.fields.max')} required inputMode="decimal" {...register('max')} errorText={errorOf('max')} /></Cell>}
      {has('durationMinutes') && <Cell><FormTextField label={t('reports.fields.durationMinutes')} inputMode="numeric" {...register('durationMinutes')} errorText={errorOf('durationMinutes')} /></Cell>}
      {has('unit') && <Cell><SelectField control={control} name="unit" label={t('reports.fields.unit')} options={choices(TEMPERATURE_UNITS, (value) => t(`reports.choices.unit.${value}`))} /></Cell>}
      {has('imagePreference') && <Cell><SelectField control={control} name="imagePreference" label={t('reports.fields.imagePreference')} options={choices(IMAGE_PREFERENCES, (value) => t(`reports.choices.imagePreference.${value}`))} /></Cell>}
      {has('reportIds') && (
        <Cell>
          <Controller
            control={control}
            name="reportIds"
            render={({ field }) => (
              <IdMultiSelect label={t('reports.fields.reportIds')} helperText={t('reports.fields.allChoices')} options={REPORT_IDS.map((id) => ({ id, label: t(`reports.names.${id}`) }))} value={ids(field.value)} onChange={field.onChange} onBlur={field.onBlur} />
            )}
          />
        </Cell>
      )}
      {(has('userIds') || has('recordKinds')) && <AuditFilters control={control} fields={fields} />}
      {has('dateFormat') && <Cell><SelectField control={control} name="dateFormat" label={t('reports.fields.dateFormat')} options={DATE_FORMATS.map((value) => ({ value, label: value }))} /></Cell>}
    </Grid>
  );
}
