import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { userDisplayName } from '@domain/identity/security-groups';
import type { ReportPerson } from '@domain/reports/audit-changes';
import type { PortalAuditEntry, PortalAuditProxySession } from '@domain/reports/portal-audit';
import { ENTITY, type AuditEntry } from '../../data';
import { historyEntriesWithNames } from '../../data/record-names';
import { UserStore } from '../../data/repositories/users';
import type { ReportReadContext } from './context';

/**
 * What the audit reports (Portal Audit, Sensor Audit) read beside the entries: the
 * organisation's people, to name who made each change, and each entry as the on-screen trail
 * shapes it (`PortalAuditEntry`: the names its changes need, its record's name, a proxy
 * session's own fields). The Portal Audit route (lambdas/reports/routes.ts) shapes its pages
 * the same way and can take `portalAuditEntriesOf` from here.
 */

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** A user's display name (userDisplayName: "First Last", or the email) from a stored record, if it holds either. */
function displayNameOf(record: Record<string, unknown>): string | undefined {
  return text(userDisplayName({ firstName: text(record['firstName']) ?? '', lastName: text(record['lastName']) ?? '', email: text(record['email']) ?? '' }));
}

/** The organisation's people (its listed users), each with the name the reports show. */
export async function reportPeople(context: Pick<ReportReadContext, 'client' | 'tableName' | 'customerId'>): Promise<ReportPerson[]> {
  const users = await new UserStore(context.client, context.tableName).all(context.customerId);
  return users.map((user) => ({ accountId: user.accountId, email: user.email, name: displayNameOf({ ...user }) ?? user.email }));
}

/** A proxy session's own entry (lambdas/data/proxy-sessions.ts writes the session as its record). */
function proxySessionOf(entry: AuditEntry): PortalAuditProxySession | undefined {
  const record = entry.after ?? entry.before;
  if (entry.entityType !== ENTITY.proxySession || record === undefined) return undefined;
  const locationName = text(record['locationName']);
  const endedAt = text(record['endedAt']);
  return {
    actorEmail: text(record['actorEmail']) ?? '',
    reason: text(record['reason']) ?? '',
    mode: record['mode'] === 'write' ? 'write' : 'read',
    organisationName: text(record['organisationName']) ?? '',
    ...(locationName === undefined ? {} : { locationName }),
    startedAt: text(record['startedAt']) ?? entry.at,
    expiresAt: text(record['expiresAt']) ?? entry.at,
    ...(endedAt === undefined ? {} : { endedAt }),
  };
}

/**
 * The name the entry's own record holds: a user's name or email, a record's name, an alarm's
 * device's name, a file's name, a device command's device (its id is the one printed on it).
 */
function nameInEntry(entry: AuditEntry, people: ReadonlyMap<string, string>): string | undefined {
  const record = { ...entry.before, ...entry.after };
  if (entry.entityType === ENTITY.user) return displayNameOf(record) ?? people.get(entry.entityId);
  return text(record['name']) ?? text(record['deviceName']) ?? text(record['fileName']) ?? text(record['deviceId']);
}

/** Entries as the Portal Audit reads them: nothing of the records but their changes, the names they need, their record's name and proxy sessions. */
export async function portalAuditEntriesOf(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  entries: readonly AuditEntry[],
  people: readonly ReportPerson[],
): Promise<PortalAuditEntry[]> {
  const cleaned = entries.map((entry) => ({
    ...entry,
    action: entry.action === 'create' || entry.action === 'delete' ? entry.action : 'update' as const,
    // A proxy session is told by its own fields (proxySession), not as changes of a record.
    changes: entry.entityType === ENTITY.proxySession ? [] : entry.changes,
  }));
  const withNames = await historyEntriesWithNames(client, tableName, customerId, cleaned);
  const peopleByAccount = new Map(people.map((person) => [person.accountId, person.name]));
  return withNames.map((history, index) => {
    const entry = entries[index] as AuditEntry;
    const proxySession = proxySessionOf(entry);
    const entityName = proxySession?.organisationName ?? nameInEntry(entry, peopleByAccount);
    return {
      ...history,
      entityType: entry.entityType,
      entityId: entry.entityId,
      ...(entityName === undefined ? {} : { entityName }),
      ...(proxySession === undefined ? {} : { proxySession }),
    };
  });
}
