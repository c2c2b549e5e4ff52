import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { PORTAL_AUDIT_DEFAULT_DAYS, portalAuditRangeIssue, type PortalAuditEntry } from '@domain/reports/portal-audit';
import { usePortalAudit, type PortalAuditQuery } from '../../api/reports';
import { AdminListPage } from '../../components/AdminListPage';
import type { AdminGridCard } from '../../components/AdminGridCards';
import { ChangeList } from '../../components/history/ChangeList';
import { useMessageText } from '../../i18n/messages';
import { useUserDateTime } from '../../i18n/userDateTime';

const PROXY_SESSION = 'PROXYSESSION';

/** A day as a date field holds it (`YYYY-MM-DD`), in the browser's calendar. */
function dayText(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The instants of the days chosen: from the first one's start to the last one's end. */
function rangeOf(fromDay: string, toDay: string): { from: Date; to: Date } {
  return { from: new Date(`${fromDay}T00:00:00`), to: new Date(`${toDay}T23:59:59.999`) };
}

/** Who acted: the real user (the proxy's actor when through a proxy session), the proxy marked. */
function Who({ entry }: { entry: PortalAuditEntry }) {
  const { t } = useTranslation();
  const throughProxy = entry.proxy !== undefined || entry.proxySession !== undefined;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
      <span>{entry.proxy?.actorEmail ?? entry.actor.email}</span>
      {throughProxy && <Chip size="small" color="warning" label={t('devices.history.throughProxy')} />}
    </Box>
  );
}

/** What an entry says: a proxy session's reason, mode and organisation, or the record's changes. */
function Details({ entry }: { entry: PortalAuditEntry }) {
  const { t } = useTranslation();
  const session = entry.proxySession;
  if (session === undefined) return <ChangeList entityType={entry.entityType} entry={entry} />;
  return (
    <Box>
      <div>{t('portalAudit.proxy.reason', { reason: session.reason })}</div>
      <div>{t(session.mode === 'write' ? 'portalAudit.proxy.modes.write' : 'portalAudit.proxy.modes.read')}</div>
      <div>{t('portalAudit.proxy.organisation', { name: session.locationName === undefined ? session.organisationName : `${session.organisationName} (${session.locationName})` })}</div>
    </Box>
  );
}

/**
 * The Portal Audit report (SPEC section 2 "Reports"; issue 16 section 3): the organisation's
 * audit trail between two days, newest first, each proxy session and each change made through
 * one marked. At most 31 days (SPEC section 5), checked here before the API is asked.
 */
export default function PortalAuditPage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const dateTime = useUserDateTime();
  const [fromDay, setFromDay] = useState(() => dayText(new Date(Date.now() - PORTAL_AUDIT_DEFAULT_DAYS * 24 * 60 * 60 * 1000)));
  const [toDay, setToDay] = useState(() => dayText(new Date()));

  const range = rangeOf(fromDay, toDay);
  const issue = portalAuditRangeIssue(range);
  const query: PortalAuditQuery | undefined = issue === undefined ? { from: range.from.toISOString(), to: range.to.toISOString() } : undefined;
  const audit = usePortalAudit(query);

  const texts = useMemo(() => ({
    action: (entry: PortalAuditEntry) => (entry.entityType === PROXY_SESSION
      ? t(entry.action === 'create' ? 'portalAudit.proxy.started' : 'portalAudit.proxy.ended')
      : t(`devices.history.actions.${entry.action}`)),
    entity: (entry: PortalAuditEntry) => {
      const type = t(`portalAudit.entityTypes.${entry.entityType}` as 'portalAudit.entityTypes.SENSOR', { defaultValue: entry.entityType });
      return entry.entityName === undefined ? type : `${type}: ${entry.entityName}`;
    },
  }), [t]);

  const columns = useMemo<GridColDef<PortalAuditEntry>[]>(() => [
    { field: 'at', headerName: t('devices.history.when'), width: 170, valueFormatter: (value: string) => dateTime(value) },
    {
      field: 'actor', headerName: t('devices.history.who'), flex: 1, minWidth: 200,
      valueGetter: (_value: unknown, row: PortalAuditEntry) => row.proxy?.actorEmail ?? row.actor.email,
      renderCell: ({ row }) => <Who entry={row} />,
    },
    { field: 'action', headerName: t('devices.history.what'), width: 170, valueGetter: (_value: unknown, row: PortalAuditEntry) => texts.action(row) },
    { field: 'entity', headerName: t('portalAudit.entity'), flex: 1, minWidth: 180, valueGetter: (_value: unknown, row: PortalAuditEntry) => texts.entity(row) },
    {
      field: 'changes', headerName: t('devices.history.changes'), flex: 2, minWidth: 260, sortable: false,
      valueGetter: (_value: unknown, row: PortalAuditEntry) => row.proxySession?.reason ?? '',
      renderCell: ({ row }) => <Box sx={{ py: 1 }}><Details entry={row} /></Box>,
    },
  ], [dateTime, t, texts]);

  const card = (entry: PortalAuditEntry): AdminGridCard => ({
    title: `${texts.action(entry)} · ${texts.entity(entry)}`,
    // Who and when on one line, what the entry says under it.
    value: <Who entry={entry} />,
    time: dateTime(entry.at),
    state: <Details entry={entry} />,
  });

  return (
    <AdminListPage
      title={t('portalAudit.title')}
      intro={(
        <Stack sx={{ gap: 1, mt: 1 }}>
          <Typography variant="body2" color="text.secondary">{t('portalAudit.intro')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
            <TextField size="small" type="date" label={t('portalAudit.from')} value={fromDay} onChange={(event) => setFromDay(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
            <TextField size="small" type="date" label={t('portalAudit.to')} value={toDay} onChange={(event) => setToDay(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          </Stack>
          <Typography variant="caption" color="text.secondary">{t('portalAudit.rangeRule')}</Typography>
          {issue !== undefined && <Alert severity="warning">{messageText(issue)}</Alert>}
        </Stack>
      )}
      emptyLabel={t('portalAudit.empty')}
      gridId="portal-audit"
      list={audit}
      columns={columns}
      initialSort={[{ field: 'at', sort: 'desc' }]}
      card={card}
      autoRowHeight
    />
  );
}
