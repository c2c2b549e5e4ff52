import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import type { Organisation } from '@domain/organisation/organisation';
import { DEFAULT_LOW_BATTERY_PERCENT } from '@domain/alarms/dashboard';
import { GATEWAY_STATUS_SECONDS } from '@domain/devices/gateway';
import { isSensorOnline } from '@domain/devices/sensor';
import type { HelpdeskGateway, HelpdeskSensor, HelpdeskUser, OrganisationHealth } from '@domain/organisation/helpdesk';
import { isRole } from '@domain/identity/roles';
import { isDeviceOnline } from '@domain/telemetry/telemetry-state';
import {
  accountPut,
  accountPutOnVersion,
  accountsByName,
  alarmsByStatus,
  auditEntryPut,
  organisationKeyParams,
  organisationsByName,
  organisationsPage,
  partitionOf,
  queryAll,
  readAlarmProfiles,
  readFleetGateways,
  readFleetSensors,
  runTransaction,
  sitesByName,
  superadminAuditPut,
  toAccountRecord,
  toOrganisation,
  toSiteRecord,
  type AccountRecord,
  type OrganisationRecord,
  type PageRequest,
  type FleetGateway,
  type FleetRead,
  type FleetSensor,
} from '..';
import type { Caller } from '../../shared/caller';

/** The most sensors (and gateways) of one organisation read for its health: the dashboard's bound. */
export const HELPDESK_DEVICES_MAX = 2000;

/** What the health and the devices' troubleshooting data are computed from: one read of each device partition. */
interface Fleet {
  sensors: FleetRead<FleetSensor>;
  gateways: FleetRead<FleetGateway>;
  /** Each sensor's low-battery threshold (its alarm profile's, else the default). */
  batteryThreshold: (sensor: FleetSensor) => number;
}

/** A user's support status: invited until the invitation is accepted; disabled accounts cannot sign in. */
export function helpdeskUserOf(record: AccountRecord): HelpdeskUser {
  const invited = typeof record.inviteDate === 'string' && record.inviteDate !== '';
  const locked = record.isActive === false;
  return {
    accountId: record.accountId,
    firstName: record.firstName ?? '',
    lastName: record.lastName ?? '',
    email: record.email,
    role: isRole(record.role) ? record.role : null,
    status: locked ? 'disabled' : invited ? 'invited' : 'active',
    mfaEnabled: record.mfaEnabled ?? false,
    locked,
    lastLoginDate: record.lastLoginDate ?? null,
  };
}

/** The support action as both audit trails name it. */
export type SupportAction = 'helpdesk.resetMfa' | 'helpdesk.resendInvitation' | 'helpdesk.unlock' | 'helpdesk.endSessions';

/**
 * The helpdesk's reads of an organisation (issue 16 section 2): its health from its device
 * partitions (one paged Query each, the newest reading of each sensor as the dashboard reads
 * it) and its active alarms (one Query of the status index, two attributes); its users and
 * devices for troubleshooting. And the record of a support action in the organisation's
 * Portal Audit and the super-administrators' trail, in one transaction with its change.
 */
