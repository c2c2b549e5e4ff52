import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { StoredLiveState } from '@domain/telemetry/telemetry-state';
import { alarmProfileKey, toAlarmProfile, type AlarmProfileRecord } from './entities/alarm-profile';
import { gatewayKey, toGatewayRecord, type GatewayRecord } from './entities/gateway';
import { toGatewayState, type GatewayStateRecord } from './entities/gateway-state';
import { sensorPartition, toSensorRecord, type SensorRecord } from './entities/sensor';
import { toSensorState } from './entities/sensor-state';
import { batchGet } from './batch';
import { READING_VALUES_PROJECTION, readingPartition, readingRowOf, sensorLiveStates } from './readings';

/**
 * The organisation's fleet read whole, for the dashboard (issue 13 section 3): its sensors and
 * gateways with their live states, and a sensor's channel values over a period. Every read is
 * bounded: a fleet read stops at `max` devices and says so, a readings read at `limit` values.
 */

type Item = Record<string, unknown>;

export interface FleetRead<T> {
  devices: T[];
  /** The organisation has more than `max`: the devices are the first ones (by id). */
  truncated: boolean;
}

const SENSOR_CONFIG = /^SENSOR#[A-Z0-9]+$/;
const GATEWAY_CONFIG = /^GATEWAY#[^#]+$/;

/**
 * Each configuration item of a device partition with its state item (`<ENTITY>#<id>#STATE`,
 * which sorts right after it), up to `max` devices: one Query of the partition, paged.
 */
async function devicesWithStates(client: DynamoDBDocumentClient, tableName: string, pk: string, config: RegExp, max: number): Promise<{ items: Array<{ config: Item; state: Item | undefined }>; truncated: boolean }> {
  const byId = new Map<string, { config: Item; state: Item | undefined }>();
  const states = new Map<string, Item>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }));
    for (const item of (page.Items ?? []) as Item[]) {
      const sk = String(item['sk']);
      if (config.test(sk)) byId.set(sk, { config: item, state: undefined });
      else if (sk.endsWith('#STATE')) states.set(sk.slice(0, -'#STATE'.length), item);
    }
    startKey = page.LastEvaluatedKey;
    // One more than `max` tells that there are more; the state of the last one may be on the next page, so read on only while short.
  } while (startKey !== undefined && byId.size <= max);
  const items = [...byId].slice(0, max).map(([sk, device]) => ({ ...device, state: states.get(sk) }));
  return { items, truncated: byId.size > max };
}

export interface FleetSensor {
  record: SensorRecord;
  /** The state item with the sensor's newest reading on top (`sensorLiveStates`). */
  state: StoredLiveState | undefined;
}

/** The organisation's sensors that `keep` accepts, with their live states, of its first `max` (one newest-reading Query per kept sensor). */
export async function readFleetSensors(client: DynamoDBDocumentClient, tableName: string, customerId: string, max: number, keep: (record: SensorRecord) => boolean = () => true): Promise<FleetRead<FleetSensor>> {
  const { items, truncated } = await devicesWithStates(client, tableName, sensorPartition(customerId), SENSOR_CONFIG, max);
  const kept = items.map((item) => ({ record: toSensorRecord(item.config), state: item.state })).filter((sensor) => keep(sensor.record));
  const live = await sensorLiveStates(client, tableName, customerId, new Map(kept.map((sensor) => [sensor.record.id, sensor.state ? toSensorState(sensor.state) : undefined])));
  return { devices: kept.map(({ record }) => ({ record, state: live.get(record.id) })), truncated };
}

export interface FleetGateway {
  record: GatewayRecord;
  state: GatewayStateRecord;
}

/** The organisation's gateways with their stored states (kept fresh by the heartbeat), up to `max`. */
export async function readFleetGateways(client: DynamoDBDocumentClient, tableName: string, customerId: string, max: number): Promise<FleetRead<FleetGateway>> {
  const { items, truncated } = await devicesWithStates(client, tableName, String(gatewayKey(tableName, customerId, '-').Key['pk']), GATEWAY_CONFIG, max);
  return { devices: items.map((item) => ({ record: toGatewayRecord(item.config), state: toGatewayState(item.state) })), truncated };
}

/** These alarm profiles, by id (eventually consistent: a dashboard's limits may lag a change by a second). */
export async function readAlarmProfiles(client: DynamoDBDocumentClient, tableName: string, customerId: string, ids: Iterable<string>): Promise<Map<string, AlarmProfileRecord>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const items = await batchGet(client, tableName, unique.map((id) => alarmProfileKey(tableName, customerId, id).Key), { consistent: false });
  const profiles = items.map(toAlarmProfile);
  return new Map(profiles.map((profile) => [profile.id, profile]));
}

/** A sensor's channel values in [start, end), oldest first, at most `limit` (the newest when there are more). */
export async function readingValuesBetween(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  sensorId: string,
  range: { start: number; end: number; limit: number },
): Promise<{ readings: Array<{ time: number; channels: Record<string, number | null> }>; truncated: boolean }> {
  const readings: Array<{ time: number; channels: Record<string, number | null> }> = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :start AND :end',
      ExpressionAttributeValues: { ':pk': readingPartition(customerId, sensorId), ':start': new Date(range.start).toISOString(), ':end': new Date(range.end - 1).toISOString() },
      ...READING_VALUES_PROJECTION,
      // Newest first, so a sensor reporting faster than the limit allows keeps its latest days.
      ScanIndexForward: false,
      Limit: range.limit - readings.length,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }));
    for (const item of (page.Items ?? []) as Item[]) {
      const row = readingRowOf(item, sensorId);
      const time = Date.parse(row.time);
      if (Number.isFinite(time)) readings.push({ time, channels: row.channels });
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey !== undefined && readings.length < range.limit);
  return { readings: readings.reverse(), truncated: startKey !== undefined };
}
