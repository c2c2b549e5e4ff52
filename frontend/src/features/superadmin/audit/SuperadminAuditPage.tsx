import { useMemo } from 'react';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { SuperadminAuditEntry } from '@domain/organisation/organisation';
import { useCustomerGroups, useSuperadminAudit } from '../../../api/superadmin';
import { AdminListPage, type AdminList } from '../../../components/AdminListPage';
import type { AdminGridCard } from '../../../components/AdminGridCards';
import { useFormatters } from '../../../i18n/formatters';

/** The actions the catalogue names; another (a newer kind of entry) shows as the API writes it. */
const KNOWN_ACTIONS = [
  'organisation.create', 'organisation.update', 'organisation.disable', 'organisation.enable', 'organisation.discard', 'customerGroup.create', 'customerGroup.update',
  'helpdesk.resetMfa', 'helpdesk.resendInvitation', 'helpdesk.unlock', 'helpdesk.endSessions',
] as const;
type KnownAction = (typeof KNOWN_ACTIONS)[number];
const isKnownAction = (action: string): action is KnownAction => (KNOWN_ACTIONS as readonly string[]).includes(action);

/** The name an entry's own copy of its target holds (a discarded organisation is listed nowhere else). */
const textInEntry = (entry: SuperadminAuditEntry, field: 'name' | 'customerId' | 'email'): string | undefined => {
  const value = entry.after?.[field] ?? entry.before?.[field];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The super-administrators' own audit trail (issue 16 section 1): who did what, when, to
 * which organisation (or customer group), newest first, a page at a time.
 */
export default function SuperadminAuditPage() {
  const { t } = useTranslation();
  const formatters = useFormatters();
  const audit = useSuperadminAudit();
  const groups = useCustomerGroups();
  const { data: pages, error, isLoading, isValidating, mutate, size, setSize } = audit;
  const entries = useMemo(() => pages?.flatMap((page) => page.items), [pages]);
  const list: AdminList<SuperadminAuditEntry> = { data: entries, error, isLoading, loadingMore: isValidating && !isLoading, mutate };
  const hasMore = pages?.at(-1)?.nextCursor !== undefined;

  const names = useMemo(() => {
    const groupNames = new Map((groups.data ?? []).map((group) => [group.id, group.name]));
    return {
      organisation: (entry: SuperadminAuditEntry) => {
        // The API names the entry's organisation as it is now; a discarded one only by the entry's own copy.
        if (entry.organisationName !== undefined) return entry.organisationName;
        if (entry.targetType === 'ORGANISATION') return textInEntry(entry, 'name') ?? entry.targetId;
        // A helpdesk action on a user keeps the user's organisation in its entry.
        return textInEntry(entry, 'customerId') ?? '';
      },
      target: (entry: SuperadminAuditEntry) => {
        if (entry.targetType === 'ORGANISATION') return '';
        if (entry.targetType === 'CUSTOMERGROUP') return groupNames.get(entry.targetId) ?? textInEntry(entry, 'name') ?? entry.targetId;
        return textInEntry(entry, 'email') ?? entry.targetId;
      },
    };
  }, [groups.data]);

  const actionText = useMemo(() => (action: string) => (isKnownAction(action) ? t(`superadminAudit.actions.${action}`) : action), [t]);

  const columns = useMemo<GridColDef<SuperadminAuditEntry>[]>(() => [
    {
      field: 'at', headerName: t('superadminAudit.at'), type: 'dateTime', width: 190,
      valueGetter: (value: string) => new Date(value), valueFormatter: (value: Date) => formatters.dateTime(value),
    },
    { field: 'actor', headerName: t('superadminAudit.actor'), flex: 1, minWidth: 180, valueGetter: (actor: SuperadminAuditEntry['actor']) => actor.email },
    { field: 'action', headerName: t('superadminAudit.action'), flex: 1, minWidth: 180, valueGetter: (action: string) => actionText(action) },
    { field: 'organisation', headerName: t('superadminAudit.organisation'), flex: 1, minWidth: 160, valueGetter: (_value: unknown, row: SuperadminAuditEntry) => names.organisation(row) },
    { field: 'target', headerName: t('superadminAudit.target'), flex: 1, minWidth: 140, valueGetter: (_value: unknown, row: SuperadminAuditEntry) => names.target(row) },
  ], [actionText, formatters, names, t]);

  const card = (entry: SuperadminAuditEntry): AdminGridCard => ({
    title: actionText(entry.action),
    value: names.organisation(entry) || names.target(entry),
    time: formatters.dateTime(new Date(entry.at)),
    state: entry.actor.email,
  });

  return (
    <AdminListPage
      title={t('superadminAudit.title')}
      intro={t('superadminAudit.intro')}
      emptyLabel={t('superadminAudit.empty')}
      gridId="superadmin-audit"
      list={list}
      columns={columns}
      initialSort={[{ field: 'at', sort: 'desc' }]}
      card={card}
      toolbar={hasMore ? <Button onClick={() => void setSize(size + 1)} disabled={isValidating}>{t('superadminAudit.more')}</Button> : undefined}
    />
  );
}