export class HelpdeskStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  organisationsPartition(): string {
    return partitionOf(organisationsByName(this.tableName));
  }

  /** A page of organisations by name, those whose name holds `search` when given (as the super-administrator's list). */
  async organisations(page: PageRequest, search: string | undefined): Promise<{ records: OrganisationRecord[]; nextCursor?: string }> {
    return organisationsPage(this.client, this.tableName, page, search);
  }

  /** The organisation as the API shows it (without who wrote it); 404 when there is none. */
  async organisation(customerId: string): Promise<Organisation> {
    const result = await this.client.send(new GetCommand({ ...organisationKeyParams(this.tableName, customerId), ConsistentRead: true }));
    if (result.Item === undefined) throw notFound(MESSAGES.organisationNotFound);
    const { createdBy: _createdBy, updatedBy: _updatedBy, ...organisation } = toOrganisation(result.Item);
    return organisation;
  }

  private async fleet(customerId: string): Promise<Fleet> {
    // Devices in service only: a sensor stored away or disabled is not expected to report.
    const [sensors, gateways] = await Promise.all([
      readFleetSensors(this.client, this.tableName, customerId, HELPDESK_DEVICES_MAX, (record) => record.deviceStatus === 'active' && !record.disabled),
      readFleetGateways(this.client, this.tableName, customerId, HELPDESK_DEVICES_MAX),
    ]);
    const profiles = await readAlarmProfiles(this.client, this.tableName, customerId,
      sensors.devices.flatMap(({ record }) => (record.alarmProfileId === undefined ? [] : [record.alarmProfileId])));
    const batteryThreshold = ({ record }: FleetSensor) => {
      const profile = record.alarmProfileId === undefined ? undefined : profiles.get(record.alarmProfileId);
      return profile?.types.includes('lowBattery') === true ? profile.batteryThresholdPercent ?? DEFAULT_LOW_BATTERY_PERCENT : DEFAULT_LOW_BATTERY_PERCENT;
    };
    return { sensors, gateways: { ...gateways, devices: gateways.devices.filter(({ record }) => record.isActive) }, batteryThreshold };
  }

  /** The organisation's active alarms and how many of them nobody acknowledged. */
  private async alarmCounts(customerId: string): Promise<{ active: number; unacknowledged: number }> {
    const query = alarmsByStatus(this.tableName, customerId, 'active');
    let active = 0;
    let unacknowledged = 0;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(new QueryCommand({
        ...query,
        ProjectionExpression: '#acknowledgedAt',
        ExpressionAttributeNames: { ...query.ExpressionAttributeNames, '#acknowledgedAt': 'acknowledgedAt' },
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }));
      for (const item of page.Items ?? []) {
        active += 1;
        if (typeof item['acknowledgedAt'] !== 'string') unacknowledged += 1;
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey !== undefined);
    return { active, unacknowledged };
  }

  private healthOf(fleet: Fleet, alarms: { active: number; unacknowledged: number }, now: number): OrganisationHealth {
    const sensors = fleet.sensors.devices;
    const gateways = fleet.gateways.devices;
    const seen = [
      ...sensors.map(({ state }) => state?.lastReadingAt),
      ...gateways.map(({ state }) => state.lastCommunicated),
    ].filter((time): time is string => time !== undefined);
    return {
      sensors: sensors.length,
      sensorsOffline: sensors.filter(({ record, state }) => !isSensorOnline({ deviceModel: record.deviceModel, lastReadingAt: state?.lastReadingAt }, now)).length,
      gateways: gateways.length,
      gatewaysOffline: gateways.filter(({ state }) => !isDeviceOnline(state.lastCommunicated, GATEWAY_STATUS_SECONDS, now)).length,
      lowBatteries: sensors.filter((sensor) => sensor.state?.battery !== undefined && sensor.state.battery < fleet.batteryThreshold(sensor)).length,
      activeAlarms: alarms.active,
      unacknowledgedAlarms: alarms.unacknowledged,
      lastDataAt: seen.length === 0 ? null : seen.reduce((newest, time) => (time > newest ? time : newest)),
      truncated: fleet.sensors.truncated || fleet.gateways.truncated,
    };
  }

  async health(customerId: string): Promise<OrganisationHealth> {
    const [fleet, alarms] = await Promise.all([this.fleet(customerId), this.alarmCounts(customerId)]);
    return this.healthOf(fleet, alarms, this.clock().getTime());
  }

  /** The health with the devices' troubleshooting data, from the same reads. */
  async devices(customerId: string): Promise<{ health: OrganisationHealth; sensors: HelpdeskSensor[]; gateways: HelpdeskGateway[] }> {
    const [fleet, alarms, sites] = await Promise.all([
      this.fleet(customerId),
      this.alarmCounts(customerId),
      queryAll(this.client, sitesByName(this.tableName, customerId), toSiteRecord),
    ]);
    const now = this.clock().getTime();
    const siteNames = new Map(sites.map((site) => [site.id, site.name]));
    const siteName = (siteId: string) => siteNames.get(siteId) ?? null;
    const sensors = fleet.sensors.devices.map((sensor): HelpdeskSensor => {
      const { record, state } = sensor;
      return {
        id: record.id, name: record.name, serial: record.id, model: record.deviceModel, siteId: record.siteId, siteName: siteName(record.siteId),
        online: isSensorOnline({ deviceModel: record.deviceModel, lastReadingAt: state?.lastReadingAt }, now),
        lastSeenAt: state?.lastCommunicated ?? state?.lastReadingAt ?? null,
        signal: state?.signal ?? null,
        battery: state?.battery ?? null,
        lowBattery: state?.battery !== undefined && state.battery < fleet.batteryThreshold(sensor),
      };
    });
    const gateways = fleet.gateways.devices.map(({ record, state }): HelpdeskGateway => ({
      id: record.id, name: record.name, serial: record.macId === '' ? record.id : record.macId, model: record.model, siteId: record.siteId, siteName: siteName(record.siteId),
      online: isDeviceOnline(state.lastCommunicated, GATEWAY_STATUS_SECONDS, now),
      lastSeenAt: state.lastCommunicated ?? null,
      signal: state.signal ?? null,
      firmware: state.firmware ?? null,
    }));
    const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
    return { health: this.healthOf(fleet, alarms, now), sensors: sensors.sort(byName), gateways: gateways.sort(byName) };
  }

  /** The organisation's users (not superadmin accounts, as every user list), by name. */
  async users(customerId: string): Promise<HelpdeskUser[]> {
    const records = await queryAll(this.client, accountsByName(this.tableName, customerId), toAccountRecord);
    return records.filter((record) => record.role !== 'superadmin').map(helpdeskUserOf);
  }

  /**
   * Records a support action on a user: the account's change when there is one (on the
   * version read), the organisation's Portal Audit entry and the super-administrators' trail,
   * in one transaction. Returns the account as it now is.
   */
  async recordSupportAction(caller: Caller, customerId: string, before: AccountRecord, action: SupportAction, changes: Partial<AccountRecord>, details: Record<string, unknown> = {}): Promise<AccountRecord> {
    const now = this.clock();
    const changed = Object.keys(changes).length > 0;
    const after: AccountRecord = changed
      ? { ...before, ...changes, updatedAt: now.toISOString(), updatedBy: caller.email, version: (before.version ?? 0) + 1 }
      : before;
    const beforeFields = Object.fromEntries(Object.keys(changes).map((field) => [field, before[field as keyof AccountRecord]]));
    const afterFields = { ...changes, supportAction: action, ...details };
    await runTransaction(this.client, [
      ...(changed ? [accountPutOnVersion(accountPut(this.tableName, customerId, after), before.version)] : []),
      auditEntryPut(this.tableName, { customerId, caller, entityType: 'USER', entityId: before.accountId, action: 'update', before: beforeFields, after: afterFields, now }),
      superadminAuditPut(this.tableName, {
        caller, action, targetType: 'USER', targetId: before.accountId, before: beforeFields, after: { ...afterFields, customerId, email: before.email }, now,
      }),
    ]);
    return after;
  }
}
