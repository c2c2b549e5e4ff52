import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { apiEvent, invoke, liveSession } from '../shared/api-event.test-support';
import { resetBackendConfig } from '../shared/config';
import { handler } from './handler';

const dynamo = mockClient(DynamoDBDocumentClient);
const savedEnvironment = { ...process.env };

const otherKey = { pk: 'C#org-1#USER', sk: 'USER#u-2' };

describe('sessions handler: another account\'s sessions', () => {
  beforeEach(() => {
    dynamo.reset();
    const session = liveSession();
    dynamo.on(GetCommand).resolves({});
    dynamo.on(GetCommand, { Key: session.key }).resolves(session.answer);
    dynamo.on(QueryCommand).resolves({ Items: [] });
    Object.assign(process.env, { TABLE_NAME: 'table', LOG_LEVEL: 'ERROR' });
    resetBackendConfig();
  });
  afterEach(() => {
    process.env = { ...savedEnvironment };
    resetBackendConfig();
  });

  const sessionsOf = () => invoke(handler, apiEvent('GET /api/users/{id}/sessions', { pathParameters: { id: 'u-2' } }));

  it('an administrator sees a basic user\'s', async () => {
    dynamo.on(GetCommand, { Key: otherKey }).resolves({ Item: { ...otherKey, accountId: 'u-2', email: 'u2@example.com', role: 'basicuser' } });
    expect((await sessionsOf()).status).toBe(200);
  });

  it('an account without a role is nobody\'s to see or end', async () => {
    dynamo.on(GetCommand, { Key: otherKey }).resolves({ Item: { ...otherKey, accountId: 'u-2', email: 'u2@example.com' } });
    expect(await sessionsOf()).toEqual({ status: 403, body: { message: MESSAGES.accountOutranksYou } });
  });
});
