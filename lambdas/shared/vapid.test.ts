import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetVapidKeys, vapidKeys } from './vapid';

const ssm = mockClient(SSMClient);
const savedEnvironment = { ...process.env };
const KEYS = { publicKey: 'BPublic_Key-1', privateKey: 'Private_Key-1' };

describe('VAPID keys', () => {
  beforeEach(() => {
    ssm.reset();
    resetVapidKeys();
    for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_PARAMETER', 'VAPID_SUBJECT']) Reflect.deleteProperty(process.env, name);
  });
  afterEach(() => {
    process.env = { ...savedEnvironment };
    resetVapidKeys();
  });

  it('takes the local runtime\'s keys from the environment', async () => {
    Object.assign(process.env, { VAPID_PUBLIC_KEY: KEYS.publicKey, VAPID_PRIVATE_KEY: KEYS.privateKey });
    await expect(vapidKeys()).resolves.toEqual({ ...KEYS, subject: 'mailto:support@coldchain.example' });
    expect(ssm.calls()).toHaveLength(0);
  });

  it('reads the SecureString parameter once per process, decrypted', async () => {
    process.env['VAPID_PARAMETER'] = '/coldchain/prod/vapid';
    ssm.on(GetParameterCommand).resolves({ Parameter: { Value: JSON.stringify({ ...KEYS, subject: 'mailto:ops@example.com' }) } });
    await expect(vapidKeys()).resolves.toEqual({ ...KEYS, subject: 'mailto:ops@example.com' });
    await vapidKeys();
    expect(ssm.commandCalls(GetParameterCommand).map((call) => call.args[0].input)).toEqual([{ Name: '/coldchain/prod/vapid', WithDecryption: true }]);
  });

  it('tries again after a failed read, and refuses a parameter that does not hold keys', async () => {
    process.env['VAPID_PARAMETER'] = '/coldchain/prod/vapid';
    ssm.on(GetParameterCommand).rejectsOnce(new Error('throttled')).resolvesOnce({ Parameter: { Value: 'not json' } });
    await expect(vapidKeys()).rejects.toThrow('throttled');
    await expect(vapidKeys()).rejects.toThrow(/is not JSON/);
  });

  it('says what is missing when neither is set', async () => {
    await expect(vapidKeys()).rejects.toThrow(/set VAPID_PARAMETER/);
  });
});
