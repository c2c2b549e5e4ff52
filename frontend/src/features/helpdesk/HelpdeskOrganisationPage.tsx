import { useMemo, useState, type ReactElement } from 'react';
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import MailIcon from '@mui/icons-material/ForwardToInboxOutlined';
import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkEraseOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { HelpdeskGateway, HelpdeskSensor, HelpdeskUser, HelpdeskUserAction } from '@domain/organisation/helpdesk';
import { runHelpdeskUserAction, useHelpdeskOrganisation } from '../../api/helpdesk';
import { AdminGrid, type AdminGridRowAction } from '../../components/AdminGrid';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useErrorText } from '../../components/useErrorText';
import { useDateTime } from '../../i18n/useDateTime';
import { StartProxyButton } from '../proxy';

type TabName = 'users' | 'devices';

/** The support actions, with the icon of each; those that take something away from the user ask first. */
const USER_ACTIONS: ReadonlyArray<{ action: HelpdeskUserAction; key: 'resetMfa' | 'resendInvitation' | 'unlock' | 'endSessions'; icon: ReactElement; confirm?: 'resetMfa' | 'endSessions'; shown: (user: HelpdeskUser) => boolean }> = [
  { action: 'reset-mfa', key: 'resetMfa', icon: <PhonelinkEraseIcon />, confirm: 'resetMfa', shown: (user) => user.mfaEnabled },
  { action: 'resend-invitation', key: 'resendInvitation', icon: <MailIcon />, shown: (user) => user.status === 'invited' },
  { action: 'unlock', key: 'unlock', icon: <LockOpenIcon />, shown: (user) => user.locked },
  { action: 'end-sessions', key: 'endSessions', icon: <LogoutIcon />, confirm: 'endSessions', shown: () => true },
];
type UserActionEntry = (typeof USER_ACTIONS)[number];

const nameOf = (user: HelpdeskUser) => `${user.firstName} ${user.lastName}`.trim() || user.email;

/**
 * One organisation as the helpdesk sees it (issue 16 section 2): its health, its users with
 * the four support actions, and its devices' troubleshooting data, read-only.
 */
