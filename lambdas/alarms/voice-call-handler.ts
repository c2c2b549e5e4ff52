import { IVR_CALL_WORDING, type TemplateLanguage } from '@domain/notifications/templates';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { speechOf } from '../shared/ivr-call';
import { describeError, invocationLogger, logger, observedHandler } from '../shared/observability';
import { acknowledgeByVoice, type VoiceKeyOutcome } from './voice-acknowledge';

/**
 * The SIP media application's handler (issue 14 section 4, IVR on AWS; lib/voice-calls.ts):
 * Amazon Chime SDK PSTN audio invokes it at each event of a call the voice provider placed
 * (lambdas/shared/channel-providers.ts) and runs the actions it answers. An adapter only: the
 * call's arguments come with NEW_OUTBOUND_CALL and are kept as its transaction attributes for
 * the later events; once answered the alarm is read and one key is asked for (twice at most);
 * the key goes to acknowledgeByVoice, which decides, and the call says what came of it and
 * hangs up. The words are the product's (domain/notifications/templates.ts).
 */

/** What the service sends (the fields this handler reads). */
export interface CallEvent {
  InvocationEventType: string;
  ActionData?: { Type?: string; Parameters?: { Arguments?: Record<string, string> }; ReceivedDigits?: string; ErrorType?: string };
  CallDetails?: {
    TransactionId?: string;
    TransactionAttributes?: Record<string, string>;
    Participants?: readonly { CallId?: string; ParticipantTag?: string }[];
  };
}

export interface CallAction {
  Type: 'Speak' | 'SpeakAndGetDigits' | 'Hangup';
  Parameters: Record<string, unknown>;
}

export interface CallResponse {
  SchemaVersion: '1.0';
  Actions: CallAction[];
  TransactionAttributes?: Record<string, string>;
}

export interface CallDependencies {
  /** acknowledgeByVoice with its table (a fake in tests). */
  acknowledge(context: Readonly<Record<string, string | undefined>>, digit: string): Promise<VoiceKeyOutcome>;
}

/** Amazon Polly's voice per language, the same voices End User Messaging reads other calls with. */
const VOICES: Record<TemplateLanguage, { LanguageCode: string; VoiceId: string }> = {
  en: { LanguageCode: 'en-US', VoiceId: 'Joanna' },
  fr: { LanguageCode: 'fr-FR', VoiceId: 'Lea' },
  es: { LanguageCode: 'es-ES', VoiceId: 'Lucia' },
};
/** How long the listener has to press a key after each reading. */
const KEY_WAIT_MS = 10_000;
/** The alarm is read, and if no key comes, read once more. */
const READINGS = 2;

const languageOf = (value: string | undefined): TemplateLanguage => (value === 'fr' || value === 'es' ? value : 'en');
const respond = (actions: CallAction[], attributes?: Record<string, string>): CallResponse => ({
  SchemaVersion: '1.0', Actions: actions, ...(attributes === undefined ? {} : { TransactionAttributes: attributes }),
});

function speech(language: TemplateLanguage, text: string, textType: 'ssml' | 'text') {
  return { Text: text, Engine: 'neural', TextType: textType, ...VOICES[language] };
}

const hangup = (callId: string): CallAction => ({ Type: 'Hangup', Parameters: { CallId: callId, SipResponseCode: '0' } });
const say = (callId: string, language: TemplateLanguage, text: string): CallAction => ({ Type: 'Speak', Parameters: { CallId: callId, ...speech(language, text, 'text') } });

/** The actions for one event of a call. */
export async function callEventActions(deps: CallDependencies, event: CallEvent): Promise<CallResponse> {
  const callArguments = event.CallDetails?.TransactionAttributes ?? {};
  const participant = event.CallDetails?.Participants?.find((candidate) => candidate.ParticipantTag === 'LEG-A') ?? event.CallDetails?.Participants?.[0];
  const callId = participant?.CallId ?? '';
  const language = languageOf(callArguments['language']);
  const words = IVR_CALL_WORDING[language];

  switch (event.InvocationEventType) {
    case 'NEW_OUTBOUND_CALL':
      // Nothing to do until it is answered; its arguments come only now, so the call keeps them.
      return respond([], { ...(event.ActionData?.Parameters?.Arguments ?? {}) });
    case 'CALL_ANSWERED': {
      const parts = speechOf(callArguments);
      const last = parts.pop();
      if (last === undefined) return respond([hangup(callId)]);
      return respond([
        ...parts.map((part): CallAction => ({ Type: 'Speak', Parameters: { CallId: callId, ...speech(language, part, 'ssml') } })),
        {
          Type: 'SpeakAndGetDigits',
          Parameters: {
            CallId: callId,
            InputDigitsRegex: '^\\d$',
            SpeechParameters: speech(language, last, 'ssml'),
            FailureSpeechParameters: speech(language, words.retry, 'text'),
            MinNumberOfDigits: 1,
            MaxNumberOfDigits: 1,
            Repeat: READINGS,
            RepeatDurationInMilliseconds: KEY_WAIT_MS,
          },
        },
      ]);
    }
    case 'ACTION_SUCCESSFUL': {
      if (event.ActionData?.Type !== 'SpeakAndGetDigits') return respond([hangup(callId)]);
      let outcome: VoiceKeyOutcome;
      try {
        outcome = await deps.acknowledge(callArguments, event.ActionData.ReceivedDigits ?? '');
      } catch (error) {
        // The listener hears that nothing was acknowledged; the escalation goes on.
        logger.error('IVR call could not acknowledge its alarm', { transactionId: event.CallDetails?.TransactionId, ...describeError(error) });
        outcome = 'ignored';
      }
      const said = { acknowledged: words.acknowledged, already: words.already, ignored: words.notAcknowledged }[outcome];
      return respond([say(callId, language, said), hangup(callId)]);
    }
    case 'ACTION_FAILED':
      // No key after both readings, or the action itself failed: the alarm stays as it is.
      return respond([hangup(callId)]);
    default:
      // RINGING, HANGUP and the rest: nothing to do.
      return respond([]);
  }
}

export const handler = observedHandler('ivrCall', async (event: CallEvent, context): Promise<CallResponse> => {
  invocationLogger(context, { handler: 'ivrCall' }).info('IVR call event', {
    event: event.InvocationEventType, action: event.ActionData?.Type, transactionId: event.CallDetails?.TransactionId,
  });
  const client = dynamoDocumentClient();
  const tableName = backendConfig().tableName;
  return callEventActions({ acknowledge: (callContext, digit) => acknowledgeByVoice({ client, tableName }, callContext, digit) }, event);
});
