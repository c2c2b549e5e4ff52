import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import type { Equipment, EquipmentInput } from '@domain/devices/equipment';
import { auditEntryPut, equipment, equipmentPut, plainPut, runTransaction, sensorKey, toEquipment } from '..';
import type { Caller } from '../../shared/caller';
import { entityOn, storedItem } from '../entity-reads';

/** What the history shows of a change of equipment: the fields, not the bookkeeping. */
const shown = ({ updatedAt: _at, updatedBy: _by, ...fields }: Equipment) => fields;

/**
 * The equipment a sensor watches (SPEC section 3; lambdas/data/entities/equipment.ts): one
 * item under the sensor's partition, saved whole with the sensor's history entry.
 */
export class SensorEquipment {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The equipment the sensor watches (an empty record until it is saved). */
  async get(customerId: string, sensorId: string): Promise<Equipment> {
    const { data } = await entityOn(equipment, this.client, this.tableName).get({ customerId, sensorId }).go({ data: 'raw', consistent: true });
    const item = storedItem(data);
    return item ? toEquipment(item) : {};
  }

  /** Saves the equipment (every field replaced), with the sensor's history entry; the sensor must still be there. */
  async set(caller: Caller, customerId: string, sensorId: string, input: EquipmentInput): Promise<Equipment> {
    const before = await this.get(customerId, sensorId);
    const fields = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as EquipmentInput;
    const after: Equipment = { ...fields, updatedAt: this.clock().toISOString(), updatedBy: caller.email };
    await runTransaction(this.client, [
      {
        item: { ConditionCheck: { ...sensorKey(this.tableName, customerId, sensorId), ConditionExpression: 'attribute_exists(pk)' } },
        onConditionFailed: () => notFound(MESSAGES.sensorNotFound),
      },
      plainPut(equipmentPut(this.tableName, customerId, sensorId, after)),
      auditEntryPut(this.tableName, {
        customerId, caller, entityType: 'SENSOR', entityId: sensorId, action: 'update',
        before: { equipment: shown(before) }, after: { equipment: shown(after) }, now: this.clock(),
      }),
    ]);
    return after;
  }
}
