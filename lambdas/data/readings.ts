import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { liveStateWithReading, type NewestReading, type StoredLiveState } from '@domain/telemetry/telemetry-state';
import { readingPartition } from '../shared/keys';

/**
 * A sensor's newest reading (docs/data-model.md "Device data"): the access pattern every reader
 * of live state uses, since the ingest no longer rewrites the state item for each reading
 * (docs/decisions.md "2026-11-25, a reading costs one write"). One newest-first Query with
 * Limit 1 of the sensor's reading partition (`C#<cid>#READING#<id>`, sort key the reading's
 * time); for many sensors, NEWEST_READING_QUERIES at a time.
 */

/** Newest-reading Queries in flight at once, whatever the number of sensors asked for. */
export const NEWEST_READING_QUERIES = 16;

export interface NewestReadingOptions {
  /** Strongly consistent (default): a reading just stored shows at once. */
  consistent?: boolean;
  /** Called with what each Query consumed (asked for only when this is given). */
  onConsumed?: (consumed: ConsumedCapacity) => void;
}

const finite = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** The one decoder of a reading item as the live state takes it; undefined for an item that is not one. */
export function toNewestReading(item: Record<string, unknown> | undefined): NewestReading | undefined {
  const time = item?.['sk'];
  // A reading's sort key is its ISO time: anything else is not a reading.
  if (item === undefined || typeof time !== 'string' || Number.isNaN(Date.parse(time))) return undefined;
  const channels = item['channels'];
  const reading: NewestReading = {
    time,
    channels: typeof channels === 'object' && channels !== null && !Array.isArray(channels)
      ? Object.fromEntries(Object.entries(channels).map(([channel, value]) => [channel, finite(value) ?? null]))
      : {},
    receivedAt: typeof item['receivedAt'] === 'string' ? item['receivedAt'] : time,
  };
  for (const field of ['battery', 'signal', 'snr'] as const) {
    const value = finite(item[field]);
    if (value !== undefined) reading[field] = value;
  }
  return reading;
}

/** One sensor's newest stored reading, or undefined when it has none. */
export async function newestReading(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  sensorId: string,
  options: NewestReadingOptions = {},
): Promise<NewestReading | undefined> {
  const result = await client.send(new QueryCommand({
    TableName: tableName,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': readingPartition(customerId, sensorId) },
    ScanIndexForward: false,
    Limit: 1,
    ConsistentRead: options.consistent ?? true,
    ...(options.onConsumed === undefined ? {} : { ReturnConsumedCapacity: 'TOTAL' as const }),
  }));
  if (options.onConsumed !== undefined && result.ConsumedCapacity !== undefined) options.onConsumed(result.ConsumedCapacity);
  return toNewestReading(result.Items?.[0]);
}

/** These sensors' newest readings, by id (sensors without one are absent); NEWEST_READING_QUERIES Queries at a time. */
export async function newestReadings(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  sensorIds: Iterable<string>,
  options: NewestReadingOptions = {},
): Promise<Map<string, NewestReading>> {
  const ids = [...new Set(sensorIds)];
  const found = new Map<string, NewestReading>();
  let next = 0;
  const worker = async () => {
    for (let id = ids[next++]; id !== undefined; id = ids[next++]) {
      const reading = await newestReading(client, tableName, customerId, id, options);
      if (reading !== undefined) found.set(id, reading);
    }
  };
  await Promise.all(Array.from({ length: Math.min(NEWEST_READING_QUERIES, ids.length) }, worker));
  return found;
}

/**
 * Sensors' live states as the API shows them: each stored state item (or undefined) with the
 * sensor's newest reading on top when it is newer (`liveStateWithReading`). One Query per sensor.
 */
export async function sensorLiveStates<S extends StoredLiveState>(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  stored: ReadonlyMap<string, S | undefined>,
): Promise<Map<string, StoredLiveState | undefined>> {
  const newest = await newestReadings(client, tableName, customerId, stored.keys());
  return new Map([...stored].map(([id, state]) => [id, liveStateWithReading(state, newest.get(id))]));
}
