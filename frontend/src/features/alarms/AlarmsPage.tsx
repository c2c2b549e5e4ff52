import { useMemo, useState } from 'react';
import CheckIcon from '@mui/icons-material/TaskAlt';
import OpenIcon from '@mui/icons-material/OpenInNew';
import SnoozeIcon from '@mui/icons-material/Snooze';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridRowId } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ALARM_STATUSES, type Alarm, type AlarmStatus } from '@domain/alarms/alarm';
import { DEFAULT_GRID_SETTINGS } from '@domain/identity/grid-settings';
import { useSnackbar } from 'notistack';
import { useAlarms } from '../../api/alarms';
import { saveGridSettings, useGridSettings } from '../../api/gridSettings';
import { useUserViews } from '../../api/userViews';
import { useClientState } from '../../session/clientState';
import { AdminGrid, type AdminGridRowAction } from '../../components/AdminGrid';
import { useErrorText } from '../../components/useErrorText';
import { DeviceTabs, useDeviceTab } from '../devices';
import { useDateTime } from '../../i18n/useDateTime';
import { useSensorLookups } from '../../api/useSensorLookups';
import { AlarmCards } from './AlarmCards';
import { alarmColumns, alarmPath } from './alarmColumns';
import { ALARM_FILTER_GRID_ID, AlarmFilterBar, filterFromAddress, filterFromSaved, filterToSaved, queryOf, withoutAddressFilter, type AlarmFilterValues } from './AlarmFilterBar';
import { AlarmLegend } from './AlarmLegend';
import { mayAcknowledge, maySnooze } from './alarmPresentation';
import { useAlarmActions } from './useAlarmActions';
import { useAlarmValueText } from './useAlarmValueText';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Alarms (SPEC section 2; issue 13 section 3): the Active and History tabs, the filter
 * (saved per user with the account's grid settings), the colour and signal-strength legends,
 * acknowledge (one or the rows selected) and snooze. The active list is asked again every
 * 30 s, so new alarms appear without a reload. On a phone the list is cards, and the filter
 * and legends are folded away above it.
 */
export default function AlarmsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [search, setSearch] = useSearchParams();
  const [tab, openTab] = useDeviceTab<AlarmStatus>(ALARM_STATUSES, 'active');
  // A link's `status` (the dashboard's widgets) opens its tab until a tab is picked.
  const linkedStatus = search.get('status');
  const status: AlarmStatus = search.get('tab') === null && (ALARM_STATUSES as readonly string[]).includes(linkedStatus ?? '') ? (linkedStatus as AlarmStatus) : tab;
  // The filter the address gives (a dashboard widget's link) takes precedence over the saved one for this visit.
  const addressKey = search.toString();
  const addressFilter = useMemo(() => filterFromAddress(new URLSearchParams(addressKey)), [addressKey]);
  // The user's saved filter; the list waits for it (or for its refusal) so it is asked once.
  const savedSettings = useGridSettings(ALARM_FILTER_GRID_ID);
  const settled = addressFilter !== undefined || savedSettings.data !== undefined || savedSettings.error !== undefined;
  const [edited, setEdited] = useState<AlarmFilterValues | null>(null);
  const filter = useMemo(() => edited ?? addressFilter ?? filterFromSaved(savedSettings.data?.filter), [addressFilter, edited, savedSettings.data]);
  const openStatus = (next: AlarmStatus) => {
    if (linkedStatus === null) openTab(next);
    else setSearch((current) => { const params = new URLSearchParams(current); params.delete('status'); params.set('tab', next); return params; }, { replace: true });
  };
  const userViews = useUserViews();
  // The top bar's location and site narrow the list when the filter names none (as the sensors list).
  const { selectedLocation } = useClientState();
  const scopeLocationId = selectedLocation?.locationId;
  const scopeSiteId = selectedLocation?.siteId;
  const lookups = useSensorLookups();
  const dateTime = useDateTime();
  const [selected, setSelected] = useState<ReadonlySet<GridRowId>>(new Set());

  // History without a range: the last 7 days (the longest range the filter takes), fixed when the tab opens.
  const query = useMemo(() => {
    if (!settled) return null;
    const base = queryOf(status, filter, { ...(scopeLocationId ? { locationId: scopeLocationId } : {}), ...(scopeSiteId ? { siteId: scopeSiteId } : {}) });
    if (status === 'active' || base.from !== undefined || base.to !== undefined) return base;
    const now = Date.now();
    return { ...base, from: new Date(now - 7 * DAY_MS).toISOString(), to: new Date(now).toISOString() };
  }, [filter, scopeLocationId, scopeSiteId, settled, status]);
  const alarms = useAlarms(query);
  const actions = useAlarmActions(() => setSelected(new Set()));

  const valueOf = useAlarmValueText();
  const columns = useMemo(() => alarmColumns(t, lookups, dateTime, valueOf, status), [dateTime, lookups, status, t, valueOf]);
  const name = (alarm: Alarm) => alarm.deviceName || alarm.deviceId;
  const rowActions: AdminGridRowAction<Alarm>[] = [
    { key: 'open', label: (row) => t('alarms.actions.openItem', { name: name(row) }), icon: <OpenIcon />, onClick: (row) => void navigate(alarmPath(row.id)) },
    { key: 'acknowledge', label: (row) => t('alarms.actions.acknowledgeItem', { name: name(row) }), icon: <CheckIcon />, onClick: (row) => actions.acknowledge([row.id]), hidden: (row) => !mayAcknowledge(row) },
    { key: 'snooze', label: (row) => t('alarms.actions.snoozeItem', { name: name(row) }), icon: <SnoozeIcon />, onClick: (row) => actions.snooze(row), hidden: (row) => !maySnooze(row) },
  ];

  const apply = (values: AlarmFilterValues) => {
    setEdited(values);
    setSelected(new Set());
    // The user's own filter replaces the link's: the address keeps only the tab.
    if (addressFilter !== undefined) setSearch((current) => { const params = withoutAddressFilter(current); params.set('tab', status); return params; }, { replace: true });
    // Saved for the user beside the grids' column settings; a refusal leaves the filter applied for this visit.
    saveGridSettings(ALARM_FILTER_GRID_ID, { ...(savedSettings.data ?? DEFAULT_GRID_SETTINGS), filter: filterToSaved(values) })
      .then((stored) => savedSettings.mutate(stored, { revalidate: false }))
      .catch((failure: unknown) => enqueueSnackbar(errorText(failure), { variant: 'error' }));
  };

  const selectedIds = [...selected].map(String);
  const acknowledgeSelected = status === 'active' && (
    <Button variant="contained" startIcon={<CheckIcon />} disabled={selectedIds.length === 0} onClick={() => actions.acknowledge(selectedIds)}>
      {t('alarms.actions.acknowledgeSelected', { count: selectedIds.length })}
    </Button>
  );
  const emptyLabel = t(status === 'active' ? 'alarms.empty.active' : 'alarms.empty.history');

  return (
    <>
      <Box sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1">{t('alarms.title')}</Typography>
      </Box>
      {settled && (
        <AlarmFilterBar
          key={`${status}-${savedSettings.data === undefined ? 'none' : 'saved'}-${edited === null && addressFilter !== undefined ? addressKey : ''}`}
          status={status}
          values={filter}
          lookups={lookups}
          userViews={userViews.data ?? []}
          folded={phone}
          onApply={apply}
        />
      )}
      <AlarmLegend folded={phone} />
      <DeviceTabs
        tabs={ALARM_STATUSES}
        tab={status}
        onChange={(next) => { setSelected(new Set()); openStatus(next); }}
        label={t('alarms.tabs.label')}
        tabLabel={(tab) => t(`alarms.tabs.${tab}`)}
        idPrefix="alarms"
      >
        <Box sx={{ pt: 2 }}>
          {phone ? (
            <>
              {acknowledgeSelected !== false && <Box sx={{ mb: 1.5 }}>{acknowledgeSelected}</Box>}
              <AlarmCards
                alarms={alarms.data}
                loading={alarms.isLoading || !settled}
                error={alarms.error}
                emptyLabel={emptyLabel}
                lookups={lookups}
                dateTime={dateTime}
                selected={new Set(selectedIds)}
                onSelect={(id, picked) => setSelected((current) => {
                  const next = new Set(current);
                  if (picked) next.add(id);
                  else next.delete(id);
                  return next;
                })}
                onAcknowledge={(alarm) => actions.acknowledge([alarm.id])}
                onSnooze={(alarm) => actions.snooze(alarm)}
              />
            </>
          ) : (
            <AdminGrid<Alarm>
              gridId={`alarms-${status}`}
              label={t(`alarms.tabs.${status}`)}
              rows={alarms.data}
              columns={columns}
              loading={alarms.isLoading || alarms.loadingMore || !settled}
              error={alarms.error}
              onReload={() => void alarms.mutate()}
              emptyLabel={emptyLabel}
              rowActions={rowActions}
              initialSort={[{ field: 'startedAt', sort: 'desc' }]}
              actionsFirst
              toolbar={acknowledgeSelected}
              {...(status === 'active' ? { selection: { ids: selected, onChange: setSelected, isSelectable: mayAcknowledge } } : {})}
            />
          )}
        </Box>
      </DeviceTabs>
      {actions.dialog}
    </>
  );
}
