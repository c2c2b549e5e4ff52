import { describe, expect, it, vi } from 'vitest';
import { callEventActions, type CallDependencies, type CallEvent } from './voice-call-handler';

/** The call's arguments as the voice provider sent them, kept as its transaction attributes. */
const ARGUMENTS = {
  customerId: 'org-1', alarmId: 'a-1', delivery: 'a-1#alarm#1#u-1#voice', language: 'fr',
  speech0: "Ceci est un appel d'alarme. Freezer 2 n'a plus transmis de données.", speech1: 'Appuyez sur 1 pour acquitter cette alarme.',
};
const callDetails = (attributes: Record<string, string> | undefined = ARGUMENTS) => ({
  TransactionId: 'tx-1',
  ...(attributes === undefined ? {} : { TransactionAttributes: attributes }),
  Participants: [{ CallId: 'call-1', ParticipantTag: 'LEG-A' }],
});
const event = (type: string, fields: Partial<CallEvent> = {}): CallEvent => ({ InvocationEventType: type, CallDetails: callDetails(), ...fields });
const digits = (received: string | undefined): CallEvent => event('ACTION_SUCCESSFUL', {
  ActionData: { Type: 'SpeakAndGetDigits', ...(received === undefined ? {} : { ReceivedDigits: received }) },
});
const fake = (outcome: Awaited<ReturnType<CallDependencies['acknowledge']>> = 'acknowledged') => ({ acknowledge: vi.fn<CallDependencies['acknowledge']>().mockResolvedValue(outcome) });
const FRENCH = { Engine: 'neural', LanguageCode: 'fr-FR', VoiceId: 'Lea' };
const HANGUP = { Type: 'Hangup', Parameters: { CallId: 'call-1', SipResponseCode: '0' } };

describe('IVR call handler (the SIP media application)', () => {
  it('does nothing on a new outbound call but keep its arguments for the rest of the call', async () => {
    const deps = fake();
    const response = await callEventActions(deps, event('NEW_OUTBOUND_CALL', {
      CallDetails: callDetails(undefined), ActionData: { Type: 'CallCreateRequest', Parameters: { Arguments: ARGUMENTS } },
    }));
    expect(response).toEqual({ SchemaVersion: '1.0', Actions: [], TransactionAttributes: ARGUMENTS });
    expect(deps.acknowledge).not.toHaveBeenCalled();
  });

  it('reads the alarm when answered and asks for one key, in the listener\'s language, reading it once more if none comes', async () => {
    const { Actions } = await callEventActions(fake(), event('CALL_ANSWERED'));
    expect(Actions).toEqual([
      { Type: 'Speak', Parameters: { CallId: 'call-1', Text: `<speak>${ARGUMENTS.speech0}</speak>`, TextType: 'ssml', ...FRENCH } },
      {
        Type: 'SpeakAndGetDigits',
        Parameters: {
          CallId: 'call-1',
          InputDigitsRegex: '^\\d$',
          SpeechParameters: { Text: `<speak>${ARGUMENTS.speech1}</speak>`, TextType: 'ssml', ...FRENCH },
          FailureSpeechParameters: { Text: "Aucune touche n'a été pressée.", TextType: 'text', ...FRENCH },
          MinNumberOfDigits: 1,
          MaxNumberOfDigits: 1,
          Repeat: 2,
          RepeatDurationInMilliseconds: 10_000,
        },
      },
    ]);
  });

  it('hangs up an answered call that carries nothing to read', async () => {
    const { Actions } = await callEventActions(fake(), event('CALL_ANSWERED', { CallDetails: callDetails({}) }));
    expect(Actions).toEqual([HANGUP]);
  });

  it('acknowledges on 1 through acknowledgeByVoice with the call\'s arguments, says so and hangs up', async () => {
    const deps = fake('acknowledged');
    const { Actions } = await callEventActions(deps, digits('1'));
    expect(deps.acknowledge).toHaveBeenCalledWith(ARGUMENTS, '1');
    expect(Actions).toEqual([
      { Type: 'Speak', Parameters: { CallId: 'call-1', Text: "Merci. L'alarme est acquittée. Au revoir.", TextType: 'text', ...FRENCH } },
      HANGUP,
    ]);
  });

  it('says an alarm acknowledged meanwhile was already acknowledged', async () => {
    const { Actions } = await callEventActions(fake('already'), digits('1'));
    expect(Actions[0]?.Parameters['Text']).toBe('Cette alarme était déjà acquittée. Au revoir.');
    expect(Actions[1]).toEqual(HANGUP);
  });

  it('leaves the alarm on another key (acknowledgeByVoice decides) and says it was not acknowledged', async () => {
    const deps = fake('ignored');
    const { Actions } = await callEventActions(deps, digits('7'));
    expect(deps.acknowledge).toHaveBeenCalledWith(ARGUMENTS, '7');
    expect(Actions).toEqual([
      { Type: 'Speak', Parameters: { CallId: 'call-1', Text: "L'alarme n'a pas été acquittée. Au revoir.", TextType: 'text', ...FRENCH } },
      HANGUP,
    ]);
  });

  it('says nothing was acknowledged when acknowledging fails', async () => {
    const deps = { acknowledge: vi.fn<CallDependencies['acknowledge']>().mockRejectedValue(new Error('table unavailable')) };
    const { Actions } = await callEventActions(deps, digits('1'));
    expect(Actions[0]?.Parameters['Text']).toBe("L'alarme n'a pas été acquittée. Au revoir.");
  });

  it('speaks English when the call names no language it knows', async () => {
    const { Actions } = await callEventActions(fake(), { ...digits('1'), CallDetails: callDetails({ ...ARGUMENTS, language: 'de' }) });
    expect(Actions[0]?.Parameters).toMatchObject({ Text: 'Thank you. The alarm is acknowledged. Goodbye.', LanguageCode: 'en-US', VoiceId: 'Joanna' });
  });

  it('hangs up when no key came after both readings or the action failed, acknowledging nothing', async () => {
    const deps = fake();
    const { Actions } = await callEventActions(deps, event('ACTION_FAILED', { ActionData: { Type: 'SpeakAndGetDigits', ErrorType: 'SystemException' } }));
    expect(Actions).toEqual([HANGUP]);
    expect(deps.acknowledge).not.toHaveBeenCalled();
  });

  it('does nothing on ringing or when the call is hung up', async () => {
    const deps = fake();
    for (const type of ['RINGING', 'HANGUP']) {
      expect(await callEventActions(deps, event(type, { ActionData: { Type: 'Hangup' } }))).toEqual({ SchemaVersion: '1.0', Actions: [] });
    }
    expect(deps.acknowledge).not.toHaveBeenCalled();
  });
});
