import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';

/**
 * The open tab of a device's page, kept in the address (`?tab=`) so a tab can be linked and
 * reloaded; an unknown or missing one is `fallback`.
 */
export function useDeviceTab<T extends string>(tabs: readonly T[], fallback: T): [T, (next: T) => void] {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab = requested !== null && (tabs as readonly string[]).includes(requested) ? (requested as T) : fallback;
  const open = (next: T) => setSearch((current) => {
    const params = new URLSearchParams(current);
    params.set('tab', next);
    return params;
  }, { replace: true });
  return [tab, open];
}

export interface DeviceDetailHeaderProps {
  name: string;
  id: string;
  /** The status chips after the id. */
  chips: ReactNode;
  /** The administrators' buttons (edit, delete, ...); left out for readers. */
  actions?: ReactNode;
}

/** A sensor's or gateway's page heading: its name, its id and chips, and the actions on the right. */
export function DeviceDetailHeader({ name, id, chips, actions }: DeviceDetailHeaderProps) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, justifyContent: 'space-between', alignItems: { md: 'center' } }}>
      <Box>
        <Typography variant="h5" component="h1">{name}</Typography>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
          <Typography color="text.secondary">{id}</Typography>
          {chips}
        </Stack>
      </Box>
      {actions !== undefined && actions !== false && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>{actions}</Stack>
      )}
    </Stack>
  );
}

export interface DeviceTabsProps<T extends string> {
  tabs: readonly T[];
  tab: T;
  onChange(next: T): void;
  /** The tab list's accessible name. */
  label: string;
  tabLabel(name: T): string;
  /** Prefix of the tabs' and panels' element ids (`<prefix>-tab-<name>`, `<prefix>-panel-<name>`). */
  idPrefix: string;
  /** The open tab's content. */
  children: ReactNode;
}

/** A device page's tabs and the open tab's panel. */
export function DeviceTabs<T extends string>({ tabs, tab, onChange, label, tabLabel, idPrefix, children }: DeviceTabsProps<T>) {
  return (
    <>
      <Tabs value={tab} onChange={(_event, next: T) => onChange(next)} variant="scrollable" scrollButtons="auto" aria-label={label}>
        {tabs.map((name) => <Tab key={name} value={name} label={tabLabel(name)} id={`${idPrefix}-tab-${name}`} aria-controls={`${idPrefix}-panel-${name}`} />)}
      </Tabs>
      <Box role="tabpanel" id={`${idPrefix}-panel-${tab}`} aria-labelledby={`${idPrefix}-tab-${tab}`}>
        {children}
      </Box>
    </>
  );
}
