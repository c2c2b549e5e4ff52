import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  PinpointSMSVoiceV2Client,
  SendTextMessageCommand,
  SendVoiceMessageCommand,
} from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelFaults } from './channel-faults';
import { LOCAL_REGION } from './identity';
import { Outbox } from './outbox';
import { inboundTextOf } from '../lambdas/alarms/sms-reply-handler';
import { LOCAL_SMS_NUMBER, startSmsVoice, twoWaySmsEvent, type LocalSmsVoice } from './sms-voice';

// The stand-in checks no signature: whatever credentials are given will do.
const TEST_CREDENTIALS = { accessKeyId: 'test', secretAccessKey: 'test' };

describe('the local End User Messaging SMS and Voice stand-in', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sms-voice-'));
  const outbox = new Outbox(join(dir, 'messages.jsonl'));
  const faults = new ChannelFaults();
  let smsVoice: LocalSmsVoice;
  let client: PinpointSMSVoiceV2Client;

  beforeAll(async () => {
    smsVoice = await startSmsVoice(outbox, faults);
    // The SDK's default retries (3 attempts) stay on: a send the switch fails fails on each of them.
    client = new PinpointSMSVoiceV2Client({ endpoint: smsVoice.endpoint, region: LOCAL_REGION, credentials: TEST_CREDENTIALS });
  });
  afterAll(async () => {
    client.destroy();
    await smsVoice.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('puts a text in the outbox with its context, answering as the service does', async () => {
    const result = await client.send(new SendTextMessageCommand({
      DestinationPhoneNumber: '+15551234567',
      MessageBody: 'Freezer 2 is at -5 °C. Reply 1 to acknowledge.',
      MessageType: 'TRANSACTIONAL',
      Context: { alarmId: 'alarm-1', deliveryKey: 'alarm-1#user-1#text', language: 'en' },
    }));
    const message = outbox.list().at(-1);
    expect(message).toMatchObject({
      channel: 'sms',
      to: '+15551234567',
      body: 'Freezer 2 is at -5 °C. Reply 1 to acknowledge.',
      language: 'en',
      context: { alarmId: 'alarm-1', deliveryKey: 'alarm-1#user-1#text', language: 'en' },
    });
    expect(result.MessageId).toBe(message?.id);
  });

  it('puts a voice message in the outbox with its SSML script, voice and language', async () => {
    const ssml = '<speak xml:lang="de-DE">Gefrierschrank 2 hat -5 Grad. Drücken Sie 1.</speak>';
    const result = await client.send(new SendVoiceMessageCommand({
      DestinationPhoneNumber: '+4915112345678',
      OriginationIdentity: '+15550000000',
      MessageBody: ssml,
      MessageBodyTextType: 'SSML',
      VoiceId: 'VICKI',
      Context: { alarmId: 'alarm-1', ivr: 'true' },
    }));
    const message = outbox.find(result.MessageId ?? '');
    expect(message).toMatchObject({
      channel: 'voice', to: '+4915112345678', from: '+15550000000', body: ssml, language: 'de-DE',
      voice: { textType: 'SSML', voiceId: 'VICKI' }, context: { alarmId: 'alarm-1', ivr: 'true' },
    });
  });

  it('refuses a number that is not E.164, and a voice call with no origination identity, with ValidationException', async () => {
    const before = outbox.list().length;
    await expect(client.send(new SendTextMessageCommand({ DestinationPhoneNumber: '5551234567', MessageBody: 'x' })))
      .rejects.toMatchObject({ name: 'ValidationException', Reason: 'INVALID_PARAMETER', Fields: [{ Name: 'DestinationPhoneNumber' }] });
    await expect(client.send(new SendVoiceMessageCommand({ DestinationPhoneNumber: '+15551234567', MessageBody: 'x' } as never)))
      .rejects.toMatchObject({ name: 'ValidationException', Fields: [{ Name: 'OriginationIdentity' }] });
    await expect(client.send(new SendVoiceMessageCommand({
      DestinationPhoneNumber: '+15551234567', OriginationIdentity: '+15550000000', MessageBody: 'not ssml', MessageBodyTextType: 'SSML',
    }))).rejects.toMatchObject({ name: 'ValidationException' });
    expect(outbox.list()).toHaveLength(before);
  });

  it('fails exactly the next N sends of a channel after failNext(N) (the SDK\'s own retries of one send included), then sends', async () => {
    const text = () => client.send(new SendTextMessageCommand({ DestinationPhoneNumber: '+15551234567', MessageBody: 'retry me' }));
    const before = outbox.list().length;
    faults.failNext('text', 2);
    await expect(text()).rejects.toMatchObject({ name: 'InternalServerException', $metadata: { httpStatusCode: 500, attempts: 3 } });
    await expect(text()).rejects.toThrow(/outbox's "fail the next sends" switch/);
    expect(faults.state().text).toBe(0);
    await expect(text()).resolves.toMatchObject({ MessageId: expect.any(String) as string });
    expect(outbox.list()).toHaveLength(before + 1);

    // Each channel has its own switch: failing voice leaves texts alone.
    faults.failNext('voice', 1);
    await expect(text()).resolves.toBeDefined();
    const voice = () => client.send(new SendVoiceMessageCommand({ DestinationPhoneNumber: '+15551234567', OriginationIdentity: '+15550000000', MessageBody: 'Alarm.' }));
    await expect(voice()).rejects.toMatchObject({ name: 'InternalServerException' });
    await expect(voice()).resolves.toBeDefined();
  });

  it('answers any other operation with a clear error', async () => {
    const response = await fetch(smsVoice.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'PinpointSMSVoiceV2.DeletePool' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ __type: expect.stringContaining('UnknownOperationException') as string, message: expect.stringContaining('DeletePool') as string });
  });
});

describe("a reply to a text, as End User Messaging's two-way SMS publishes it", () => {
  it('comes from the phone texted, to the number it came from, readable by the SNS handler', () => {
    // Act
    const event = twoWaySmsEvent({ id: 'message-1', to: '+15551234567' }, 'ok 4821');
    const [record] = event.Records;
    // Assess
    expect(event.Records).toHaveLength(1);
    expect(record?.EventSource).toBe('aws:sns');
    expect(JSON.parse(record?.Sns.Message ?? '{}')).toMatchObject({ originationNumber: '+15551234567', destinationNumber: LOCAL_SMS_NUMBER, messageBody: 'ok 4821', previousPublishedMessageId: 'message-1' });
    expect(inboundTextOf(record?.Sns.Message ?? '')).toMatchObject({ originationNumber: '+15551234567', messageBody: 'ok 4821' });
  });
});
