import {
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { apiEvent, claimsOf, invoke, liveSession } from '../shared/api-event.test-support';
import { resetBackendConfig } from '../shared/config';
import { handler } from './handler';

const dynamo = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);
const sns = mockClient(SNSClient);
const savedEnvironment = { ...process.env };

const body = { firstName: 'Ivy', lastName: 'Invitee', email: 'ivy@example.com', role: 'basicuser', siteIds: ['s-1'] };
const userKey = { pk: 'C#org-1#USER', sk: 'USER#u-1' };
const storedUser = {
  ...userKey, type: 'USER', accountId: 'u-1', email: 'u1@example.com', role: 'basicuser', firstName: 'Una', lastName: 'User',
  siteIds: ['s-1'], phone: '+15551234567', phoneVerified: true, mfaEnabled: true, version: 4,
};
const notFound = Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' });
const transactions = () => dynamo.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems ?? []);

describe('users handler', () => {
  beforeEach(() => {
    dynamo.reset();
    cognito.reset();
    sns.reset();
    const session = liveSession();
    dynamo.on(GetCommand).resolves({});
    dynamo.on(GetCommand, { Key: session.key }).resolves(session.answer);
    dynamo.on(GetCommand, { Key: userKey }).resolves({ Item: storedUser });
    dynamo.on(QueryCommand).resolves({ Items: [] });
    dynamo.on(TransactWriteCommand).resolves({});
    dynamo.on(PutCommand).resolves({});
    cognito.on(AdminGetUserCommand).rejects(notFound);
    cognito.on(AdminCreateUserCommand).resolves({});
    Object.assign(process.env, { TABLE_NAME: 'table', LOG_LEVEL: 'ERROR', USER_POOL_ID: 'pool-1' });
    resetBackendConfig();
  });
  afterEach(() => {
    process.env = { ...savedEnvironment };
    resetBackendConfig();
  });

  it('writes the record, its email marker and its audit entry in one transaction, then invites through the identity service', async () => {
    const result = await invoke(handler, apiEvent('POST /api/users', { body }));
    expect(result.status).toBe(201);
    const [created] = transactions();
    expect(created?.map((item) => String(item.Put?.Item?.['pk']))).toEqual([
      'C#org-1#USER', 'C#org-1#UNIQUE#USER#email#ivy%40example.com', 'C#org-1#AUDIT',
    ]);
    expect(created?.slice(0, 2).every((item) => item.Put?.ConditionExpression === 'attribute_not_exists(pk)')).toBe(true);
    const invitation = cognito.commandCalls(AdminCreateUserCommand)[0]?.args[0].input;
    expect(invitation).toMatchObject({ Username: 'ivy@example.com', DesiredDeliveryMediums: ['EMAIL'] });
    // Cognito makes the temporary password and emails it; the API never sees one.
    expect(invitation?.TemporaryPassword).toBeUndefined();
    expect(invitation?.MessageAction).toBeUndefined();
    expect(invitation?.UserAttributes).toEqual(expect.arrayContaining([
      { Name: 'custom:role', Value: 'basicuser' }, { Name: 'custom:customerid', Value: 'org-1' }, { Name: 'custom:isPortalLogin', Value: 'true' },
    ]));
    expect(JSON.stringify(result.body)).not.toMatch(/password/i);
  });

  it('takes the record back, with a delete in the audit trail, when the identity cannot be made', async () => {
    cognito.on(AdminCreateUserCommand).rejects(Object.assign(new Error('exists'), { name: 'UsernameExistsException' }));
    const result = await invoke(handler, apiEvent('POST /api/users', { body }));
    expect(result).toEqual({ status: 409, body: { message: MESSAGES.userRegisteredByAnotherClient } });
    const [, undo] = transactions();
    expect(undo?.map((item) => (item.Delete ? `delete ${String(item.Delete.Key?.['pk'])}` : `put ${String(item.Put?.Item?.['action'])}`))).toEqual([
      'delete C#org-1#USER', 'delete C#org-1#UNIQUE#USER#email#ivy%40example.com', 'put delete',
    ]);
  });

  it('refuses an email signing in for another organisation before writing anything', async () => {
    cognito.on(AdminGetUserCommand).resolves({ Username: 'x', UserAttributes: [{ Name: 'custom:customerid', Value: 'org-2' }] });
    expect(await invoke(handler, apiEvent('POST /api/users', { body }))).toEqual({ status: 409, body: { message: MESSAGES.userRegisteredByAnotherClient } });
    expect(transactions()).toHaveLength(0);
  });

  it('says already invited when the email has a pending invitation here', async () => {
    dynamo.on(QueryCommand, { IndexName: 'gsi2' }).resolves({ Items: [{ accountId: 'u-2', email: body.email, inviteDate: '2026-01-01 00:00:00' }] });
    expect(await invoke(handler, apiEvent('POST /api/users/invite', { body }))).toEqual({ status: 409, body: { message: MESSAGES.userAlreadyInvited } });
  });

  it('lets an administrator not turn MFA off; support may', async () => {
    const asAdmin = await invoke(handler, apiEvent('PUT /api/users/{id}/mfa', { pathParameters: { id: 'u-1' }, body: { enabled: false } }));
    expect(asAdmin).toMatchObject({ status: 400, body: { message: MESSAGES.mfaOffSupportOnly } });
    expect(cognito.commandCalls(AdminSetUserMFAPreferenceCommand)).toHaveLength(0);

    const session = liveSession('help-1');
    dynamo.on(GetCommand, { Key: session.key }).resolves(session.answer);
    const asSupport = await invoke(handler, apiEvent('PUT /api/users/{id}/mfa', {
      pathParameters: { id: 'u-1' }, body: { enabled: false }, claims: claimsOf('helpdesk', 'help-1'),
    }));
    expect(asSupport).toMatchObject({ status: 200, body: { mfaEnabled: false, version: 5 } });
    expect(cognito.commandCalls(AdminSetUserMFAPreferenceCommand)[0]?.args[0].input.SMSMfaSettings).toEqual({ Enabled: false, PreferredMfa: false });
  });

  it('disables the identity as well as the record', async () => {
    cognito.on(AdminDisableUserCommand).resolves({});
    const result = await invoke(handler, apiEvent('PUT /api/users/{id}/status', { pathParameters: { id: 'u-1' }, body: { isactive: false } }));
    expect(result).toMatchObject({ status: 200, body: { isactive: false } });
    expect(cognito.commandCalls(AdminDisableUserCommand)[0]?.args[0].input).toEqual({ UserPoolId: 'pool-1', Username: 'u1@example.com' });
  });

  it('texts a code to the saved phone, keeping only its hash', async () => {
    sns.on(PublishCommand).resolves({ MessageId: 'm-1' });
    // A French-speaking user of Demo Foods: the text is in French and names the organisation.
    dynamo.on(GetCommand, { Key: userKey }).resolves({ Item: { ...storedUser, lang: 'fr' } });
    dynamo.on(GetCommand, { Key: { pk: 'C#org-1#ORGANISATION', sk: 'ORGANISATION' } }).resolves({ Item: { name: 'Demo Foods' } });
    const result = await invoke(handler, apiEvent('POST /api/users/sendOTP', { body: { userId: 'u-1', channel: 'phone' } }));
    expect(result).toMatchObject({ status: 200, body: { destination: '+1******4567' } });
    const text = sns.commandCalls(PublishCommand)[0]?.args[0].input;
    expect(text?.PhoneNumber).toBe('+15551234567');
    const code = /\b(\d{6})\b/.exec(text?.Message ?? '')?.[1];
    expect(code).toBeDefined();
    expect(text?.Message).toBe(`Demo Foods\u00a0: votre code de vérification du Portail chaîne du froid est ${code ?? ''}.`);
    const stored = dynamo.commandCalls(PutCommand).map((call) => call.args[0].input.Item).find((item) => item?.['type'] === 'OTP');
    expect(stored?.['sk']).toBe('USER#u-1#OTP#phone');
    expect(JSON.stringify(stored)).not.toContain(code);
  });

  it('refuses an administrator acting on an account whose role outranks theirs: 403, the catalogue\'s message, nothing changed', async () => {
    dynamo.on(GetCommand, { Key: userKey }).resolves({ Item: { ...storedUser, role: 'helpdesk' } });
    const outranks = { status: 403, body: { message: MESSAGES.accountOutranksYou } };
    const onUser = (routeKey: string, requestBody?: unknown) => invoke(handler, apiEvent(routeKey, { pathParameters: { id: 'u-1' }, body: requestBody }));
    expect(await onUser('PUT /api/users/{id}', { ...body, email: storedUser.email, role: 'basicuser' })).toEqual(outranks);
    expect(await onUser('PUT /api/users/{id}/status', { isactive: false })).toEqual(outranks);
    expect(await onUser('PUT /api/users/{id}/mfa', { enabled: false })).toEqual(outranks);
    expect(await onUser('DELETE /api/users/{id}')).toEqual(outranks);
    expect(await invoke(handler, apiEvent('POST /api/users/sendOTP', { body: { userId: 'u-1', channel: 'phone' } }))).toEqual(outranks);
    expect(transactions()).toHaveLength(0);
    expect(cognito.commandCalls(AdminDisableUserCommand)).toHaveLength(0);
    expect(sns.commandCalls(PublishCommand)).toHaveLength(0);
  });

  it('still answers 400 for a role the administrator may not give', async () => {
    const result = await invoke(handler, apiEvent('PUT /api/users/{id}', { pathParameters: { id: 'u-1' }, body: { ...body, email: storedUser.email, role: 'helpdesk' } }));
    expect(result).toEqual({ status: 400, body: { message: MESSAGES.roleNotAssignable, details: { role: MESSAGES.roleNotAssignable } } });
  });
});
