import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENTITY } from './entities/audit-entry';
import { gatewayKey } from './entities/gateway';
import { sensorPartition } from './entities/sensor';
import { queryAll } from './queries';

/** The organisation-wide profiles some devices use. */
export interface ProfilesInUse {
  /** Named by a sensor (its alarm profile or device alarm profile) or a gateway. */
  alarmProfileIds: ReadonlySet<string>;
  /** Named by a channel of a sensor. */
  dataLoggingProfileIds: ReadonlySet<string>;
}

/** The profiles in use on some sites, and in use anywhere in the organisation. */
export interface ProfileUsage {
  onSites: ProfilesInUse;
  anywhere: ProfilesInUse;
}

type Item = Record<string, unknown>;

/** Only what tells which profiles a device uses, and where (`type` tells the device's item from its state's and notes'). */
const USAGE_PROJECTION = {
  ProjectionExpression: '#type, #siteId, #alarmProfileId, #deviceAlarmProfileId, #channels',
  ExpressionAttributeNames: { '#type': 'type', '#siteId': 'siteId', '#alarmProfileId': 'alarmProfileId', '#deviceAlarmProfileId': 'deviceAlarmProfileId', '#channels': 'channels' },
};

/** Every item of a device partition, projected to its usage: one consistent Query, paged. */
const usageItems = (client: DynamoDBDocumentClient, tableName: string, pk: string): Promise<Item[]> =>
  queryAll(client, { TableName: tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ...USAGE_PROJECTION, ConsistentRead: true }, (item) => item);

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * The alarm and data logging profiles in use on `siteIds` and in use anywhere in the
 * organisation: the organisation's sensors and gateways (one Query of each partition, paged,
 * projected to the profiles they name). The profiles' own use counts leave out a sensor's
 * device alarm profile, so the devices are read instead.
 */
export async function profileUsage(client: DynamoDBDocumentClient, tableName: string, customerId: string, siteIds: ReadonlySet<string>): Promise<ProfileUsage> {
  const [sensorItems, gatewayItems] = await Promise.all([
    usageItems(client, tableName, sensorPartition(customerId)),
    usageItems(client, tableName, String(gatewayKey(tableName, customerId, '-').Key['pk'])),
  ]);
  const onSites = { alarmProfileIds: new Set<string>(), dataLoggingProfileIds: new Set<string>() };
  const anywhere = { alarmProfileIds: new Set<string>(), dataLoggingProfileIds: new Set<string>() };
  const use = (item: Item, alarmProfileIds: Array<string | undefined>, dataLoggingProfileIds: Array<string | undefined>) => {
    const siteId = text(item['siteId']);
    for (const usage of siteId !== undefined && siteIds.has(siteId) ? [onSites, anywhere] : [anywhere]) {
      for (const id of alarmProfileIds) if (id !== undefined) usage.alarmProfileIds.add(id);
      for (const id of dataLoggingProfileIds) if (id !== undefined) usage.dataLoggingProfileIds.add(id);
    }
  };
  for (const item of sensorItems) {
    if (item['type'] !== ENTITY.sensor) continue;
    const channels = Array.isArray(item['channels']) ? (item['channels'] as Item[]) : [];
    use(item, [text(item['alarmProfileId']), text(item['deviceAlarmProfileId'])], channels.map((channel) => text(channel['dataLoggingProfileId'])));
  }
  for (const item of gatewayItems) {
    if (item['type'] === ENTITY.gateway) use(item, [text(item['alarmProfileId'])], []);
  }
  return { onSites, anywhere };
}
