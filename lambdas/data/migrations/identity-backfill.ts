import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { eachLimited } from '../../shared/concurrency';
import { migrationProgressKey, migrationProgressPut, migrationProgressQuery, toMigrationProgress, type MigrationProgressRecord } from '../entities/migration-progress';
import { queryAll } from '../queries';
import type { DataTable } from '../table';
import { IDENTITY_ATTRIBUTES, itemKind, recogniseEntity } from './recognise';

/**
 * The identity backfill (issue 33 §2): gives every item written before the data layer (or by
 * code that still keys items by hand) ElectroDB's identity attributes, `__edb_e__` and
 * `__edb_v__`, so entities can run their own reads (`.go()`) without `ignoreOwnership`.
 *
 * - One Scan in parallel segments; each item without the attributes is matched to its entity
 *   by its keys (`recogniseEntity`) and gets them with a conditional UpdateItem that sets those
 *   two attributes only, and only while the item exists and still lacks them. An item no
 *   entity fits (readings, rollups, dead letters: keyed by hand) is never touched: it is
 *   counted, by kind.
 * - Resumable: each segment's progress (the last evaluated key of its last finished page) is a
 *   system item (entities/migration-progress.ts), so a run stopped anywhere goes on from there;
 *   a page cut short is scanned again, its items already marked now left as they are.
 * - Idempotent: a second run changes nothing. Once finished, a run is known from one GetItem,
 *   which is all a local start costs afterwards (`startOver` scans again).
 */
export const IDENTITY_BACKFILL = 'identity-backfill';

export interface BackfillCounts {
  /** Items the Scan read, but for the migration's own (a page cut short by a stop is read again at the resume). */
  scanned: number;
  /** Items given their identity attributes by this run. */
  marked: number;
  /** Items that had them already (written by the entities, or marked by an earlier run). */
  alreadyMarked: number;
  /** Items no entity fits, or several do: left as they are. */
  unrecognised: number;
  /** Items changed or deleted between the Scan and their update (their condition failed): left as they are. */
  skipped: number;
}

export interface BackfillResult extends BackfillCounts {
  /** False when nothing was done because an earlier run had finished. */
  ran: boolean;
  /** The unrecognised items by kind (`itemKind`: READING, ROLLUP, ...), for the report. */
  unrecognisedByKind: Record<string, number>;
}

export interface BackfillOptions {
  /** Scan segments of a new run (a resumed run keeps its own); default 4. */
  segments?: number;
  /** Items a Scan page reads; default 500. */
  pageSize?: number;
  /** Updates in flight at once per segment; default 8. */
  updatesInFlight?: number;
  /** Forget a finished (or half-done) run and scan the whole table again. */
  startOver?: boolean;
  /** After each page (tests stop a run here by throwing). */
  onPage?: (segment: number, counts: BackfillCounts) => void | Promise<void>;
  now?: () => Date;
}

const RUN = 'run';
const PROGRESS_PARTITION = String(migrationProgressKey('-', IDENTITY_BACKFILL, RUN).Key['pk']);
const segmentPart = (segment: number) => `segment-${segment}`;
const zero = (): BackfillCounts => ({ scanned: 0, marked: 0, alreadyMarked: 0, unrecognised: 0, skipped: 0 });
const COUNT_NAMES = Object.keys(zero()) as (keyof BackfillCounts)[];

function countsOf(stored: Record<string, number>): { counts: BackfillCounts; byKind: Record<string, number> } {
  const counts = zero();
  const byKind: Record<string, number> = {};
  for (const [name, value] of Object.entries(stored)) {
    if ((COUNT_NAMES as string[]).includes(name)) counts[name as keyof BackfillCounts] = value;
    else if (name.startsWith('kind:')) byKind[name.slice('kind:'.length)] = value;
  }
  return { counts, byKind };
}

const storedCounts = (counts: BackfillCounts, byKind: Record<string, number>): Record<string, number> =>
  ({ ...counts, ...Object.fromEntries(Object.entries(byKind).map(([kind, value]) => [`kind:${kind}`, value])) });

