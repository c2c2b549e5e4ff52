import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { apiEvent, invoke, liveSession } from '../shared/api-event.test-support';
import { resetBackendConfig } from '../shared/config';
import { handler } from './handler';

const dynamo = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);
const savedEnvironment = { ...process.env };

const OTHER_EMAIL = 'other@example.com';
const other = { pk: 'C#org-1#USER', sk: 'USER#u-2', accountId: 'u-2', email: OTHER_EMAIL, role: 'basicuser', isActive: true, isEmailVerified: false };
const editOther = (body: unknown) => invoke(handler, apiEvent('PUT /api/users/account/{email}', { pathParameters: { email: OTHER_EMAIL }, body }));
const updates = () => dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input);
/** The isEmailVerified values the profile updates wrote. */
const verifiedValues = () => updates().flatMap((input) => Object.entries(input.ExpressionAttributeNames ?? {})
  .filter(([, name]) => name === 'isEmailVerified')
  .map(([placeholder]) => input.ExpressionAttributeValues?.[placeholder.replace('#', ':')]));
const updatedFields = () => updates().flatMap((input) => Object.values(input.ExpressionAttributeNames ?? {}));

describe('accounts handler: an administrator editing another account (PUT users/account/{email})', () => {
  beforeEach(() => {
    dynamo.reset();
    cognito.reset();
    const session = liveSession();
    dynamo.on(GetCommand).resolves({});
    dynamo.on(GetCommand, { Key: session.key }).resolves(session.answer);
    dynamo.on(QueryCommand).resolves({ Items: [other] });
    dynamo.on(UpdateCommand).callsFake((input: { ExpressionAttributeValues?: Record<string, unknown> }) => ({ Attributes: { ...other, ...input.ExpressionAttributeValues } }));
    cognito.on(AdminGetUserCommand).resolves({
      Username: OTHER_EMAIL,
      UserAttributes: [{ Name: 'email', Value: OTHER_EMAIL }, { Name: 'email_verified', Value: 'false' }],
    });
    Object.assign(process.env, { TABLE_NAME: 'table', LOG_LEVEL: 'ERROR', USER_POOL_ID: 'pool-1' });
    resetBackendConfig();
  });
  afterEach(() => {
    process.env = { ...savedEnvironment };
    resetBackendConfig();
  });

  it('refuses an account without a role (nobody\'s to change), changing nothing', async () => {
    const { role: _role, ...roleless } = other;
    dynamo.on(QueryCommand).resolves({ Items: [roleless] });
    expect(await editOther({ firstname: 'Owned' })).toEqual({ status: 403, body: { message: MESSAGES.accountOutranksYou } });
    expect(updates()).toHaveLength(0);
  });

  it('takes neither isactive nor isEmailVerified from the body: the email is verified when the identity says so', async () => {
    const answer = await editOther({ firstname: 'Renamed', isactive: 0, isEmailVerified: 1 });
    expect(answer).toEqual({ status: 200, body: { accountId: 'u-2', email: OTHER_EMAIL } });
    expect(updatedFields()).toContain('firstName');
    expect(updatedFields()).not.toContain('isActive');
    expect(verifiedValues()).toEqual([false]);
  });

  it('marks the email verified when the identity has it verified', async () => {
    cognito.on(AdminGetUserCommand).resolves({
      Username: OTHER_EMAIL,
      UserAttributes: [
        { Name: 'email', Value: OTHER_EMAIL }, { Name: 'email_verified', Value: 'true' },
        { Name: 'custom:customerid', Value: 'org-1' }, { Name: 'custom:accountinfoid', Value: 'u-2' },
      ],
    });
    expect((await editOther({ isEmailVerified: 0 })).status).toBe(200);
    expect(verifiedValues()).toEqual([true]);
  });

  it('does not take the verified email of an identity that is another account\'s', async () => {
    cognito.on(AdminGetUserCommand).resolves({
      Username: OTHER_EMAIL,
      UserAttributes: [
        { Name: 'email', Value: OTHER_EMAIL }, { Name: 'email_verified', Value: 'true' },
        { Name: 'custom:customerid', Value: 'org-2' }, { Name: 'custom:accountinfoid', Value: 'u-9' },
      ],
    });
    expect((await editOther({ isEmailVerified: 1 })).status).toBe(200);
    expect(verifiedValues()).toEqual([false]);
  });
});
