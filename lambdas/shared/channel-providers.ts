import { CreateSipMediaApplicationCallCommand } from '@aws-sdk/client-chime-sdk-voice';
import { SendTextMessageCommand, SendVoiceMessageCommand, type VoiceId } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { DELIVERY_PROVIDERS, type DeliveryProvider } from '@domain/notifications/channels';
import { chimeVoiceClient } from './clients/chime-voice';
import { sesClient } from './clients/ses';
import { smsVoiceClient } from './clients/sms-voice';
import { backendConfig } from './config';
import { ivrCallArguments } from './ivr-call';
import type { PushSend } from './push-types';

/**
 * The providers messages go through on both runtimes (issue 14 sections 2 and 3): email through
 * SES v2, texts and voice calls through AWS End User Messaging SMS and Voice v2, except a call
 * that asks for a key press (its context's `ivr` is 'true') where the stack has a SIP media
 * application: Amazon Chime SDK PSTN audio places that one (lib/voice-calls.ts), since End User
 * Messaging's calls cannot hear a key. Their endpoints
 * come from the SDK's standard variables (locally: the SES emulator and the SMS/voice stand-in,
 * which keep every message for the outbox page). Push is web push (lambdas/notifier/push.ts).
 * Shared: the notifier's senders send alarms with them, the users resource a user's own test
 * message.
 */

/** One provider per kind of address (a pager is an email or a text). Each returns the provider's message id. */
interface ProviderCalls {
  email(to: string, message: { subject: string; text: string; html: string }): Promise<string>;
  text(to: string, body: string, context: Record<string, string>): Promise<string>;
  voice(to: string, ssml: string, language: string, context: Record<string, string>): Promise<string>;
  /** Undefined: the user has no device registered for push. */
  push: PushSend;
}
/** A call for each provider of the channels' catalogue: a provider added there and not here fails to compile. */
export type MessageProviders = { [Provider in DeliveryProvider]: ProviderCalls[Provider] };

/** The voice reading a call, in the recipient's language. */
const VOICES: Record<string, VoiceId> = { en: 'JOANNA', fr: 'LEA', es: 'LUCIA' };

/** The number calls and texts come from (an origination identity of the account's End User Messaging). */
const originationOf = (provider: 'text' | 'voice') => process.env[DELIVERY_PROVIDERS[provider].originationVariable] || undefined;

/** The SIP media application IVR calls go through and its Chime SDK number (lib/voice-calls.ts sets both, or neither). */
function ivrCallSettings(): { sipMediaApplicationId: string; phoneNumber: string } | undefined {
  const sipMediaApplicationId = process.env['IVR_SIP_MEDIA_APPLICATION_ID'] || undefined;
  const phoneNumber = process.env['IVR_PHONE_NUMBER'] || undefined;
  return sipMediaApplicationId === undefined || phoneNumber === undefined ? undefined : { sipMediaApplicationId, phoneNumber };
}

export function awsMessageProviders(push: PushSend): MessageProviders {
  return {
    async email(to, message) {
      const result = await sesClient().send(new SendEmailCommand({
        FromEmailAddress: backendConfig().mailFrom,
        Destination: { ToAddresses: [to] },
        Content: { Simple: { Subject: { Data: message.subject, Charset: 'UTF-8' }, Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } } } },
      }));
      return result.MessageId ?? '';
    },
    async text(to, body, context) {
      const origination = originationOf('text');
      const result = await smsVoiceClient().send(new SendTextMessageCommand({
        DestinationPhoneNumber: to, MessageBody: body, MessageType: 'TRANSACTIONAL', Context: context,
        ...(origination === undefined ? {} : { OriginationIdentity: origination }),
      }));
      return result.MessageId ?? '';
    },
    async voice(to, ssml, language, context) {
      // Without a SIP media application (no ivrPhoneNumber in the context) an IVR call is still read, with no key to press.
      const ivr = context['ivr'] === 'true' ? ivrCallSettings() : undefined;
      if (ivr !== undefined) {
        const result = await chimeVoiceClient().send(new CreateSipMediaApplicationCallCommand({
          SipMediaApplicationId: ivr.sipMediaApplicationId, FromPhoneNumber: ivr.phoneNumber, ToPhoneNumber: to,
          ArgumentsMap: ivrCallArguments(ssml, language, context),
        }));
        return result.SipMediaApplicationCall?.TransactionId ?? '';
      }
      const origination = originationOf('voice');
      if (origination === undefined) throw new Error('No number to call from: set VOICE_ORIGINATION_IDENTITY');
      const result = await smsVoiceClient().send(new SendVoiceMessageCommand({
        DestinationPhoneNumber: to, OriginationIdentity: origination, MessageBody: ssml, MessageBodyTextType: 'SSML',
        VoiceId: VOICES[language] ?? 'JOANNA', Context: context,
      }));
      return result.MessageId ?? '';
    },
    push,
  };
}
