import { useState } from 'react';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ALARM_DEVICE_KINDS, LISTED_ALARM_TYPES, alarmFilterSchema, type AlarmDeviceKind, type AlarmStatus, type AlarmType } from '@domain/alarms/alarm';
import { ALARM_TYPE_CATALOGUE } from '@domain/alarms/alarm-types';
import type { UserView } from '@domain/identity/user-views';
import type { AlarmQuery } from '../../api/alarms';
import { useMessageText } from '../../i18n/messages';
import type { SensorLookups } from '../../api/useSensorLookups';

/** The filter as the form holds it: ids, a type, local date-times (`datetime-local`) and counts as typed, '' when not set. */
export interface AlarmFilterValues {
  locationId: string;
  siteId: string;
  type: AlarmType | '';
  deviceId: string;
  userViewId: string;
  from: string;
  to: string;
  minCount: string;
  maxCount: string;
  /** The device's kind when a gateway is meant (the dashboard's links); '' is a sensor. */
  deviceKind: AlarmDeviceKind | '';
}

export const EMPTY_FILTER: AlarmFilterValues = { locationId: '', siteId: '', type: '', deviceId: '', userViewId: '', from: '', to: '', minCount: '', maxCount: '', deviceKind: '' };
const FILTER_FIELDS = Object.keys(EMPTY_FILTER) as (keyof AlarmFilterValues)[];

/** The grid settings item the Alarms page keeps its filter in (`PUT /api/account/gridsettings/alarms`): saved per user. */
export const ALARM_FILTER_GRID_ID = 'alarms';

/** The saved filter (the grid settings' `filter`), read leniently: what is not a known field or a known type is left out. */
export function filterFromSaved(saved: Readonly<Record<string, string>> | undefined): AlarmFilterValues {
  if (saved === undefined) return EMPTY_FILTER;
  const values = { ...EMPTY_FILTER };
  for (const field of FILTER_FIELDS) {
    const value = saved[field];
    if (typeof value === 'string' && field !== 'type' && field !== 'deviceKind') values[field] = value;
  }
  const type = saved['type'];
  if (type !== undefined && (LISTED_ALARM_TYPES as readonly string[]).includes(type)) values.type = type as AlarmType;
  const kind = saved['deviceKind'];
  if (kind !== undefined && (ALARM_DEVICE_KINDS as readonly string[]).includes(kind)) values.deviceKind = kind as AlarmDeviceKind;
  return values;
}

/** The address's query names the list's filters (the dashboard's links: `links.ts`, the alarms API's names). */
const ADDRESS_FIELDS = ['locationId', 'siteId', 'type', 'deviceId', 'deviceKind', 'userViewId', 'from', 'to', 'minCount', 'maxCount'] as const;

