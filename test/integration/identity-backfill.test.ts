import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { blockKey, blockRollups } from '@domain/telemetry/rollups';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_ORGANISATION } from '../../local/demo';
import { identityClient, LOCAL_REGION } from '../../local/identity';
import { seedDemo } from '../../local/seed';
import { ensureTable } from '../../local/table';
import { deadLetterItem, rollupBlockItem } from '../../lambdas/data/repositories/ingest';
import { migrationProgressKey } from '../../lambdas/data/entities/migration-progress';
import { readingItem } from '../../lambdas/data/readings';
import { IDENTITY_BACKFILL, runIdentityBackfill } from '../../lambdas/data/migrations/identity-backfill';
import { IDENTITY_ATTRIBUTES, recogniseEntity } from '../../lambdas/data/migrations/recognise';

/**
 * The identity backfill (lambdas/data/migrations/) over the stack's DynamoDB Local, on a table of
 * the test's own written by today's code: the demo seed (local/seed.ts: the data layer's put
 * parameters and the stores) and what the ingest keys by hand (readings, a rollup block, a dead
 * letter). Every item then loses its identity attributes, as items written before the data
 * layer never had them; the backfill must give each the very identity ElectroDB wrote on it,
 * change nothing else, leave what no entity fits alone, resume where a stopped run stood, and
 * change nothing the second time.
 */
const stack = inject('stack');
const base = new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials });
const documents = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
const tableName = `identity-backfill-${randomUUID().slice(0, 8)}`;
const table = { client: documents, tableName };

type Item = Record<string, unknown>;
const keyOf = (item: Item) => `${String(item['pk'])}\u0000${String(item['sk'])}`;
const isProgress = (item: Item) => String(item['pk']).startsWith(`SYSTEM#MIGRATION#${IDENTITY_BACKFILL}`);
const withoutIdentity = (item: Item): Item => {
  const { [IDENTITY_ATTRIBUTES.entity]: _entity, [IDENTITY_ATTRIBUTES.version]: _version, ...rest } = item;
  return rest;
};

async function scanAll(): Promise<Map<string, Item>> {
  const items = new Map<string, Item>();
  let startKey: Item | undefined;
  do {
    const page = await documents.send(new ScanCommand({ TableName: tableName, ConsistentRead: true, ...(startKey ? { ExclusiveStartKey: startKey } : {}) }));
    for (const item of (page.Items ?? []) as Item[]) if (!isProgress(item)) items.set(keyOf(item), item);
    startKey = page.LastEvaluatedKey;
  } while (startKey !== undefined);
  return items;
}

