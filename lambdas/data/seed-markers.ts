import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { seedMarkerKey as markerKey } from './entities/seed-marker';

/**
 * Local only: the markers the demo's seeds leave under the organisation's `SEED` partition
 * (local/demo-devices.ts: `DEVICES`, `ALARMPROFILES`, `NOTIFICATIONGROUPS`), so each seed runs
 * once per data folder. Plain items, as the seeds have always written them, keyed by the seed marker entity.
 */

/** The marker of this kind, read consistently; undefined before its seed ran. */
export async function readSeedMarker(client: DynamoDBDocumentClient, tableName: string, customerId: string, kind: string): Promise<Record<string, unknown> | undefined> {
  const result = await client.send(new GetCommand({ TableName: tableName, Key: markerKey(customerId, kind), ConsistentRead: true }));
  return result.Item;
}

/** Writes the marker unless one is there already (two starts seeding at once: the first marker stands). */
export async function putSeedMarker(client: DynamoDBDocumentClient, tableName: string, customerId: string, kind: string, fields: Record<string, unknown>): Promise<void> {
  try {
    await client.send(new PutCommand({ TableName: tableName, Item: { ...markerKey(customerId, kind), ...fields }, ConditionExpression: 'attribute_not_exists(pk)' }));
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