export async function runIdentityBackfill(table: DataTable, options: BackfillOptions = {}): Promise<BackfillResult> {
  const { client, tableName } = table;
  const now = () => (options.now?.() ?? new Date()).toISOString();
  if (options.startOver === true) {
    const parts = await queryAll(client, migrationProgressQuery(tableName, IDENTITY_BACKFILL), toMigrationProgress);
    for (const part of parts) await client.send(new DeleteCommand(migrationProgressKey(tableName, IDENTITY_BACKFILL, part.part)));
  }
  const runItem = (await client.send(new GetCommand({ ...migrationProgressKey(tableName, IDENTITY_BACKFILL, RUN), ConsistentRead: true }))).Item;
  const existing = runItem === undefined ? undefined : toMigrationProgress(runItem);
  if (existing?.done === true) return { ...countsOf(existing.counts).counts, ran: false, unrecognisedByKind: countsOf(existing.counts).byKind };
  const startedAt = existing?.startedAt ?? now();
  const segments = existing?.segments ?? Math.max(1, options.segments ?? 4);
  if (existing === undefined) {
    await client.send(new PutCommand(migrationProgressPut(tableName, { migration: IDENTITY_BACKFILL, part: RUN, segments, done: false, counts: {}, startedAt, updatedAt: startedAt })));
  }

  // Every segment ends (finished, or stopped at a page's end) before the run answers, so a stopped run leaves no work behind.
  const settled = await Promise.allSettled(Array.from({ length: segments }, (_, segment) => backfillSegment(table, segment, segments, startedAt, options, now)));
  const failure = settled.find((outcome) => outcome.status === 'rejected');
  if (failure !== undefined) throw failure.reason instanceof Error ? failure.reason : new Error(String(failure.reason));
  const results = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const total = zero();
  const byKind: Record<string, number> = {};
  for (const result of results) {
    for (const name of COUNT_NAMES) total[name] += result.counts[name];
    for (const [kind, value] of Object.entries(result.byKind)) byKind[kind] = (byKind[kind] ?? 0) + value;
  }
  await client.send(new PutCommand(migrationProgressPut(tableName, {
    migration: IDENTITY_BACKFILL, part: RUN, segments, done: true, counts: storedCounts(total, byKind), startedAt, updatedAt: now(),
  })));
  return { ...total, ran: true, unrecognisedByKind: byKind };
}

/** One Scan segment, from where it stood; its counts include those of the run's earlier attempts. */
async function backfillSegment(
  table: DataTable,
  segment: number,
  segments: number,
  startedAt: string,
  options: BackfillOptions,
  now: () => string,
): Promise<{ counts: BackfillCounts; byKind: Record<string, number> }> {
  const { client, tableName } = table;
  const part = segmentPart(segment);
  const stored = (await client.send(new GetCommand({ ...migrationProgressKey(tableName, IDENTITY_BACKFILL, part), ConsistentRead: true }))).Item;
  const progress: MigrationProgressRecord = stored === undefined
    ? { migration: IDENTITY_BACKFILL, part, done: false, counts: {}, startedAt, updatedAt: startedAt }
    : toMigrationProgress(stored);
  const { counts, byKind } = countsOf(progress.counts);
  if (progress.done) return { counts, byKind };
  let startKey = progress.lastKey;
  do {
    const page = await client.send(new ScanCommand({
      TableName: tableName,
      Segment: segment,
      TotalSegments: segments,
      Limit: options.pageSize ?? 500,
      ...(startKey === undefined ? {} : { ExclusiveStartKey: startKey }),
    }));
    // The migration's own progress items are not counted.
    const items = ((page.Items ?? []) as Record<string, unknown>[]).filter((item) => !String(item['pk']).startsWith(PROGRESS_PARTITION));
    counts.scanned += items.length;
    await eachLimited(items, options.updatesInFlight ?? 8, async (item) => {
      if (item[IDENTITY_ATTRIBUTES.entity] !== undefined || item[IDENTITY_ATTRIBUTES.version] !== undefined) {
        counts.alreadyMarked += 1;
        return;
      }
      const recognition = recogniseEntity(item);
      if (!('found' in recognition)) {
        counts.unrecognised += 1;
        const kind = itemKind(item);
        byKind[kind] = (byKind[kind] ?? 0) + 1;
        return;
      }
      counts[await markIdentity(table, item, recognition.found)] += 1;
    });
    startKey = page.LastEvaluatedKey;
    const { lastKey: _previous, ...unchanged } = progress;
    await client.send(new PutCommand(migrationProgressPut(tableName, {
      ...unchanged, done: startKey === undefined, counts: storedCounts(counts, byKind), updatedAt: now(),
      ...(startKey === undefined ? {} : { lastKey: startKey }),
    })));
    await options.onPage?.(segment, { ...counts });
  } while (startKey !== undefined);
  return { counts, byKind };
}

/** Sets the two identity attributes and nothing else, only while the item is there and still has neither. */
async function markIdentity(table: DataTable, item: Record<string, unknown>, identity: { entity: string; version: string }): Promise<'marked' | 'skipped'> {
  try {
    await table.client.send(new UpdateCommand({
      TableName: table.tableName,
      Key: { pk: item['pk'], sk: item['sk'] },
      UpdateExpression: 'SET #entity = :entity, #version = :version',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#entity) AND attribute_not_exists(#version)',
      ExpressionAttributeNames: { '#entity': IDENTITY_ATTRIBUTES.entity, '#version': IDENTITY_ATTRIBUTES.version },
      ExpressionAttributeValues: { ':entity': identity.entity, ':version': identity.version },
    }));
    return 'marked';
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return 'skipped';
    throw error;
  }
}
