import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { namedReferenceKey, namesFor, referencesOf, type NamedKind, type NamedReference, type RecordNames, type HistoryEntry } from '@domain/core/readable-changes';
import {
  alarmProfileKey,
  batchGet,
  dataLoggingProfileKey,
  departmentKey,
  divisionKey,
  gatewayKey,
  locationKey,
  notificationGroupKey,
  siteKey,
  type KeyParams,
} from './';
import type { AuditEntry } from './audit';

/** Each kind's key of one organisation's record. */
const KEY_OF: Record<NamedKind, (tableName: string, customerId: string, id: string) => KeyParams> = {
  location: locationKey,
  site: siteKey,
  gateway: gatewayKey,
  alarmProfile: alarmProfileKey,
  notificationGroup: notificationGroupKey,
  dataLoggingProfile: dataLoggingProfileKey,
  department: departmentKey,
  division: divisionKey,
};

const keyText = (key: Record<string, unknown>) => `${String(key['pk'])}|${String(key['sk'])}`;

/**
 * The names of the organisation's records these references name, in one batch get; a record
 * deleted since has none. The reader already sees the entry that names them, so its names are
 * theirs to read.
 */
export async function readRecordNames(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  references: readonly NamedReference[],
): Promise<RecordNames> {
  const referenceByKey = new Map<string, NamedReference>();
  for (const reference of references) referenceByKey.set(keyText(KEY_OF[reference.kind](tableName, customerId, reference.id).Key), reference);
  if (referenceByKey.size === 0) return {};
  const keys = [...referenceByKey.keys()].map((text) => {
    const reference = referenceByKey.get(text) as NamedReference;
    return KEY_OF[reference.kind](tableName, customerId, reference.id).Key;
  });
  // Eventually consistent: a name a moment old reads as well, at half the cost.
  const items = await batchGet(client, tableName, keys, { consistent: false });
  const names: RecordNames = {};
  for (const item of items) {
    const reference = referenceByKey.get(keyText(item));
    if (reference !== undefined && typeof item['name'] === 'string') names[namedReferenceKey(reference)] = item['name'];
  }
  return names;
}

/** Fields whose values are never sent, whatever entity they are met on (a store's mistake stays in the table). */
const SECRET_FIELD = /password|secret|token|hash|otp/i;

/** A page of audit entries as the history tabs and the Portal Audit take them: each with the names of the records its changes name. */
export async function historyEntriesWithNames(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  entries: readonly AuditEntry[],
): Promise<HistoryEntry[]> {
  const referencesByEntry = entries.map((entry) => referencesOf(entry.entityType, entry.changes));
  const names = await readRecordNames(client, tableName, customerId, referencesByEntry.flat());
  return entries.map(({ id, at, actor, action, changes, proxy }, index) => {
    const own = namesFor(referencesByEntry[index] ?? [], names);
    return {
      id, at, actor, action, changes: changes.filter((change) => !SECRET_FIELD.test(change.field)), ...(Object.keys(own).length === 0 ? {} : { names: own }),
      ...(proxy === undefined ? {} : { proxy: { actorEmail: proxy.actorEmail, sessionId: proxy.sessionId } }),
    };
  });
}