export default function HelpdeskOrganisationPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const dateTime = useDateTime();
  const { customerId = '' } = useParams();
  const detail = useHelpdeskOrganisation(customerId);
  const [tab, setTab] = useState<TabName>('users');
  const [asking, setAsking] = useState<{ entry: UserActionEntry; confirm: 'resetMfa' | 'endSessions'; user: HelpdeskUser; open: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (entry: UserActionEntry, user: HelpdeskUser) => {
    setBusy(true);
    try {
      await runHelpdeskUserAction(customerId, user.accountId, entry.action);
      enqueueSnackbar(t(`helpdesk.actions.${entry.key}.done`, { name: nameOf(user) }), { variant: 'success' });
      await detail.mutate();
    } catch (failure) {
      enqueueSnackbar(errorText(failure), { variant: 'error' });
    } finally {
      setBusy(false);
      setAsking((current) => (current === null ? null : { ...current, open: false }));
    }
  };

  const seen = (iso: string | null) => (iso === null ? t('helpdesk.never') : dateTime(iso));
  const onlineCell = (online: boolean) => <Chip size="small" color={online ? 'success' : 'warning'} label={t(online ? 'helpdesk.devices.online' : 'helpdesk.devices.offline')} />;

  const userColumns = useMemo<GridColDef<HelpdeskUser>[]>(() => [
    { field: 'name', headerName: t('helpdesk.users.name'), flex: 1, minWidth: 160, valueGetter: (_value, row) => nameOf(row) },
    { field: 'email', headerName: t('helpdesk.users.email'), flex: 1, minWidth: 200 },
    { field: 'role', headerName: t('helpdesk.users.role'), width: 130, valueGetter: (_value, row) => (row.role === null ? '' : t(`helpdesk.roles.${row.role}`)) },
    { field: 'status', headerName: t('helpdesk.users.status'), width: 120, valueGetter: (_value, row) => t(`helpdesk.userStatuses.${row.status}`) },
    { field: 'mfaEnabled', headerName: t('helpdesk.users.mfa'), width: 90, valueGetter: (_value, row) => t(row.mfaEnabled ? 'helpdesk.on' : 'helpdesk.off') },
    { field: 'locked', headerName: t('helpdesk.users.locked'), width: 100, valueGetter: (_value, row) => t(row.locked ? 'helpdesk.yes' : 'helpdesk.no') },
    { field: 'lastLoginDate', headerName: t('helpdesk.users.lastLogin'), width: 190, valueGetter: (_value, row) => (row.lastLoginDate === null ? t('helpdesk.never') : dateTime(`${row.lastLoginDate.replace(' ', 'T')}Z`)) },
  ], [dateTime, t]);

  const userActions = USER_ACTIONS.map((entry): AdminGridRowAction<HelpdeskUser> => ({
    key: entry.key,
    label: (row) => t(`helpdesk.actions.${entry.key}.label`, { name: nameOf(row) }),
    icon: entry.icon,
    hidden: (row) => !entry.shown(row),
    disabled: () => busy,
    onClick: (row) => (entry.confirm === undefined ? void run(entry, row) : setAsking({ entry, confirm: entry.confirm, user: row, open: true })),
  }));

  const deviceColumns = <R extends HelpdeskSensor | HelpdeskGateway>(extra: GridColDef<R>[]): GridColDef<R>[] => [
    { field: 'name', headerName: t('helpdesk.devices.name'), flex: 1, minWidth: 160 },
    { field: 'serial', headerName: t('helpdesk.devices.serial'), width: 170 },
    { field: 'siteName', headerName: t('helpdesk.devices.site'), width: 160, valueGetter: (_value, row) => row.siteName ?? row.siteId },
    { field: 'online', headerName: t('helpdesk.devices.status'), width: 110, valueGetter: (_value, row) => t(row.online ? 'helpdesk.devices.online' : 'helpdesk.devices.offline'), renderCell: ({ row }) => onlineCell(row.online) },
    { field: 'lastSeenAt', headerName: t('helpdesk.devices.lastSeen'), width: 190, valueGetter: (_value, row) => seen(row.lastSeenAt) },
    { field: 'signal', headerName: t('helpdesk.devices.signal'), type: 'number', width: 110 },
    ...extra,
  ];
  const sensorColumns = deviceColumns<HelpdeskSensor>([
    { field: 'battery', headerName: t('helpdesk.devices.battery'), type: 'number', width: 110, valueFormatter: (value: number | null) => (value === null ? '' : `${value} %`) },
  ]);
  const gatewayColumns = deviceColumns<HelpdeskGateway>([
    { field: 'firmware', headerName: t('helpdesk.devices.firmware'), width: 140 },
  ]);

  const organisation = detail.data?.organisation;
  const health = detail.data?.health;

  /** The sensors' or the gateways' grid: by name, each card the device's name, last contact and status. */
  const deviceGrid = <R extends HelpdeskSensor | HelpdeskGateway>(kind: 'sensors' | 'gateways', rows: R[] | undefined, columns: GridColDef<R>[], cardValue: (row: R) => string) => (
    <AdminGrid<R>
      gridId={`helpdesk-${kind}`}
      label={t(`helpdesk.devices.${kind}`)}
      rows={rows}
      columns={columns}
      loading={detail.isLoading}
      emptyLabel={t(kind === 'sensors' ? 'helpdesk.devices.noSensors' : 'helpdesk.devices.noGateways')}
      initialSort={[{ field: 'name', sort: 'asc' }]}
      card={(row) => ({ title: row.name, value: cardValue(row), time: seen(row.lastSeenAt), state: onlineCell(row.online) })}
    />
  );

  return (
    <>
      <Link component={RouterLink} to="/app/helpdesk" sx={{ display: 'inline-block', mb: 1 }}>{t('helpdesk.back')}</Link>
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">{organisation?.name ?? t('helpdesk.title')}</Typography>
        {organisation !== undefined && (
          <Chip size="small" color={organisation.status === 'disabled' ? 'default' : 'success'} label={t(`helpdesk.statuses.${organisation.status}`)} />
        )}
        {/* Nobody proxies into a disabled organisation (the API refuses it too). */}
        {organisation?.status === 'active' && (
          <Box sx={{ ml: { sm: 'auto' } }}><StartProxyButton customerId={organisation.customerId} organisationName={organisation.name} /></Box>
        )}
      </Stack>
      {detail.error !== undefined && <Alert severity="error" sx={{ mb: 2 }}>{errorText(detail.error)}</Alert>}
      {health !== undefined && (
        <Stack direction="row" sx={{ mb: 2, gap: 1, flexWrap: 'wrap' }} aria-label={t('helpdesk.healthTitle')}>
          {(['sensorsOffline', 'gatewaysOffline', 'lowBatteries', 'activeAlarms', 'unacknowledgedAlarms'] as const).map((count) => (
            <Chip key={count} variant="outlined" label={`${t(`helpdesk.health.${count}`)}: ${health[count]}`} />
          ))}
          <Chip variant="outlined" label={`${t('helpdesk.health.lastDataAt')}: ${seen(health.lastDataAt)}`} />
        </Stack>
      )}
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={tab} onChange={(_event, value: TabName) => setTab(value)} variant="scrollable" allowScrollButtonsMobile>
          <Tab value="users" label={t('helpdesk.tabs.users')} />
          <Tab value="devices" label={t('helpdesk.tabs.devices')} />
        </Tabs>
      </Box>
      {tab === 'users' ? (
        <AdminGrid<HelpdeskUser>
          gridId="helpdesk-users"
          label={t('helpdesk.tabs.users')}
          rows={detail.data?.users}
          columns={userColumns}
          loading={detail.isLoading}
          rowActions={userActions}
          getRowId={(row) => row.accountId}
          emptyLabel={t('helpdesk.users.empty')}
          initialSort={[{ field: 'name', sort: 'asc' }]}
          card={(row) => ({ title: nameOf(row), value: row.email, state: t(`helpdesk.userStatuses.${row.status}`) })}
        />
      ) : (
        <Stack sx={{ gap: 3 }}>
          <Typography variant="body2" color="text.secondary">{t('helpdesk.devices.readOnly')}</Typography>
          {deviceGrid('sensors', detail.data?.sensors, sensorColumns, (row) => (row.battery === null ? row.serial : `${row.serial} · ${row.battery} %`))}
          {deviceGrid('gateways', detail.data?.gateways, gatewayColumns, (row) => row.serial)}
        </Stack>
      )}
      <ConfirmDialog
        open={asking?.open ?? false}
        title={asking === null ? '' : t(`helpdesk.actions.${asking.confirm}.title`)}
        message={asking === null ? '' : t(`helpdesk.actions.${asking.confirm}.confirm`, { name: nameOf(asking.user) })}
        confirmLabel={asking === null ? '' : t(`helpdesk.actions.${asking.confirm}.confirmButton`)}
        cancelLabel={t('helpdesk.cancel')}
        busy={busy}
        onConfirm={() => { if (asking !== null) void run(asking.entry, asking.user); }}
        onCancel={() => setAsking((current) => (current === null ? null : { ...current, open: false }))}
      />
    </>
  );
}
