import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { UserStore } from '../data/repositories/users';

const dynamo = mockClient(DynamoDBDocumentClient);
const TEN_MINUTES = 10 * 60 * 1000;
const now = new Date('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

function store() {
  return new UserStore(dynamo as unknown as DynamoDBDocumentClient, 'table', () => now);
}

function previous(fields: Record<string, unknown>) {
  dynamo.on(GetCommand).resolves({
    Item: { codeHash: 'aa', destination: '+15550000000', expiresAt: ago(-TEN_MINUTES), attempts: 0, ...fields },
  });
}

describe('verification codes: resend cooldown and maximum (SPEC section 9)', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(PutCommand).resolves({});
  });

  it('sends the first code, counting it', async () => {
    dynamo.on(GetCommand).resolves({});
    const issued = await store().issueOtp('c', 'a', 'phone', '+15550000000', TEN_MINUTES);
    expect(issued).toMatchObject({ code: expect.stringMatching(/^\d{6}$/) });
    expect(dynamo.commandCalls(PutCommand)[0]?.args[0].input.Item).toMatchObject({ sends: 1, windowStartedAt: now.toISOString() });
  });

  it('refuses a resend within 30 s', async () => {
    previous({ sends: 1, windowStartedAt: ago(10_000), sentAt: ago(10_000) });
    expect(await store().issueOtp('c', 'a', 'phone', '+15550000000', TEN_MINUTES)).toEqual({ refused: 'cooldown' });
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('allows three resends, then refuses until the window has passed', async () => {
    previous({ sends: 3, windowStartedAt: ago(120_000), sentAt: ago(31_000) });
    expect(await store().issueOtp('c', 'a', 'phone', '+15550000000', TEN_MINUTES)).toMatchObject({ code: expect.any(String) });
    previous({ sends: 4, windowStartedAt: ago(150_000), sentAt: ago(31_000) });
    expect(await store().issueOtp('c', 'a', 'phone', '+15550000000', TEN_MINUTES)).toEqual({ refused: 'maximum' });
    previous({ sends: 4, windowStartedAt: ago(TEN_MINUTES + 1000), sentAt: ago(TEN_MINUTES) });
    expect(await store().issueOtp('c', 'a', 'phone', '+15550000000', TEN_MINUTES)).toMatchObject({ code: expect.any(String) });
  });

  it('a new number starts its own count', async () => {
    previous({ sends: 4, windowStartedAt: ago(60_000), sentAt: ago(5_000) });
    expect(await store().issueOtp('c', 'a', 'phone', '+15551111111', TEN_MINUTES)).toMatchObject({ code: expect.any(String) });
  });
});
