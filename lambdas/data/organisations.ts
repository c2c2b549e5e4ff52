import { GetCommand, QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ALL_MODULES } from '@domain/organisation/modules';
import type { OrganisationCounts, OrganisationModules, OrganisationStatus, SuperadminAuditEntry } from '@domain/organisation/organisation';
import { batchGet } from './batch';
import { directoryPartition } from './device-keys';
import { accountsByName } from './entities/account';
import { alarmsByStatus } from './entities/alarm';
import { superadminAuditNewestFirst, toSuperadminAuditEntry } from './entities/superadmin-audit-entry';
import { organisationKeyParams, organisationsByName, toOrganisation, toOrganisationModules, toOrganisationSummary, type OrganisationRecord, type OrganisationSummary } from './entities/organisation';
import { nameKeyOf } from './key-parts';
import { queryAll, queryPage, type PageRequest } from './queries';
import { eachLimited } from '../shared/concurrency';
import { encodeCursor } from '../shared/pagination';
import { endAllSessions } from './sessions';

/** The organisation's status as the sign-in and the API check it (an organisation without its item is active). */
export async function organisationStatusOf(client: DynamoDBDocumentClient, tableName: string, customerId: string): Promise<OrganisationStatus> {
  const result = await client.send(new GetCommand({ ...organisationKeyParams(tableName, customerId), ConsistentRead: true }));
  return result.Item?.['status'] === 'disabled' ? 'disabled' : 'active';
}

/** The organisation's name and customer group (one eventually consistent GetItem). */
export async function organisationSummaryOf(client: DynamoDBDocumentClient, tableName: string, customerId: string): Promise<OrganisationSummary> {
  const result = await client.send(new GetCommand(organisationKeyParams(tableName, customerId)));
  return toOrganisationSummary(customerId, result.Item);
}

/**
 * The organisation's modules as the API checks them on each call of a module's route: its
 * flags alone (a projection of the small item, eventually consistent: a flag the
 * super-administrator just changed holds within a second). An organisation without its item
 * has every module (ALL_MODULES).
 */
export async function organisationModulesOf(client: DynamoDBDocumentClient, tableName: string, customerId: string): Promise<OrganisationModules> {
  const result = await client.send(new GetCommand({ ...organisationKeyParams(tableName, customerId), ProjectionExpression: 'modules' }));
  return result.Item === undefined ? ALL_MODULES : toOrganisationModules(result.Item);
}

/**
 * A page of organisations by name, those whose name holds `search` when given (the
 * super-administrator's list and the helpdesk's).
 */
export async function organisationsPage(
  client: DynamoDBDocumentClient,
  tableName: string,
  page: PageRequest,
  search: string | undefined,
): Promise<{ records: OrganisationRecord[]; nextCursor?: string }> {
  const query = organisationsByName(tableName);
  const searchKey = search === undefined || search.trim() === '' ? undefined : nameKeyOf(search);
  const records: OrganisationRecord[] = [];
  let startKey = page.startKey;
  // A search can leave a page short: read on until the page is full or the list ends.
  do {
    const result = await client.send(new QueryCommand({
      ...query,
      ...(searchKey === undefined ? {} : {
        FilterExpression: 'contains(#nameKey, :search)',
        ExpressionAttributeNames: { ...query.ExpressionAttributeNames, '#nameKey': 'nameKey' },
        ExpressionAttributeValues: { ...query.ExpressionAttributeValues, ':search': searchKey },
      }),
      Limit: page.limit - records.length,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }));
    records.push(...(result.Items ?? []).map(toOrganisation));
    startKey = result.LastEvaluatedKey;
  } while (startKey !== undefined && records.length < page.limit);
  const nextCursor = encodeCursor(startKey);
  return { records, ...(nextCursor ? { nextCursor } : {}) };
}

/**
 * The names of these organisations (those whose item exists), in one BatchGetItem of their
 * ids and names alone: what a list that names organisations needs, without their counts.
 */
export async function organisationNames(client: DynamoDBDocumentClient, tableName: string, customerIds: Iterable<string>): Promise<Map<string, string>> {
  const ids = [...new Set(customerIds)].filter((id) => id !== '');
  if (ids.length === 0) return new Map();
  const items = await batchGet(client, tableName, ids.map((id) => organisationKeyParams(tableName, id).Key), {
    consistent: false, projection: 'customerId, #name', projectionNames: { '#name': 'name' },
  });
  const names = new Map<string, string>();
  for (const item of items) {
    if (typeof item['customerId'] === 'string' && typeof item['name'] === 'string') names.set(item['customerId'], item['name']);
  }
  return names;
}