describe('the identity backfill (ElectroDB identity attributes on items stored without them)', () => {
  /** Every item as today's code wrote it. */
  let written: Map<string, Item>;

  beforeAll(async () => {
    await ensureTable(base, tableName, { stream: false });
    const cognito = identityClient(stack.identityEndpoint, stack.credentials);
    try {
      // The demo's users are in the stack's user pool already: the seed finds them and writes the organisation's items.
      await seedDemo(documents, tableName, cognito, stack.userPoolId);
    } finally {
      cognito.destroy();
    }
    // And what the ingest writes, keyed by hand: readings, a rollup block, a dead letter.
    const customerId = DEMO_ORGANISATION.customerId;
    const sensorId = 'BACKFILL01';
    const times = [0, 5, 10].map((minute) => new Date(Date.UTC(2026, 10, 2, 9, minute)).toISOString());
    const readings = times.map((time) => ({ time, channels: { '1': 3.5 }, receivedAt: time, sourceDeviceId: sensorId }));
    const block = blockKey(times[0] ?? '');
    const handKeyed = [
      ...readings.map((reading) => readingItem(customerId, sensorId, reading)),
      rollupBlockItem(customerId, sensorId, block, blockRollups(block, readings), times[2] ?? ''),
      deadLetterItem(customerId, { receivedAt: times[1] ?? '', messageId: 'm-1', part: 'message', reason: 'not JSON', kind: 'readings', sourceDeviceId: sensorId, payload: '{' }),
    ];
    for (const item of handKeyed) await documents.send(new PutCommand({ TableName: tableName, Item: item }));
    written = await scanAll();
    // Prepare: no item has an identity any more.
    for (const item of written.values()) {
      await documents.send(new UpdateCommand({
        TableName: tableName, Key: { pk: item['pk'], sk: item['sk'] },
        UpdateExpression: 'REMOVE #entity, #version',
        ExpressionAttributeNames: { '#entity': IDENTITY_ATTRIBUTES.entity, '#version': IDENTITY_ATTRIBUTES.version },
      }));
    }
  }, 240_000);

  afterAll(async () => {
    await base.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
    documents.destroy();
  });

  it('stopped after a few pages, resumes where each segment stood; each recognised item gets the identity ElectroDB wrote, nothing else changes; a rescan changes nothing', async () => {
    const withIdentity = [...written.values()].filter((item) => item[IDENTITY_ATTRIBUTES.entity] !== undefined);
    // The seed writes most items through the entities, and some by hand (readings at least): both kinds are here.
    expect(withIdentity.length).toBeGreaterThan(20);
    expect(written.size - withIdentity.length).toBeGreaterThan(0);

    // Act 1: a run stopped once 3 pages are done (every segment stops at its next page's end).
    let pages = 0;
    const stop = new Error('stopped');
    await expect(runIdentityBackfill(table, {
      segments: 3,
      pageSize: 10,
      onPage: () => {
        pages += 1;
        if (pages >= 3) throw stop;
      },
    })).rejects.toBe(stop);
    const halfway = await scanAll();
    const markedHalfway = [...halfway.values()].filter((item) => item[IDENTITY_ATTRIBUTES.entity] !== undefined).length;
    expect(markedHalfway).toBeGreaterThan(0);
    expect(markedHalfway).toBeLessThan(withIdentity.length);

    // Act 2: the next run goes on from each segment's last finished page (its own client counts what its Scans read).
    let resumedScanned = 0;
    const counting = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }));
    counting.middlewareStack.add((next, context) => async (args) => {
      const result = await next(args);
      if (context.commandName === 'ScanCommand') resumedScanned += (result.output as { Count?: number }).Count ?? 0;
      return result;
    }, { step: 'initialize' });
    const resumed = await runIdentityBackfill({ client: counting, tableName }, { segments: 7, pageSize: 10 });
    counting.destroy();
    // Assess: every item as written, the identity included where the entities wrote one.
    const after = await scanAll();
    expect([...after.keys()].sort()).toEqual([...written.keys()].sort());
    const identityOf = (item: Item) => `${String(item[IDENTITY_ATTRIBUTES.entity])}/${String(item[IDENTITY_ATTRIBUTES.version])}`;
    const changed = [...written].filter(([key, item]) => !isDeepStrictEqual(withoutIdentity(after.get(key) ?? {}), withoutIdentity(item)));
    expect(changed.map(([key]) => key)).toEqual([]);
    const misidentified = withIdentity
      .filter((item) => identityOf(after.get(keyOf(item)) ?? {}) !== identityOf(item))
      .map((item) => ({ key: keyOf(item), wrote: identityOf(item), gave: identityOf(after.get(keyOf(item)) ?? {}), recognition: recogniseEntity(withoutIdentity(item)) }));
    expect(misidentified).toEqual([]);
    expect(resumed.ran).toBe(true);
    const unmarked = [...after.values()].filter((item) => item[IDENTITY_ATTRIBUTES.entity] === undefined);
    expect(resumed.unrecognised).toBe(unmarked.length);
    // The run's counts include those of its stopped attempt.
    expect(resumed.marked).toBe(after.size - unmarked.length);
    // What no entity fits is what the data layer still keys by hand, counted by kind.
    expect(Object.values(resumed.unrecognisedByKind).reduce((sum, count) => sum + count, 0)).toBe(unmarked.length);
    expect(resumed.unrecognisedByKind).toEqual({ READING: 3, ROLLUP: 1, DEADLETTER: 1 });
    // The resumed run kept the stopped run's 3 segments (not the 7 asked) and did not scan the table from the start.
    const run = await documents.send(new GetCommand({ ...migrationProgressKey(tableName, IDENTITY_BACKFILL, 'run'), ConsistentRead: true }));
    expect(run.Item).toMatchObject({ segments: 3, done: true });
    expect(resumed.scanned).toBe(after.size);
    expect(resumedScanned).toBeGreaterThan(0);
    // At least the stopped run's 3 finished pages of 10 are not read again (the 4 progress items are read besides).
    expect(resumedScanned).toBeLessThanOrEqual(after.size + 4 - 3 * 10);

    // Act 3: finished, a run is one GetItem; started over, it scans everything and changes nothing.
    expect(await runIdentityBackfill(table)).toMatchObject({ ran: false, marked: resumed.marked });
    const again = await runIdentityBackfill(table, { startOver: true });
    expect(again).toMatchObject({ ran: true, marked: 0, skipped: 0, unrecognised: unmarked.length, alreadyMarked: after.size - unmarked.length });
    expect(await scanAll()).toEqual(after);
  });
});
