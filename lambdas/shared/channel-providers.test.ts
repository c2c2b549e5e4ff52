import { ChimeSDKVoiceClient, CreateSipMediaApplicationCallCommand } from '@aws-sdk/client-chime-sdk-voice';
import { PinpointSMSVoiceV2Client, SendVoiceMessageCommand } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DELIVERY_PROVIDER_NAMES } from '@domain/notifications/channels';
import { awsMessageProviders } from './channel-providers';
import { IVR_MAX_SPEECH_PARTS, IVR_SPEECH_PART_LENGTH, speechOf } from './ivr-call';

const chime = mockClient(ChimeSDKVoiceClient);
const smsVoice = mockClient(PinpointSMSVoiceV2Client);
const savedEnvironment = { ...process.env };

const SSML = '<speak>This is an alarm call from the cold-chain monitoring portal. Freezer 2 at Main Kitchen has not reported since 14:05. Press 1 to acknowledge this alarm.</speak>';
const CONTEXT = { customerId: 'org-1', alarmId: 'a-1', delivery: 'a-1#1#u-1#voice' };
const providers = () => awsMessageProviders(async () => undefined);

describe('voice provider on AWS', () => {
  beforeEach(() => {
    chime.reset();
    smsVoice.reset();
    chime.on(CreateSipMediaApplicationCallCommand).resolves({ SipMediaApplicationCall: { TransactionId: 'tx-1' } });
    smsVoice.on(SendVoiceMessageCommand).resolves({ MessageId: 'm-1' });
    process.env['VOICE_ORIGINATION_IDENTITY'] = 'phone-0123';
    process.env['IVR_SIP_MEDIA_APPLICATION_ID'] = 'sma-1';
    process.env['IVR_PHONE_NUMBER'] = '+15550100001';
  });
  afterEach(() => {
    process.env = { ...savedEnvironment };
  });

  it('places an IVR call through the SIP media application from the Chime SDK number, carrying the delivery, the language and the script', async () => {
    expect(await providers().voice('+33612345678', SSML, 'fr', { ...CONTEXT, ivr: 'true' })).toBe('tx-1');
    expect(smsVoice.commandCalls(SendVoiceMessageCommand)).toHaveLength(0);
    const [call] = chime.commandCalls(CreateSipMediaApplicationCallCommand);
    const input = call?.args[0].input;
    expect(input).toMatchObject({ SipMediaApplicationId: 'sma-1', FromPhoneNumber: '+15550100001', ToPhoneNumber: '+33612345678' });
    expect(input?.ArgumentsMap).toEqual({
      customerId: 'org-1', alarmId: 'a-1', delivery: 'a-1#1#u-1#voice', language: 'fr',
      speech0: SSML.replace(/<\/?speak>/g, ''),
    });
    expect(speechOf(input?.ArgumentsMap ?? {})).toEqual([SSML]);
  });

  it('cuts a long script at sentence ends into parts a Speak action takes, within the arguments limit', async () => {
    const sentence = `${'word '.repeat(60).trim()}.`;
    const long = `<speak>${Array.from({ length: 12 }, () => sentence).join(' ')}</speak>`;
    await providers().voice('+33612345678', long, 'en', { ...CONTEXT, ivr: 'true' });
    const argumentsMap = chime.commandCalls(CreateSipMediaApplicationCallCommand)[0]?.args[0].input.ArgumentsMap ?? {};
    const parts = speechOf(argumentsMap);
    expect(parts.length).toBeGreaterThan(1);
    expect(Object.keys(argumentsMap).length).toBeLessThanOrEqual(20);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(IVR_SPEECH_PART_LENGTH + '<speak></speak>'.length);
      expect(part).toMatch(/\.<\/speak>$/);
    }
    expect(parts.map((part) => part.replace(/<\/?speak>/g, '')).join(' ')).toBe(long.replace(/<\/?speak>/g, ''));
  });

  it('refuses a script longer than an IVR call can read, before calling anyone', async () => {
    const tooLong = `<speak>${'Sentence of some length for the call. '.repeat(Math.ceil((IVR_MAX_SPEECH_PARTS * IVR_SPEECH_PART_LENGTH) / 30))}</speak>`;
    await expect(providers().voice('+33612345678', tooLong, 'en', { ...CONTEXT, ivr: 'true' })).rejects.toThrow(/too long for an IVR call/);
    expect(chime.commandCalls(CreateSipMediaApplicationCallCommand)).toHaveLength(0);
  });

  it('sends a call without IVR through End User Messaging SendVoiceMessage, as SSML in the language', async () => {
    expect(await providers().voice('+33612345678', SSML, 'es', CONTEXT)).toBe('m-1');
    expect(chime.commandCalls(CreateSipMediaApplicationCallCommand)).toHaveLength(0);
    expect(smsVoice.commandCalls(SendVoiceMessageCommand)[0]?.args[0].input).toMatchObject({
      DestinationPhoneNumber: '+33612345678', OriginationIdentity: 'phone-0123', MessageBody: SSML, MessageBodyTextType: 'SSML', VoiceId: 'LUCIA', Context: CONTEXT,
    });
  });

  it('reads an IVR call through SendVoiceMessage where the stack has no SIP media application', async () => {
    delete process.env['IVR_SIP_MEDIA_APPLICATION_ID'];
    delete process.env['IVR_PHONE_NUMBER'];
    expect(await providers().voice('+33612345678', SSML, 'en', { ...CONTEXT, ivr: 'true' })).toBe('m-1');
    expect(chime.commandCalls(CreateSipMediaApplicationCallCommand)).toHaveLength(0);
  });
});

describe('the providers of the channels catalogue', () => {
  it('has a send for each provider the catalogue lists', () => {
    const sends = providers();
    for (const provider of DELIVERY_PROVIDER_NAMES) expect(typeof sends[provider], provider).toBe('function');
  });
});
