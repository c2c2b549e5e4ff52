import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { forbidden, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { portalAuditRangeFrom, type PortalAuditEntry, type PortalAuditProxySession } from '@domain/reports/portal-audit';
import { userDisplayName } from '@domain/identity/security-groups';
import { organisationAuditNewestFirst, organisationAuditPartition, queryPage, toAuditEntry, type AuditEntry, ENTITY } from '../data';
import { readAccess } from '../data/access';
import { readAccountItems } from '../data/accounts';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { pageRequestFrom } from '../shared/pagination';
import { historyEntriesWithNames } from '../data/record-names';
import { defineRoutes, route } from '../shared/routing';
import { REPORT_ROUTES } from '@domain/api/reports';

const table = () => backendConfig().tableName;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** A user's display name (userDisplayName: "First Last", or the email) from a stored record, if it holds either. */
function displayNameOf(record: Record<string, unknown>): string | undefined {
  const name = userDisplayName({ firstName: text(record['firstName']) ?? '', lastName: text(record['lastName']) ?? '', email: text(record['email']) ?? '' });
  return text(name);
}

/** A proxy session's own entry (lambdas/data/repositories/proxy-sessions.ts writes the session as its record). */
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

/** The name the entry's own record holds: a user's name or email, a record's name. */
function nameInEntry(entry: AuditEntry): string | undefined {
  const record = { ...entry.before, ...entry.after };
  if (entry.entityType === ENTITY.user) return displayNameOf(record);
  return text(record['name']);
}

/** The users' names the entries do not hold (a support action keeps only what it changed), in one batch get. */
async function userNames(client: DynamoDBDocumentClient, customerId: string, userIds: readonly string[]): Promise<Map<string, string>> {
  const items = await readAccountItems(client, table(), customerId, userIds);
  const names = new Map<string, string>();
  for (const item of items) {
    const name = displayNameOf(item);
    if (typeof item['accountId'] === 'string' && name !== undefined) names.set(item['accountId'], name);
  }
  return names;
}

/** A page of the trail as the report sends it: nothing of the records but their readable changes, names and proxy sessions. */
async function portalAuditEntries(customerId: string, entries: readonly AuditEntry[]): Promise<PortalAuditEntry[]> {
  const client = dynamoDocumentClient();
  const cleaned = entries.map((entry) => ({
    ...entry,
    action: entry.action === 'create' || entry.action === 'delete' ? entry.action : 'update' as const,
    // A proxy session is told by its own fields (proxySession), not as changes of a record.
    changes: entry.entityType === ENTITY.proxySession ? [] : entry.changes,
  }));
  const withNames = await historyEntriesWithNames(client, table(), customerId, cleaned);
  const unnamedUsers = entries.filter((entry) => entry.entityType === ENTITY.user && nameInEntry(entry) === undefined).map((entry) => entry.entityId);
  const users = await userNames(client, customerId, unnamedUsers);
  return withNames.map((history, index) => {
    const entry = entries[index] as AuditEntry;
    const proxySession = proxySessionOf(entry);
    const entityName = proxySession?.organisationName ?? nameInEntry(entry) ?? (entry.entityType === ENTITY.user ? users.get(entry.entityId) : undefined);
    return {
      ...history,
      entityType: entry.entityType,
      entityId: entry.entityId,
      ...(entityName === undefined ? {} : { entityName }),
      ...(proxySession === undefined ? {} : { proxySession }),
    };
  });
}

export const reportRoutes = defineRoutes('reports', [
  route(REPORT_ROUTES.getPortalAudit, {
    action: async ({ caller, request }) => {
      // The organisation is the verified caller's (under a proxy, the one acted for): no header chooses it.
      const customerId = caller.customerId;
      // The trail names every site's changes and users: only for whoever sees the whole organisation
      // (corporate access, or a helpdesk proxy), not an administrator of some locations nor a corporate view.
      if ((await readAccess(caller, customerId)).scope.kind !== 'all') throw forbidden(MESSAGES.portalAuditNeedsCorporateAccess);
      const range = portalAuditRangeFrom(request.query, new Date());
      const page = pageRequestFrom(request.query, { attribute: 'pk', value: organisationAuditPartition(customerId) });
      const params = organisationAuditNewestFirst(table(), customerId, range.from.toISOString(), range.to.toISOString());
      // A cursor of another range would make DynamoDB refuse the Query (a start key outside its bounds).
      const startSortKey = page.startKey?.['sk'];
      const values = params.ExpressionAttributeValues ?? {};
      if (typeof startSortKey === 'string' && (startSortKey < String(values[':from']) || startSortKey > String(values[':to']))) throw validationError(MESSAGES.invalidCursor);
      const { items, nextCursor } = await queryPage(dynamoDocumentClient(), params, page, toAuditEntry);
      return { statusCode: 200, body: { items: await portalAuditEntries(customerId, items), ...(nextCursor ? { nextCursor } : {}) } };
    },
  }),
]);
