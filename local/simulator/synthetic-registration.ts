import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dataLoggingProfileInputSchema } from '@domain/devices/data-logging-profile';
import { gatewayInputSchema } from '@domain/devices/gateway';
import { sensorInputSchema, type SensorInput } from '@domain/devices/sensor';
import { DataLoggingProfileStore } from '../../lambdas/data-logging-profiles/store';
import { gatewayItem, GatewayStore, type GatewayRecord } from '../../lambdas/gateways/store';
import { sensorItem, SensorStore, type SensorRecord } from '../../lambdas/sensors/store';
import type { Caller } from '../../lambdas/shared/caller';
import { queryAll } from '../../lambdas/data/query-pages';
import { DEMO_ORGANISATION } from '../demo';
import type { FleetSpec } from './spec';

/**
 * Registers a synthetic fleet (local/simulator/fleet.ts `syntheticFleet`) in an
 * organisation, so the ingest accepts its readings:
 * - `stores` (what `npm run simulate -- --sensors N` does): through the gateways', sensors'
 *   and data logging profiles' stores, each device only when missing, with references,
 *   counters and audit entries, as if an administrator had added them;
 * - `batch` (what the benchmark does, to register 1,000 sensors in seconds): the same
 *   configuration items the stores write (`gatewayItem`, `sensorItem`), put with
 *   BatchWriteItem, without the references, counters and audit entries a store adds (the
 *   ingest and the sensor list read the configuration items only).
 */

export interface SyntheticPlacement {
  customerId: string;
  siteId: string;
  locationId: string;
  /** The data logging profile of every channel; the demo's "Standard 5 minutes" (made when missing) by default. */
  dataLoggingProfileId?: string;
}

const STANDARD_PROFILE = { name: 'Standard 5 minutes', description: 'Every 5 minutes; at once on a move of 0.5' };

const callerFor = (customerId: string): Caller => ({
  userId: 'simulator', email: 'simulator', role: 'admin', customerId, accountId: 'simulator', isPortalLogin: false, tokenId: 'simulator',
});

/** The demo site and location, for `npm run simulate`. */
export const DEMO_PLACEMENT: SyntheticPlacement = {
  customerId: DEMO_ORGANISATION.customerId, siteId: DEMO_ORGANISATION.site.id, locationId: DEMO_ORGANISATION.location.id,
};

/** The id of the profile named "Standard 5 minutes", made when the organisation has none. */
export async function standardProfileId(documents: DynamoDBDocumentClient, tableName: string, customerId: string): Promise<string> {
  const profiles = new DataLoggingProfileStore(documents, tableName);
  const existing = await queryAll<Record<string, unknown>>(documents, {
    TableName: tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': profiles.listPartition(customerId) },
  });
  const found = existing.find((item) => item['name'] === STANDARD_PROFILE.name)?.['id'];
  if (typeof found === 'string') return found;
  const created = await profiles.create(callerFor(customerId), customerId, dataLoggingProfileInputSchema.parse({
    ...STANDARD_PROFILE, enabled: true, valueToLog: 'instant', intervalMinutes: 5, calculationWindowMinutes: 5, deviation: 0.5,
  }));
  return created.id;
}

/** The n-th synthetic gateway's MAC id: the last 12 digits of its EUI. */
const macOf = (eui: string) => eui.slice(-12).match(/.{2}/g)?.join(':') ?? eui;

function gatewayInput(placement: SyntheticPlacement, id: string, index: number) {
  return gatewayInputSchema.parse({
    name: `Synthetic Gateway ${String(index + 1).padStart(3, '0')}`, model: 'GW-SG1', macId: macOf(id), eui: id,
    locationIds: [placement.locationId], siteId: placement.siteId, notes: 'Synthetic fleet (npm run simulate -- --sensors)',
  });
}

function sensorInput(placement: SyntheticPlacement, profileId: string, sensor: FleetSpec['sensors'][number], index: number): SensorInput {
  return sensorInputSchema.parse({
    id: sensor.id, name: `Synthetic Fridge ${String(index + 1).padStart(4, '0')}`, deviceModel: sensor.model, monitoringType: 'refrigeration',
    locationId: placement.locationId, siteId: placement.siteId, gatewayId: sensor.gatewayId, connectionType: 'subGhz',
    channels: [{ channel: 1, dataLoggingProfileId: profileId, sensorType: 'temperature', sensorSubType: 'refrigerator' }],
  });
}

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: readonly T[], width: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      const item = items[index];
      if (item !== undefined) await work(item, index);
    }
  }));
}

export async function registerSyntheticFleet(
  documents: DynamoDBDocumentClient,
  tableName: string,
  fleet: FleetSpec,
  options: { mode?: 'stores' | 'batch'; placement?: SyntheticPlacement; now?: Date } = {},
): Promise<{ added: number }> {
  const placement = options.placement ?? DEMO_PLACEMENT;
  const { customerId } = placement;
  const profileId = placement.dataLoggingProfileId ?? await standardProfileId(documents, tableName, customerId);
  const now = options.now ?? new Date();
  if (options.mode === 'batch') {
    const stamp = { createdAt: now.toISOString(), updatedAt: now.toISOString(), createdBy: 'bench', updatedBy: 'bench', version: 1 };
    const items = [
      ...fleet.gateways.map((gateway, index) => {
        const record: GatewayRecord = { ...gatewayInput(placement, gateway.id, index), id: gateway.id, sensorCount: 0, noteCount: 0, ...stamp };
        return gatewayItem(customerId, record);
      }),
      ...fleet.sensors.map((sensor, index) => {
        const record = {
          ...sensorInput(placement, profileId, sensor, index), registeredOn: stamp.createdAt, disabled: false, scheduledChanges: [], noteCount: 0, ...stamp,
        } as SensorRecord;
        return sensorItem(customerId, record);
      }),
    ];
    const chunks: Record<string, unknown>[][] = [];
    for (let index = 0; index < items.length; index += 25) chunks.push(items.slice(index, index + 25));
    await inParallel(chunks, 8, async (chunk) => {
      let requests: Record<string, unknown>[] = chunk.map((item) => ({ PutRequest: { Item: item } }));
      while (requests.length > 0) {
        const result = await documents.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
        requests = (result.UnprocessedItems?.[tableName] ?? []) as Record<string, unknown>[];
      }
    });
    return { added: items.length };
  }
  // One at a time: every transaction counts a reference on the same site and location, and
  // concurrent ones would collide on those items.
  let added = 0;
  const caller = callerFor(customerId);
  const gateways = new GatewayStore(documents, tableName, () => now);
  for (const [index, gateway] of fleet.gateways.entries()) {
    if (await gateways.find(customerId, gateway.id)) continue;
    await gateways.create(caller, customerId, gatewayInput(placement, gateway.id, index));
    added += 1;
  }
  const sensors = new SensorStore(documents, tableName, () => now);
  for (const [index, sensor] of fleet.sensors.entries()) {
    if (await sensors.find(customerId, sensor.id)) continue;
    await sensors.create(caller, customerId, sensorInput(placement, profileId, sensor, index));
    added += 1;
  }
  return { added };
}
