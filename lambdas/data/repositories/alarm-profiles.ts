import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { inStoredUnits, type AlarmProfileFields } from '@domain/alarms/alarm-profile';
import { MESSAGES } from '@domain/core/messages';
import type { Caller } from '../../shared/caller';
import {
  ALARM_PROFILE_FIELDS,
  alarmProfileDeleteWhenUnused,
  alarmProfileInUseMessage,
  alarmProfileKey,
  alarmProfilePut,
  alarmProfilesByName,
  alarmProfileUpdate,
  deviceConfigVersionBump,
  NamedRecordStore,
  toAlarmProfile,
  type AlarmProfileRecord,
  type GuardedItem,
  ENTITY,
} from '..';

export type { AlarmProfileRecord } from '..';

/** What the audit trail keeps of a profile: its own fields, not the counts others keep. */
function audited(record: AlarmProfileRecord): Record<string, unknown> {
  const { sensorCount: _sensors, gatewayCount: _gateways, ...fields } = record;
  return fields;
}

/**
 * Alarm profiles on the single table (docs/data-model.md "Alarm profiles"; the entity is
 * lambdas/data/entities/alarm-profile.ts): a named, versioned, audited record whose limits
 * are kept in °C (an input in °F is converted before it is written), whose update writes only
 * the form's fields (never the counts, which the sensors and gateways stores keep), whose
 * delete is refused while sensors or gateways use it (naming how many), and whose every change
 * moves the organisation's device configuration version (the ingest's cached configuration
 * watches it) in the same transaction.
 */
export class AlarmProfileStore extends NamedRecordStore<AlarmProfileRecord, AlarmProfileFields> {
  constructor(client: DynamoDBDocumentClient, tableName: string, clock: () => Date = () => new Date()) {
    super(client, tableName, clock, {
      entityType: ENTITY.alarmProfile,
      put: alarmProfilePut,
      key: alarmProfileKey,
      byName: alarmProfilesByName,
      decode: toAlarmProfile,
      messages: { notFound: MESSAGES.alarmProfileNotFound, nameTaken: MESSAGES.alarmProfileNameTaken },
      initial: () => ({ sensorCount: 0, gatewayCount: 0 }),
      audited,
      changedFields: { fields: ALARM_PROFILE_FIELDS, update: alarmProfileUpdate },
      // Also when a device starts to use it meanwhile: the delete's condition.
      inUse: {
        isInUse: (profile) => profile.sensorCount > 0 || profile.gatewayCount > 0,
        deleteWhenUnused: alarmProfileDeleteWhenUnused,
        message: alarmProfileInUseMessage,
      },
    });
  }

  /** A new profile, its limits in °C whatever unit the form used. */
  override create(caller: Caller, customerId: string, input: AlarmProfileFields): Promise<AlarmProfileRecord> {
    return super.create(caller, customerId, inStoredUnits(input));
  }

  /** The form's fields again, in °C: an optional one left out is cleared. */
  override update(caller: Caller, customerId: string, id: string, input: AlarmProfileFields): Promise<AlarmProfileRecord> {
    return super.update(caller, customerId, id, withClearedLimits(inStoredUnits(input)));
  }

  protected override alsoWrittenOnCreate(customerId: string): GuardedItem[] {
    return [deviceConfigVersionBump(this.tableName, customerId)];
  }

  protected override alsoWrittenOnUpdate(customerId: string): GuardedItem[] {
    return [deviceConfigVersionBump(this.tableName, customerId)];
  }

  protected override alsoWrittenOnDelete(customerId: string): GuardedItem[] {
    return [deviceConfigVersionBump(this.tableName, customerId)];
  }
}

const OPTIONAL_FIELDS = ['min', 'max', 'deadband', 'batteryThresholdPercent', 'batteryLifeDays', 'inactivityMinutes'] as const;

/**
 * The input with each optional field it leaves out named as undefined, so an update compares
 * it with the stored one and clears it (a PUT replaces the form) rather than keeping it.
 */
function withClearedLimits(input: AlarmProfileFields): AlarmProfileFields {
  return { ...Object.fromEntries(OPTIONAL_FIELDS.map((field) => [field, undefined])), ...input } as AlarmProfileFields;
}
