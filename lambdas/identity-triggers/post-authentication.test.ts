import { AdminResetUserPasswordCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatUtcDateTime } from '@domain/identity/account';
import { MESSAGES } from '@domain/core/messages';
import { resetBackendConfig } from '../shared/config';
import { handler } from './post-authentication';

const dynamo = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);
const savedEnvironment = { ...process.env };

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => formatUtcDateTime(new Date(Date.now() - days * DAY));

function event(attributes: Record<string, string> = { 'custom:customerid': 'org-1', 'custom:accountinfoid': 'acc-1' }): PostAuthenticationTriggerEvent {
  return {
    version: '1', region: 'eu-west-1', userPoolId: 'pool-1', userName: 'user-1', triggerSource: 'PostAuthentication_Authentication',
    callerContext: { awsSdkVersion: '3', clientId: 'client-1' },
    request: { userAttributes: { email: 'a@example.com', ...attributes }, newDeviceUsed: false },
    response: {},
  };
}

describe('post-authentication trigger: dormant accounts', () => {
  beforeEach(() => {
    dynamo.reset();
    cognito.reset();
    dynamo.on(UpdateCommand).resolves({});
    cognito.on(AdminResetUserPasswordCommand).resolves({});
    process.env['TABLE_NAME'] = 'table';
    process.env['LOG_LEVEL'] = 'ERROR';
    resetBackendConfig();
  });
  afterEach(() => {
    process.env = { ...savedEnvironment };
    resetBackendConfig();
  });

  it('lets an account used within 60 days sign in', async () => {
    dynamo.on(GetCommand).resolves({ Item: { accountId: 'acc-1', email: 'a@example.com', lastLoginDate: daysAgo(59) } });
    await expect(handler(event())).resolves.toMatchObject({ userName: 'user-1' });
    expect(cognito.calls()).toHaveLength(0);
  });

  it('resets the password of an account unused for more than 60 days and refuses this sign-in with the message', async () => {
    dynamo.on(GetCommand).resolves({ Item: { accountId: 'acc-1', email: 'a@example.com', lastLoginDate: daysAgo(61) } });
    await expect(handler(event())).rejects.toThrow(MESSAGES.dormantAccount);
    expect(cognito.commandCalls(AdminResetUserPasswordCommand)[0]?.args[0].input).toEqual({ UserPoolId: 'pool-1', Username: 'user-1' });
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input.UpdateExpression).toBe('SET dormancyResetAt = :now');
  });

  it('lets the account in once its password was reset for this dormancy', async () => {
    const lastLoginDate = daysAgo(90);
    dynamo.on(GetCommand).resolves({ Item: { accountId: 'acc-1', email: 'a@example.com', lastLoginDate, dormancyResetAt: daysAgo(1) } });
    await expect(handler(event())).resolves.toBeDefined();
    expect(cognito.calls()).toHaveLength(0);
  });

  it('leaves alone identities without an account, or never signed in', async () => {
    await expect(handler(event({}))).resolves.toBeDefined();
    dynamo.on(GetCommand).resolves({ Item: { accountId: 'acc-1', email: 'a@example.com' } });
    await expect(handler(event())).resolves.toBeDefined();
    expect(cognito.calls()).toHaveLength(0);
  });
});

describe('post-authentication trigger: disabled organisations', () => {
  const organisationKey = { pk: 'C#org-1#ORGANISATION', sk: 'ORGANISATION' };
  beforeEach(() => {
    dynamo.reset();
    cognito.reset();
    process.env['TABLE_NAME'] = 'table';
    process.env['LOG_LEVEL'] = 'ERROR';
    resetBackendConfig();
    dynamo.on(GetCommand).resolves({ Item: { accountId: 'acc-1', email: 'a@example.com', lastLoginDate: daysAgo(1) } });
  });
  afterEach(() => {
    process.env = { ...savedEnvironment };
    resetBackendConfig();
  });

  it("refuses a disabled organisation's user with the message, before anything else", async () => {
    dynamo.on(GetCommand, { Key: organisationKey }).resolves({ Item: { ...organisationKey, name: 'Org', status: 'disabled' } });
    await expect(handler(event())).rejects.toThrow(MESSAGES.organisationDisabled);
    expect(cognito.calls()).toHaveLength(0);
  });

  it('lets in the users of an active organisation, and a superadmin whatever its own organisation', async () => {
    dynamo.on(GetCommand, { Key: organisationKey }).resolves({ Item: { ...organisationKey, name: 'Org', status: 'active' } });
    await expect(handler(event())).resolves.toBeDefined();
    dynamo.on(GetCommand, { Key: organisationKey }).resolves({ Item: { ...organisationKey, name: 'Org', status: 'disabled' } });
    await expect(handler(event({ 'custom:customerid': 'org-1', 'custom:accountinfoid': 'acc-1', 'custom:role': 'superadmin' }))).resolves.toBeDefined();
  });
});
