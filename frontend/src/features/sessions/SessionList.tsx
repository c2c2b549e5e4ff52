import { useMemo } from 'react';
import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { UserSession } from '@domain/identity/account';
import { AdminGrid, type AdminGridColumnSettings, type AdminGridRowAction } from '../../components/AdminGrid';
import { useFormatters, type Formatters } from '../../i18n/formatters';

/** A session's time in the user's language and zone; the text as received when it is not a date. */
function formatSessionTime(value: string, formatters: Formatters): string {
  return formatters.dateTime(value) || value;
}

export type SessionListProps = {
  sessions: UserSession[] | undefined;
  loading: boolean;
  /** The session being ended, whose button waits. */
  ending: string | null;
  onEnd(session: UserSession): void;
} & AdminGridColumnSettings;

/** Newest activity first. */
const BY_LAST_SEEN = [{ field: 'lastSeen', sort: 'desc' as const }];

/**
 * The user's active sessions (SPEC section 3 "User session (listed)"), each with a button to
 * end it, on the grid of every list screen. The session-limit screen passes
 * `columnSettings={false}`: before sign-in completes there is no session to load them with.
 */
export function SessionList({ sessions, loading, ending, onEnd, ...columnSettings }: SessionListProps) {
  const { t } = useTranslation();
  const formatters = useFormatters();

  const columns = useMemo<GridColDef<UserSession>[]>(
    () => [
      {
        field: 'device',
        headerName: t('sessions.device'),
        flex: 1.6,
        minWidth: 220,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%', minWidth: 0 }}>
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={row.device}>
              {row.device}
            </Box>
            {row.current && <Chip size="small" color="primary" label={t('sessions.thisDevice')} sx={{ flexShrink: 0 }} />}
          </Box>
        ),
      },
      { field: 'platform', headerName: t('sessions.platform'), flex: 0.8, minWidth: 100 },
      {
        field: 'interface',
        headerName: t('sessions.interface'),
        flex: 0.8,
        minWidth: 100,
        valueFormatter: (value: string) => (value === 'portal' || value === 'mobile' ? t(`sessions.interfaces.${value}`) : value),
      },
      { field: 'ip', headerName: t('sessions.ip'), flex: 0.9, minWidth: 120 },
      {
        field: 'loginTime',
        headerName: t('sessions.loginTime'),
        flex: 1,
        minWidth: 150,
        valueFormatter: (value: string) => formatSessionTime(value, formatters),
      },
      {
        field: 'lastSeen',
        headerName: t('sessions.lastSeen'),
        flex: 1,
        minWidth: 150,
        valueFormatter: (value: string) => formatSessionTime(value, formatters),
      },
    ],
    [formatters, t],
  );

  const rowActions = useMemo<AdminGridRowAction<UserSession>[]>(
    () => [{
      key: 'end',
      label: (row) => t('sessions.end', { device: row.device }),
      icon: <LogoutIcon fontSize="small" />,
      onClick: onEnd,
      // One session ends at a time.
      disabled: () => ending !== null,
    }],
    [ending, onEnd, t],
  );

  return (
    <AdminGrid<UserSession>
      {...columnSettings}
      label={t('sessions.listLabel')}
      rows={sessions}
      columns={columns}
      loading={loading}
      rowActions={rowActions}
      emptyLabel={t('sessions.empty')}
      initialSort={BY_LAST_SEEN}
    />
  );
}