const pad = (part: number) => String(part).padStart(2, '0');
/** An ISO time as the form's `datetime-local` holds it (local time, to the minute); '' when it is no time. */
export function localOf(isoTime: string): string {
  const time = new Date(isoTime);
  if (Number.isNaN(time.getTime())) return '';
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}T${pad(time.getHours())}:${pad(time.getMinutes())}`;
}

/**
 * The filter the address gives (`/app/alarms?type=…&siteId=…&from=…`, as the dashboard's widgets link), or
 * undefined when it names none: read leniently as the saved filter, from/to taken as ISO times.
 */
export function filterFromAddress(search: URLSearchParams): AlarmFilterValues | undefined {
  const given: Record<string, string> = {};
  for (const field of ADDRESS_FIELDS) {
    const value = search.get(field);
    if (value === null || value.trim() === '') continue;
    given[field] = field === 'from' || field === 'to' ? localOf(value.trim()) : value.trim();
  }
  return Object.keys(given).length === 0 ? undefined : filterFromSaved(given);
}

/** The address without the filter's names (once the user applies a filter of their own). */
export function withoutAddressFilter(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const field of ADDRESS_FIELDS) next.delete(field);
  next.delete('status');
  return next;
}

/** The filter as saved: only the fields set. */
export function filterToSaved(values: AlarmFilterValues): Record<string, string> {
  return Object.fromEntries(FILTER_FIELDS.filter((field) => values[field] !== '').map((field) => [field, values[field]]));
}

/** How many criteria the filter sets (shown on its heading while it is folded away). */
export const filterCount = (values: AlarmFilterValues) => FILTER_FIELDS.filter((field) => values[field] !== '').length;

/** A field across the whole form on a phone (a date and time does not fit half of 390 px). */
const WIDE_ON_PHONE = { gridColumn: { xs: 'span 2', sm: 'auto' } } as const;

const isoOf = (local: string) => (local === '' ? undefined : new Date(local).toISOString());

/** The filter checked by the domain's rules (the range at most 7 days, counts in order): the refusal in the product's words, or none. */
export function filterProblem(status: AlarmStatus, values: AlarmFilterValues): string | undefined {
  const result = alarmFilterSchema.safeParse({
    status,
    ...(values.from === '' ? {} : { from: isoOf(values.from) }),
    ...(values.to === '' ? {} : { to: isoOf(values.to) }),
    ...(values.minCount === '' ? {} : { minCount: values.minCount }),
    ...(values.maxCount === '' ? {} : { maxCount: values.maxCount }),
  });
  return result.success ? undefined : result.error.issues[0]?.message;
}

export interface AlarmFilterBarProps {
  status: AlarmStatus;
  values: AlarmFilterValues;
  lookups: Pick<SensorLookups, 'locations'>;
  userViews: readonly UserView[];
  /** Folded away until opened (on a phone, so the list shows first). */
  folded?: boolean;
  onApply(values: AlarmFilterValues): void;
}

/**
 * Location, site, type, device, user view, from/to and the count of alarms per device; applied
 * (and saved for the user) with Apply, after the range and counts are checked by the domain's rules.
 */
export function AlarmFilterBar({ status, values, lookups, userViews, folded = false, onApply }: AlarmFilterBarProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const [draft, setDraft] = useState(values);
  const [open, setOpen] = useState(!folded);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const set = (changes: Partial<AlarmFilterValues>) => setDraft((current) => ({ ...current, ...changes }));
  const sites = lookups.locations
    .filter((location) => draft.locationId === '' || location.id === draft.locationId)
    .flatMap((location) => location.sites);
  const applied = filterCount(values);

  const apply = (next: AlarmFilterValues) => {
    const refused = filterProblem(status, next);
    setProblem(refused === undefined ? undefined : messageText(refused));
    if (refused === undefined) onApply(next);
  };

  return (
    <Paper variant="outlined" component="section" aria-label={t('alarms.filter.title')} sx={{ p: 2, mb: 2 }}>
      {folded && (
        <Button
          onClick={() => setOpen((current) => !current)}
          endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          aria-expanded={open}
          sx={{ mb: open ? 1.5 : 0 }}
        >
          {applied === 0 ? t('alarms.filter.title') : t('alarms.filter.titleCount', { count: applied })}
        </Button>
      )}
      <Collapse in={open} unmountOnExit={false}>
        <Box
          component="form"
          onSubmit={(event) => { event.preventDefault(); apply(draft); }}
          sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' } }}
        >
          <TextField select size="small" label={t('alarms.filter.location')} value={draft.locationId} onChange={(event) => set({ locationId: event.target.value, siteId: '' })}>
            <MenuItem value="">{t('alarms.filter.any')}</MenuItem>
            {lookups.locations.map((location) => <MenuItem key={location.id} value={location.id}>{location.label}</MenuItem>)}
          </TextField>
          <TextField select size="small" label={t('alarms.filter.site')} value={draft.siteId} onChange={(event) => set({ siteId: event.target.value })}>
            <MenuItem value="">{t('alarms.filter.any')}</MenuItem>
            {sites.map((site) => <MenuItem key={site.id} value={site.id}>{site.label}</MenuItem>)}
          </TextField>
          <TextField select size="small" label={t('alarms.filter.type')} value={draft.type} onChange={(event) => set({ type: event.target.value as AlarmType | '' })}>
            <MenuItem value="">{t('alarms.filter.any')}</MenuItem>
            {LISTED_ALARM_TYPES.map((type) => <MenuItem key={type} value={type}>{t(ALARM_TYPE_CATALOGUE[type].labelKey)}</MenuItem>)}
          </TextField>
          <TextField select size="small" label={t('alarms.filter.userView')} value={draft.userViewId} onChange={(event) => set({ userViewId: event.target.value })}>
            <MenuItem value="">{t('alarms.filter.any')}</MenuItem>
            {userViews.map((view) => <MenuItem key={view.id} value={view.id}>{view.name}</MenuItem>)}
          </TextField>
          <TextField size="small" label={t('alarms.filter.device')} value={draft.deviceId} onChange={(event) => set({ deviceId: event.target.value.trim(), deviceKind: '' })} />
          <TextField size="small" type="datetime-local" label={t('alarms.filter.from')} value={draft.from} onChange={(event) => set({ from: event.target.value })} slotProps={{ inputLabel: { shrink: true } }} sx={WIDE_ON_PHONE} />
          <TextField size="small" type="datetime-local" label={t('alarms.filter.to')} value={draft.to} onChange={(event) => set({ to: event.target.value })} slotProps={{ inputLabel: { shrink: true } }} sx={WIDE_ON_PHONE} />
          <TextField
            size="small"
            label={t('alarms.filter.minCount')}
            value={draft.minCount}
            onChange={(event) => set({ minCount: event.target.value.trim() })}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            size="small"
            label={t('alarms.filter.maxCount')}
            value={draft.maxCount}
            onChange={(event) => set({ maxCount: event.target.value.trim() })}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', ...WIDE_ON_PHONE }}>
            <Button type="submit" variant="contained">{t('alarms.filter.apply')}</Button>
            <Button onClick={() => { setDraft(EMPTY_FILTER); apply(EMPTY_FILTER); }}>{t('alarms.filter.reset')}</Button>
          </Stack>
        </Box>
        {problem !== undefined && <Alert severity="warning" sx={{ mt: 1.5 }}>{problem}</Alert>}
      </Collapse>
    </Paper>
  );
}

/** The list's query from the applied filter (the top bar's location and site when the filter names none). */
export function queryOf(status: AlarmStatus, values: AlarmFilterValues, scope: { locationId?: string; siteId?: string }): AlarmQuery {
  const siteId = values.siteId || (values.locationId === '' ? scope.siteId : undefined);
  const locationId = values.locationId || (values.siteId === '' ? scope.locationId : undefined);
  return {
    status,
    ...(siteId ? { siteId } : {}),
    ...(locationId ? { locationId } : {}),
    ...(values.type === '' ? {} : { type: values.type }),
    ...(values.deviceId === '' ? {} : { deviceId: values.deviceId }),
    ...(values.deviceId === '' || values.deviceKind === '' ? {} : { deviceKind: values.deviceKind }),
    ...(values.userViewId === '' ? {} : { userViewId: values.userViewId }),
    ...(values.from === '' ? {} : { from: isoOf(values.from) }),
    ...(values.to === '' ? {} : { to: isoOf(values.to) }),
    ...(values.minCount === '' ? {} : { minCount: values.minCount }),
    ...(values.maxCount === '' ? {} : { maxCount: values.maxCount }),
  };
}
