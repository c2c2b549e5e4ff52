import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENTITY } from '../shared/keys';
import { batchGet } from './batch';
import { gatewayKey, toGatewayRecord } from './entities/gateway';
import { listReferences } from './entities/reference';
import { sensorKey, toSensorRecord } from './entities/sensor';

/** The organisation-wide profiles the devices of some sites use. */
export interface ProfilesInUse {
  /** Named by a sensor (its alarm profile or device alarm profile) or a gateway of the sites. */
  alarmProfileIds: ReadonlySet<string>;
  /** Named by a channel of a sensor of the sites. */
  dataLoggingProfileIds: ReadonlySet<string>;
}

/**
 * The alarm and data logging profiles in use on `siteIds`: the sites' sensor and gateway
 * references (consistent Queries), then the devices themselves (one batch get each kind).
 */
export async function profilesInUseOnSites(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  siteIds: Iterable<string>,
): Promise<ProfilesInUse> {
  const sites = [...siteIds];
  const idsOf = async (kind: 'SENSOR' | 'GATEWAY') => {
    const found = await Promise.all(sites.map((id) => listReferences(client, tableName, customerId, { entity: ENTITY.site, id }, kind)));
    return [...new Set(found.flat().map((reference) => reference.id))];
  };
  const [sensorIds, gatewayIds] = await Promise.all([idsOf('SENSOR'), idsOf('GATEWAY')]);
  const [sensorItems, gatewayItems] = await Promise.all([
    sensorIds.length === 0 ? [] : batchGet(client, tableName, sensorIds.map((id) => sensorKey(tableName, customerId, id).Key)),
    gatewayIds.length === 0 ? [] : batchGet(client, tableName, gatewayIds.map((id) => gatewayKey(tableName, customerId, id).Key)),
  ]);
  const alarmProfileIds = new Set<string>();
  const dataLoggingProfileIds = new Set<string>();
  for (const item of sensorItems) {
    if (item['type'] !== ENTITY.sensor) continue;
    const sensor = toSensorRecord(item);
    for (const id of [sensor.alarmProfileId, sensor.deviceAlarmProfileId]) if (id !== undefined) alarmProfileIds.add(id);
    for (const channel of sensor.channels) dataLoggingProfileIds.add(channel.dataLoggingProfileId);
  }
  for (const item of gatewayItems) {
    if (item['type'] !== ENTITY.gateway) continue;
    const { alarmProfileId } = toGatewayRecord(item);
    if (alarmProfileId !== undefined) alarmProfileIds.add(alarmProfileId);
  }
  return { alarmProfileIds, dataLoggingProfileIds };
}
