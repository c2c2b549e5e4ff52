import { SendTextMessageCommand, SendVoiceMessageCommand, type VoiceId } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { sesClient, smsVoiceClient } from './clients';
import { backendConfig } from './config';
import type { PushSend } from './push';

/**
 * The providers messages go through on both runtimes (issue 14 sections 2 and 3): email through
 * SES v2, texts and voice calls through AWS End User Messaging SMS and Voice v2. Their endpoints
 * come from the SDK's standard variables (locally: the SES emulator and the SMS/voice stand-in,
 * which keep every message for the outbox page). Push is web push (lambdas/shared/push.ts).
 * Shared: the notifier's senders send alarms with them, the users resource a user's own test
 * message.
 */

/** One provider per kind of address (a pager is an email or a text). Each returns the provider's message id. */
export interface MessageProviders {
  email(to: string, message: { subject: string; text: string; html: string }): Promise<string>;
  text(to: string, body: string, context: Record<string, string>): Promise<string>;
  voice(to: string, ssml: string, language: string, context: Record<string, string>): Promise<string>;
  /** Undefined: the user has no device registered for push. */
  push: PushSend;
}

/** The voice reading a call, in the recipient's language. */
const VOICES: Record<string, VoiceId> = { en: 'JOANNA', fr: 'LEA', es: 'LUCIA' };

/** The number calls and texts come from (an origination identity of the account's End User Messaging). */
const originationOf = (variable: 'SMS_ORIGINATION_IDENTITY' | 'VOICE_ORIGINATION_IDENTITY') => process.env[variable] || undefined;

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
      const origination = originationOf('SMS_ORIGINATION_IDENTITY');
      const result = await smsVoiceClient().send(new SendTextMessageCommand({
        DestinationPhoneNumber: to, MessageBody: body, MessageType: 'TRANSACTIONAL', Context: context,
        ...(origination === undefined ? {} : { OriginationIdentity: origination }),
      }));
      return result.MessageId ?? '';
    },
    async voice(to, ssml, language, context) {
      const origination = originationOf('VOICE_ORIGINATION_IDENTITY');
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
