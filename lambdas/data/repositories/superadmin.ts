import { randomUUID } from 'node:crypto';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { notFound, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import type {
  CustomerGroup,
  CustomerGroupInput,
  Organisation,
  OrganisationCreateInput,
  OrganisationInput,
  OrganisationStatus,
  OrganisationWithCounts,
  SuperadminAuditEntry,
} from '@domain/organisation/organisation';
import type { Page } from '@domain/organisation/named-catalog';
import {
  accountDeleteOnVersion,
  accountEmailUnique,
  accountKeyParams,
  accountPut,
  auditEntryPut,
  claimUnique,
  createPut,
  customerGroupIdOf,
  customerGroupKeyParams,
  customerGroupPut,
  customerGroupRename,
  customerGroupsAll,
  deviceOrganisationStatusSet,
  endOrganisationProxySessions,
  endOrganisationSessions,
  existingDelete,
  existsCheck,
  organisationCounts,
  organisationKeyParams,
  organisationPut,
  organisationsByName,
  organisationsPage,
  organisationStatusUpdate,
  partitionOf,
  queryAll,
  releaseUnique,
  runTransaction,
  superadminAuditNewestFirst,
  superadminAuditPage,
  superadminAuditPut,
  toCustomerGroup,
  toOrganisation,
  versionedPut,
  type AccountRecord,
  type OrganisationRecord,
  type PageRequest,
} from '..';
import type { Caller } from '../../shared/caller';

/** What the audit trails keep of an organisation: its record as the API shows it. */
const audited = (organisation: Organisation): Record<string, unknown> => ({ ...organisation });

/** An organisation's id: its name's slug and a random part (ids are in every key: short, readable, never reused). */
export function newOrganisationId(name: string): string {
  const slug = customerGroupIdOf(name).slice(0, 40).replace(/-+$/, '');
  return `${slug === '' ? 'org' : slug}-${randomUUID().slice(0, 8)}`;
}

/** The first administrator's account: an administrator of every future location, with the organisation's defaults. */
export function firstAdministratorRecord(caller: Caller, input: OrganisationCreateInput, accountId: string, now: string): AccountRecord {
  const { administrator, modules } = input;
  return {
    accountId, email: administrator.email, identityUsername: administrator.email, role: 'admin',
    firstName: administrator.firstName, lastName: administrator.lastName,
    phone: '', phoneVerified: false, employeeId: '',
    isActive: true, isEmailVerified: false, inviteDate: now.slice(0, 19).replace('T', ' '),
    siteIds: [], locationIds: [], departmentIds: [], divisionIds: [],
    lang: input.lang, uom: input.uom, timezone: input.timezone,
    isPortalLogin: true, isHaccpAvailable: modules.isHaccapAvailable, isMobileLogin: false,
    isOwner: true, isLocationAdmin: false, hasDefaultLocAccess: true,
    notificationsEnabled: true, smsEnabled: false, mfaEnabled: false, mfaRequired: false,
    enablePager: modules.enablePager, pagerType: null, pagerNumber: '', pagerVerified: false,
    enableAuditModule: modules.enableAuditModule, enableIVR: modules.enableIVR, customerGroupId: input.customerGroupId,
    createdAt: now, updatedAt: now, createdBy: caller.email, updatedBy: caller.email, version: 1,
  };
}

/**
 * The super-administrator's organisations (tenants), customer groups and own audit trail on
 * the single table. Every change writes its entry in the super-administrators' audit trail
 * in the same transaction (`superadminAuditPut`).
 */
export class SuperadminStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  organisationsPartition(): string {
    return partitionOf(organisationsByName(this.tableName));
  }

  auditPartition(): string {
    return partitionOf(superadminAuditNewestFirst(this.tableName));
  }

  /** A page of organisations by name, those whose name holds `search` when given, each with its counts. */
  async list(page: PageRequest, search: string | undefined): Promise<Page<OrganisationWithCounts>> {
    const { records: found, nextCursor } = await organisationsPage(this.client, this.tableName, page, search);
    const items = await Promise.all(found.map((organisation) => this.withCounts(organisation)));
    return { items, ...(nextCursor ? { nextCursor } : {}) };
  }

  private async withCounts(organisation: OrganisationRecord): Promise<OrganisationWithCounts> {
    return { ...publicOf(organisation), counts: await organisationCounts(this.client, this.tableName, organisation.customerId) };
  }

  async get(customerId: string): Promise<OrganisationRecord> {
    const result = await this.client.send(new GetCommand({ ...organisationKeyParams(this.tableName, customerId), ConsistentRead: true }));
    if (result.Item === undefined) throw notFound(MESSAGES.organisationNotFound);
    return toOrganisation(result.Item);
  }

  async getWithCounts(customerId: string): Promise<OrganisationWithCounts> {
    return this.withCounts(await this.get(customerId));
  }

  /**
   * A new organisation and its first administrator's account, in one transaction with the
   * email's marker, the organisation's own audit entry of the account and the
   * super-administrators' entry. The identity (and its invitation) is made after, by the caller.
   */
  async create(caller: Caller, input: OrganisationCreateInput): Promise<{ organisation: Organisation; administrator: AccountRecord }> {
    const now = this.clock();
    const at = now.toISOString();
    const customerId = newOrganisationId(input.name);
    const { administrator: _administrator, ...fields } = input;
    const organisation: OrganisationRecord = {
      ...fields, customerId, status: 'active', createdAt: at, updatedAt: at, createdBy: caller.email, updatedBy: caller.email, version: 1,
    };
    const administrator = firstAdministratorRecord(caller, input, randomUUID(), at);
    await runTransaction(this.client, [
      createPut(organisationPut(this.tableName, organisation)),
      this.customerGroupMustExist(input.customerGroupId),
      createPut(accountPut(this.tableName, customerId, administrator)),
      claimUnique(this.tableName, accountEmailUnique(customerId, administrator.email), administrator.accountId, MESSAGES.emailAlreadyRegistered),
      auditEntryPut(this.tableName, {
        customerId, caller, entityType: 'USER', entityId: administrator.accountId, action: 'create', before: undefined, after: { ...administrator }, now,
      }),
      superadminAuditPut(this.tableName, {
        caller, action: 'organisation.create', targetType: 'ORGANISATION', targetId: customerId, after: { ...audited(publicOf(organisation)), administrator: administrator.email }, now,
      }),
    ]);
    return { organisation: publicOf(organisation), administrator };
  }

  /** Takes back a create whose administrator's identity could not be made; the trail says so. */
  async discard(caller: Caller, organisation: Organisation, administrator: AccountRecord): Promise<void> {
    const now = this.clock();
    await runTransaction(this.client, [
      existingDelete(organisationKeyParams(this.tableName, organisation.customerId), () => notFound(MESSAGES.organisationNotFound)),
      accountDeleteOnVersion(accountKeyParams(this.tableName, organisation.customerId, administrator.accountId), administrator.version),
      releaseUnique(this.tableName, accountEmailUnique(organisation.customerId, administrator.email)),
      superadminAuditPut(this.tableName, {
        caller, action: 'organisation.discard', targetType: 'ORGANISATION', targetId: organisation.customerId, before: audited(organisation), now,
      }),
    ]);
  }

  /** An edit of every field of the organisation, on the version read (its status is changed by `setStatus`). */
  async update(caller: Caller, customerId: string, input: OrganisationInput): Promise<Organisation> {
    const before = await this.get(customerId);
    const now = this.clock();
    const after: OrganisationRecord = {
      ...input, customerId, status: before.status, createdAt: before.createdAt, updatedAt: now.toISOString(),
      ...(before.createdBy ? { createdBy: before.createdBy } : {}), updatedBy: caller.email, version: before.version + 1,
    };
    await runTransaction(this.client, [
      // The demo's item was written before organisations had a version (0).
      before.version === 0
        ? { item: { Put: { ...organisationPut(this.tableName, after), ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(version)' } } }
        : versionedPut(organisationPut(this.tableName, after), before.version),
      ...(input.customerGroupId === before.customerGroupId ? [] : [this.customerGroupMustExist(input.customerGroupId)]),
      superadminAuditPut(this.tableName, {
        caller, action: 'organisation.update', targetType: 'ORGANISATION', targetId: customerId, before: audited(publicOf(before)), after: audited(publicOf(after)), now,
      }),
    ]);
    return publicOf(after);
  }

  /**
   * Disables or enables the organisation: its status, and the same on its devices' item the
   * ingest reads (so their messages are refused while it is disabled), with the trail's
   * entry. Disabling then ends every session of its users and every proxy session for it
   * (each end in its Portal Audit and the trail). Enabling first ends any proxy session the
   * disabling missed (the index it reads lags), so no token from before comes back to life.
   * Nothing is deleted.
   */
  async setStatus(caller: Caller, customerId: string, status: OrganisationStatus): Promise<{ organisation: Organisation; endedSessions: number }> {
    const before = await this.get(customerId);
    const now = this.clock();
    // While it is still disabled (no proxy session starts then), before the enabling.
    const endedBeforeEnabling = status === 'active' && before.status === 'disabled'
      ? await endOrganisationProxySessions(this.client, this.tableName, caller, customerId, now) : 0;
    const after: Organisation = { ...publicOf(before), status, updatedAt: now.toISOString(), version: before.version + 1 };
    if (before.status !== status) {
      await runTransaction(this.client, [
        before.version === 0
          ? { item: { Put: { ...organisationPut(this.tableName, { ...before, ...after, updatedBy: caller.email }), ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(version)' } } }
          : organisationStatusUpdate(this.tableName, customerId, status, after.updatedAt ?? now.toISOString(), caller.email, before.version),
        deviceOrganisationStatusSet(this.tableName, customerId, status),
        superadminAuditPut(this.tableName, {
          caller, action: status === 'disabled' ? 'organisation.disable' : 'organisation.enable', targetType: 'ORGANISATION', targetId: customerId,
          before: { status: before.status }, after: { status }, now,
        }),
      ]);
    }
    // Ended also when it was already disabled: a sign-in that raced the change ends now.
    const endedSessions = status === 'disabled'
      ? await endOrganisationSessions(this.client, this.tableName, customerId, now) + await endOrganisationProxySessions(this.client, this.tableName, caller, customerId, now)
      : endedBeforeEnabling;
    return { organisation: before.status === status ? publicOf(before) : after, endedSessions };
  }

  async customerGroups(): Promise<CustomerGroup[]> {
    return queryAll(this.client, customerGroupsAll(this.tableName), toCustomerGroup);
  }

  async createCustomerGroup(caller: Caller, input: CustomerGroupInput): Promise<CustomerGroup> {
    const now = this.clock();
    const group: CustomerGroup = { id: customerGroupIdOf(input.name), name: input.name, createdAt: now.toISOString() };
    await runTransaction(this.client, [
      createPut(customerGroupPut(this.tableName, { ...group, createdBy: caller.email }), () => validationError(MESSAGES.customerGroupNameTaken, { name: MESSAGES.customerGroupNameTaken })),
      superadminAuditPut(this.tableName, { caller, action: 'customerGroup.create', targetType: 'CUSTOMERGROUP', targetId: group.id, after: { ...group }, now }),
    ]);
    return group;
  }

  /**
   * Renames a customer group; its id (what organisations and accounts hold) stays. The new name
   * is refused when another group has it, or when a group's id is the new name's slug (the
   * key a new group of that name would take).
   */
  async updateCustomerGroup(caller: Caller, id: string, input: CustomerGroupInput): Promise<CustomerGroup> {
    const groups = await this.customerGroups();
    const before = groups.find((group) => group.id === id);
    if (before === undefined) throw notFound(MESSAGES.customerGroupNotFound);
    const taken = () => validationError(MESSAGES.customerGroupNameTaken, { name: MESSAGES.customerGroupNameTaken });
    const sameName = (name: string) => name.localeCompare(input.name, 'en', { sensitivity: 'base' }) === 0;
    if (groups.some((group) => group.id !== id && sameName(group.name))) throw taken();
    const slug = customerGroupIdOf(input.name);
    const after: CustomerGroup = { ...before, name: input.name };
    const now = this.clock();
    await runTransaction(this.client, [
      { item: { Update: { ...customerGroupRename(this.tableName, id, input.name), ConditionExpression: 'attribute_exists(pk)' } }, onConditionFailed: () => notFound(MESSAGES.customerGroupNotFound) },
      ...(slug === id ? [] : [{ item: { ConditionCheck: { ...customerGroupKeyParams(this.tableName, slug), ConditionExpression: 'attribute_not_exists(pk)' } }, onConditionFailed: taken }]),
      superadminAuditPut(this.tableName, { caller, action: 'customerGroup.update', targetType: 'CUSTOMERGROUP', targetId: id, before: { ...before }, after: { ...after }, now }),
    ]);
    return after;
  }

  async audit(page: PageRequest): Promise<Page<SuperadminAuditEntry>> {
    return superadminAuditPage(this.client, this.tableName, page);
  }

  private customerGroupMustExist(id: string) {
    return existsCheck(customerGroupKeyParams(this.tableName, id), () => validationError(MESSAGES.customerGroupNotFound, { customerGroupId: MESSAGES.customerGroupNotFound }));
  }
}

/** The API's shape: the record without who wrote it. */
function publicOf(record: OrganisationRecord): Organisation {
  const { createdBy: _createdBy, updatedBy: _updatedBy, ...organisation } = record;
  return organisation;
}
