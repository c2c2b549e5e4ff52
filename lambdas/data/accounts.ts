import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { formatUtcDateTime } from '@domain/identity/account';
import { MESSAGES } from '@domain/core/messages';
import { ALL_MODULES } from '@domain/organisation/modules';
import type { OrganisationModules } from '@domain/organisation/organisation';
import type { Caller } from '../shared/caller';
import { dynamoDocumentClient } from './client';
import { backendConfig } from '../shared/config';
import {
  accountEmailUnique,
  accountKeyParams,
  accountPut,
  accountPutOnVersion,
  accountsByEmail,
  toAccountRecord,
  type AccountRecord,
} from './entities/account';
import { auditEntryPut } from './entities/audit-entry';
import { claimUnique, releaseUnique } from './entities/unique-marker';
import { accountPreferencesKeyParams, accountPreferencesPut, toAccountPreferences, type AccountPreferencesRecord } from './entities/account-preferences';
import { organisationKeyParams, toOrganisationModules, toOrganisationSummary } from './entities/organisation';

import { batchGet } from './batch';
import { runTransaction } from './transaction';

type PreferencesItem = AccountPreferencesRecord;

/**
 * The account record's reads and the sign-in's bookkeeping (last login, invitation accepted,
 * dormancy reset, preferences), shared by the sign-in (lambdas/sessions, lambdas/accounts),
 * locations and the identity triggers. User administration (lambdas/users) writes the record;
 * the account's own email change (lambdas/accounts) is here.
 */