/** The organisation an entry of the super-administrators' trail is about: its target, or the user's organisation its copy keeps. */
function organisationOfAuditEntry(entry: SuperadminAuditEntry): string | undefined {
  if (entry.targetType === 'ORGANISATION') return entry.targetId;
  const customerId = entry.after?.['customerId'] ?? entry.before?.['customerId'];
  return typeof customerId === 'string' ? customerId : undefined;
}

/**
 * A page of the super-administrators' trail, newest first, each entry with its organisation's
 * name as it is now (a discarded organisation's entry has none: its own copy names it).
 */
export async function superadminAuditPage(client: DynamoDBDocumentClient, tableName: string, page: PageRequest): Promise<{ items: SuperadminAuditEntry[]; nextCursor?: string }> {
  const { items, nextCursor } = await queryPage(client, superadminAuditNewestFirst(tableName), page, toSuperadminAuditEntry);
  const names = await organisationNames(client, tableName, items.map(organisationOfAuditEntry).filter((id) => id !== undefined));
  const named = items.map((entry) => {
    const organisationName = names.get(organisationOfAuditEntry(entry) ?? '');
    return organisationName === undefined ? entry : { ...entry, organisationName };
  });
  return { items: named, ...(nextCursor ? { nextCursor } : {}) };
}

/** How many items a Query finds, read with `Select: COUNT` (no item is sent back), page by page. */
async function countOf(client: DynamoDBDocumentClient, params: Omit<QueryCommandInput, 'Select' | 'ExclusiveStartKey'>): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await client.send(new QueryCommand({ ...params, Select: 'COUNT', ...(startKey ? { ExclusiveStartKey: startKey } : {}) }));
    count += result.Count ?? 0;
    startKey = result.LastEvaluatedKey;
  } while (startKey !== undefined);
  return count;
}

/**
 * The records of one entity in the organisation's partition: the configuration items (which
 * carry the by-name index's keys), not their state or alarm items beside them.
 */
const recordsOf = (tableName: string, customerId: string, entity: 'SITE' | 'SENSOR' | 'GATEWAY') => ({
  TableName: tableName,
  KeyConditionExpression: 'pk = :pk',
  FilterExpression: 'attribute_exists(gsi1pk)',
  ExpressionAttributeValues: { ':pk': directoryPartition(customerId, entity) },
});

/**
 * The organisation's sites, users (not superadmin accounts, as every user list), sensors,
 * gateways and active alarms, counted by Queries with `Select: COUNT`: five small reads an organisation, no
 * counter for every store to keep (the super-administrator's list shows a page at a time).
 */
export async function organisationCounts(client: DynamoDBDocumentClient, tableName: string, customerId: string): Promise<OrganisationCounts> {
  const users = accountsByName(tableName, customerId);
  const [sites, userCount, sensors, gateways, activeAlarms] = await Promise.all([
    countOf(client, recordsOf(tableName, customerId, 'SITE')),
    countOf(client, {
      ...users,
      FilterExpression: '#role <> :superadmin',
      ExpressionAttributeNames: { ...users.ExpressionAttributeNames, '#role': 'role' },
      ExpressionAttributeValues: { ...users.ExpressionAttributeValues, ':superadmin': 'superadmin' },
    }),
    countOf(client, recordsOf(tableName, customerId, 'SENSOR')),
    countOf(client, recordsOf(tableName, customerId, 'GATEWAY')),
    countOf(client, alarmsByStatus(tableName, customerId, 'active')),
  ]);
  return { sites, users: userCount, sensors, gateways, activeAlarms };
}

/**
 * Ends every live session of every user of the organisation (it was disabled): their tokens
 * are refused from now on with the reason, so the API says why. A super-administrator's
 * account kept in the organisation is not its user: the sign-in lets them in, so their sessions
 * stay (the one disabling it keeps working). Returns how many ended.
 */
export async function endOrganisationSessions(client: DynamoDBDocumentClient, tableName: string, customerId: string, now: Date): Promise<number> {
  const accounts = await queryAll(client, accountsByName(tableName, customerId), (item) => ({ accountId: String(item['accountId']), role: item['role'] }));
  const users = accounts.filter(({ role }) => role !== 'superadmin');
  // Several users at a time: one by one, an organisation of thousands would outlast the API's
  // 29 seconds; all at once, it would be a burst of thousands of reads.
  const counts = await eachLimited(users, SESSION_ENDING_CONCURRENCY,
    ({ accountId }) => endAllSessions(client, tableName, customerId, accountId, now, undefined, 'organisationDisabled'));
  return counts.reduce((sum, count) => sum + count, 0);
}

/** How many users' sessions a disabled organisation ends at once. */
export const SESSION_ENDING_CONCURRENCY = 10;
