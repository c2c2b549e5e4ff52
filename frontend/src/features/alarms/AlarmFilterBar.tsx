import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ALARM_TYPES, alarmFilterSchema, type AlarmStatus, type AlarmType } from '@domain/alarms/alarm';
import { useMessageText } from '../../i18n/messages';
import type { SensorLookups } from '../sensors/useSensorLookups';

/** The filter as the form holds it: ids, a type, and local date-times (`datetime-local`), '' when not set. */
export interface AlarmFilterValues {
  locationId: string;
  siteId: string;
  type: AlarmType | '';
  deviceId: string;
  from: string;
  to: string;
}

export const EMPTY_FILTER: AlarmFilterValues = { locationId: '', siteId: '', type: '', deviceId: '', from: '', to: '' };

const storageKey = (accountId: string | null) => `coldchain.alarmFilter.${accountId ?? 'anonymous'}`;

/**
 * The user's filter customization, kept per user (issue 13 section 3). In this browser's
 * storage: the account's grid settings have no place for a filter yet.
 */
export function loadSavedFilter(accountId: string | null): AlarmFilterValues {
  try {
    const saved: unknown = JSON.parse(window.localStorage.getItem(storageKey(accountId)) ?? 'null');
    if (typeof saved !== 'object' || saved === null) return EMPTY_FILTER;
    const record = saved as Record<string, unknown>;
    const text = (name: keyof AlarmFilterValues) => (typeof record[name] === 'string' ? record[name] : '');
    const type = text('type');
    return {
      locationId: text('locationId'), siteId: text('siteId'), deviceId: text('deviceId'), from: text('from'), to: text('to'),
      type: (ALARM_TYPES as readonly string[]).includes(type) ? type as AlarmType : '',
    };
  } catch {
    return EMPTY_FILTER;
  }
}

export function saveFilter(accountId: string | null, values: AlarmFilterValues): void {
  try {
    window.localStorage.setItem(storageKey(accountId), JSON.stringify(values));
  } catch {
    // Storage full or refused: the filter still applies for this visit.
  }
}

const isoOf = (local: string) => (local === '' ? undefined : new Date(local).toISOString());

/** The filter checked by the domain's rules (the range at most 7 days): the refusal in the product's words, or none. */
export function filterProblem(status: AlarmStatus, values: AlarmFilterValues): string | undefined {
  const result = alarmFilterSchema.safeParse({
    status,
    ...(values.from === '' ? {} : { from: isoOf(values.from) }),
    ...(values.to === '' ? {} : { to: isoOf(values.to) }),
  });
  return result.success ? undefined : result.error.issues[0]?.message;
}

export interface AlarmFilterBarProps {
  status: AlarmStatus;
  values: AlarmFilterValues;
  lookups: Pick<SensorLookups, 'locations'>;
  onApply(values: AlarmFilterValues): void;
}

/** Site, location, type, device and from/to; applied (and saved) with Apply, after the range is checked. */
export function AlarmFilterBar({ status, values, lookups, onApply }: AlarmFilterBarProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const [draft, setDraft] = useState(values);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const set = (changes: Partial<AlarmFilterValues>) => setDraft((current) => ({ ...current, ...changes }));
  const sites = lookups.locations
    .filter((location) => draft.locationId === '' || location.id === draft.locationId)
    .flatMap((location) => location.sites);

  const apply = (next: AlarmFilterValues) => {
    const refused = filterProblem(status, next);
    setProblem(refused === undefined ? undefined : messageText(refused));
    if (refused === undefined) onApply(next);
  };

  return (
    <Paper variant="outlined" component="section" aria-label={t('alarms.filter.title')} sx={{ p: 2, mb: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: { md: 'center' } }}>
        <TextField select size="small" label={t('alarms.filter.location')} value={draft.locationId} onChange={(event) => set({ locationId: event.target.value, siteId: '' })} sx={{ minWidth: 160 }}>
          <MenuItem value="">{t('alarms.filter.any')}</MenuItem>
          {lookups.locations.map((location) => <MenuItem key={location.id} value={location.id}>{location.label}</MenuItem>)}
        </TextField>
        <TextField select size="small" label={t('alarms.filter.site')} value={draft.siteId} onChange={(event) => set({ siteId: event.target.value })} sx={{ minWidth: 160 }}>
          <MenuItem value="">{t('alarms.filter.any')}</MenuItem>
          {sites.map((site) => <MenuItem key={site.id} value={site.id}>{site.label}</MenuItem>)}
        </TextField>
        <TextField select size="small" label={t('alarms.filter.type')} value={draft.type} onChange={(event) => set({ type: event.target.value as AlarmType | '' })} sx={{ minWidth: 180 }}>
          <MenuItem value="">{t('alarms.filter.any')}</MenuItem>
          {ALARM_TYPES.map((type) => <MenuItem key={type} value={type}>{t(`alarms.types.${type}`)}</MenuItem>)}
        </TextField>
        <TextField size="small" label={t('alarms.filter.device')} value={draft.deviceId} onChange={(event) => set({ deviceId: event.target.value.trim() })} sx={{ minWidth: 150 }} />
        <TextField size="small" type="datetime-local" label={t('alarms.filter.from')} value={draft.from} onChange={(event) => set({ from: event.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField size="small" type="datetime-local" label={t('alarms.filter.to')} value={draft.to} onChange={(event) => set({ to: event.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        <Stack direction="row" sx={{ gap: 1 }}>
          <Button variant="contained" onClick={() => apply(draft)}>{t('alarms.filter.apply')}</Button>
          <Button onClick={() => { setDraft(EMPTY_FILTER); apply(EMPTY_FILTER); }}>{t('alarms.filter.reset')}</Button>
        </Stack>
      </Stack>
      {problem !== undefined && <Alert severity="warning" sx={{ mt: 1.5 }}>{problem}</Alert>}
    </Paper>
  );
}

/** The list's query from the applied filter (the top bar's location and site when the filter names none). */
export function queryOf(status: AlarmStatus, values: AlarmFilterValues, scope: { locationId?: string; siteId?: string }) {
  const siteId = values.siteId || (values.locationId === '' ? scope.siteId : undefined);
  const locationId = values.locationId || (values.siteId === '' ? scope.locationId : undefined);
  return {
    status,
    ...(siteId ? { siteId } : {}),
    ...(locationId ? { locationId } : {}),
    ...(values.type === '' ? {} : { type: values.type }),
    ...(values.deviceId === '' ? {} : { deviceId: values.deviceId }),
    ...(values.from === '' ? {} : { from: isoOf(values.from) }),
    ...(values.to === '' ? {} : { to: isoOf(values.to) }),
  };
}