export class AccountStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async get(customerId: string, accountId: string): Promise<AccountRecord | undefined> {
    const result = await this.client.send(new GetCommand(accountKeyParams(this.tableName, customerId, accountId)));
    return result.Item === undefined ? undefined : toAccountRecord(result.Item);
  }

  /** The account read consistently (what a write's version check needs); undefined when there is none. */
  async getConsistent(customerId: string, accountId: string): Promise<AccountRecord | undefined> {
    const result = await this.client.send(new GetCommand({ ...accountKeyParams(this.tableName, customerId, accountId), ConsistentRead: true }));
    return result.Item === undefined || result.Item['type'] !== 'USER' ? undefined : toAccountRecord(result.Item);
  }

  /**
   * The account's email (and sign-in identity's name) becomes `email`, on the version read: the
   * email's marker moves (refused when another account holds it) with the audit entry.
   */
  async changeEmail(caller: Caller, customerId: string, before: AccountRecord, email: string): Promise<AccountRecord> {
    const now = this.clock();
    const after: AccountRecord = {
      ...before,
      email,
      identityUsername: email,
      updatedAt: now.toISOString(),
      updatedBy: caller.email,
      version: (before.version ?? 0) + 1,
    };
    await runTransaction(this.client, [
      accountPutOnVersion(accountPut(this.tableName, customerId, after), before.version),
      claimUnique(this.tableName, accountEmailUnique(customerId, email), before.accountId, MESSAGES.emailAlreadyRegistered),
      releaseUnique(this.tableName, accountEmailUnique(customerId, before.email)),
      auditEntryPut(this.tableName, {
        customerId, caller, entityType: 'USER', entityId: before.accountId, action: 'update',
        before: { ...toAccountRecord({ ...before }) }, after: { ...toAccountRecord({ ...after }) }, now,
      }),
    ]);
    return after;
  }

  async findByEmail(customerId: string, email: string): Promise<AccountRecord | undefined> {
    const result = await this.client.send(new QueryCommand({ ...accountsByEmail(this.tableName, customerId, email), Limit: 1 }));
    const item = result.Items?.[0];
    return item === undefined ? undefined : toAccountRecord(item);
  }

  async organisationName(customerId: string): Promise<string> {
    return (await this.organisation(customerId)).name;
  }

  /** The organisation's name and modules, in one read (an organisation without its item has every module). */
  async organisation(customerId: string): Promise<{ name: string; modules: OrganisationModules }> {
    const result = await this.client.send(new GetCommand(organisationKeyParams(this.tableName, customerId)));
    return { name: toOrganisationSummary(customerId, result.Item).name, modules: result.Item === undefined ? ALL_MODULES : toOrganisationModules(result.Item) };
  }

  /**
   * A successful sign-in (PUT users/login): last login now (UTC `YYYY-MM-DD HH:mm:ss`); an
   * invited user's first sign-in clears the invitation and marks the email verified.
   * Identities without an account record (not provisioned yet) are left alone.
   */
  async recordSignIn(customerId: string, accountId: string): Promise<void> {
    const account = await this.get(customerId, accountId);
    if (account === undefined) return;
    const invited = account.inviteDate !== undefined && account.inviteDate !== null && account.inviteDate !== '';
    await this.client.send(new UpdateCommand({
      ...accountKeyParams(this.tableName, customerId, accountId),
      UpdateExpression: invited
        ? 'SET lastLoginDate = :now, isEmailVerified = :true, isActive = :true REMOVE inviteDate'
        : 'SET lastLoginDate = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': formatUtcDateTime(this.clock()), ...(invited ? { ':true': true } : {}) },
    })).catch((error: unknown) => {
      if (!(error instanceof Error && error.name === 'ConditionalCheckFailedException')) throw error;
    });
  }

  /** Self-profile fields (PUT users/account/{email}); undefined fields are left as they are. */
  async updateProfile(customerId: string, accountId: string, changes: Partial<AccountRecord>): Promise<AccountRecord | undefined> {
    const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
    if (entries.length === 0) return this.get(customerId, accountId);
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const sets: string[] = [];
    const removes: string[] = [];
    entries.forEach(([name, value], index) => {
      names[`#f${index}`] = name;
      if (value === null) {
        removes.push(`#f${index}`);
      } else {
        values[`:f${index}`] = value;
        sets.push(`#f${index} = :f${index}`);
      }
    });
    const expression = [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : '']
      .filter(Boolean).join(' ');
    try {
      const result = await this.client.send(new UpdateCommand({
        ...accountKeyParams(this.tableName, customerId, accountId),
        UpdateExpression: expression,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
        ReturnValues: 'ALL_NEW',
      }));
      return result.Attributes === undefined ? undefined : toAccountRecord(result.Attributes);
    } catch (error) {
      if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return undefined;
      throw error;
    }
  }

  /** Marks a dormant account as sent its reset code, once per dormancy (conditional). */
  async markDormancyReset(customerId: string, accountId: string, lastLoginDate: string): Promise<boolean> {
    try {
      await this.client.send(new UpdateCommand({
        ...accountKeyParams(this.tableName, customerId, accountId),
        UpdateExpression: 'SET dormancyResetAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND lastLoginDate = :last AND (attribute_not_exists(dormancyResetAt) OR dormancyResetAt < :last)',
        ExpressionAttributeValues: { ':now': formatUtcDateTime(this.clock()), ':last': lastLoginDate },
      }));
      return true;
    } catch (error) {
      if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }

  async preferences(customerId: string, accountId: string): Promise<PreferencesItem> {
    const result = await this.client.send(new GetCommand(accountPreferencesKeyParams(this.tableName, customerId, accountId)));
    return toAccountPreferences(result.Item);
  }

  async savePreferences(customerId: string, accountId: string, preferences: PreferencesItem): Promise<void> {
    await this.client.send(new PutCommand(accountPreferencesPut(this.tableName, customerId, accountId, preferences)));
  }
}

/** The caller as an invitation names them: their name on their account, else their email. */
export async function inviterName(caller: Caller): Promise<string> {
  const account = await new AccountStore(dynamoDocumentClient(), backendConfig().tableName).get(caller.customerId, caller.accountId);
  const name = `${account?.firstName ?? ''} ${account?.lastName ?? ''}`.trim();
  return name === '' ? caller.email : name;
}

/** The account items of the given ids that exist, in one batch get (eventually consistent: names for display). */
export async function readAccountItems(client: DynamoDBDocumentClient, tableName: string, customerId: string, accountIds: readonly string[]): Promise<Record<string, unknown>[]> {
  const unique = [...new Set(accountIds)];
  if (unique.length === 0) return [];
  return batchGet(client, tableName, unique.map((id) => accountKeyParams(tableName, customerId, id).Key), { consistent: false });
}
