import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { PublishCommand } from '@aws-sdk/client-sns';
import {
  COGNITO_CODE,
  IDENTITY_MESSAGE_PATHS,
  isIdentityMessageLanguage,
  renderIdentityMessage,
  type IdentityMessage,
} from '@domain/identity/identity-messages';
import { sesClient } from '../shared/clients/ses';
import { snsClient } from '../shared/clients/sns';
import { backendConfig } from '../shared/config';

/**
 * Delivers phone and pager verification codes (POST users/sendOTP). A phone, or a pager of
 * type phone, gets a text through SNS (transactional SMS); a pager of type email gets an
 * email through SES. Locally the same clients reach the SNS stand-in and the SES emulator,
 * which put the messages in the outbox (docs/decisions/0015-phone-and-pager-verification-by-our-own-codes.md).
 * The code itself is never logged.
 */

/** Who the code is for, as the message names them (issue 17 item 14). */
export interface CodeRecipient {
  /** Their language (the account's `lang`); an unknown one reads as English. */
  language: string | undefined;
  /** Their first name; '' greets without one. */
  firstName: string;
  /** Their organisation's name. */
  organisation: string;
}

/** The portal's address, for the message's link (PORTAL_URL, as the other messages' links). */
const portalUrl = (): string => (process.env['PORTAL_URL'] ?? 'http://localhost:3000').replace(/\/+$/, '');

/**
 * The verification code's message in the recipient's language, naming their organisation and
 * linking to the profile page: the identity service's verification template
 * (domain/identity/identity-messages.ts) with the code in place of Cognito's placeholder.
 */
export function verificationCodeMessage(recipient: CodeRecipient, code: string, link: string = `${portalUrl()}${IDENTITY_MESSAGE_PATHS.verification}`): IdentityMessage {
  const language = isIdentityMessageLanguage(recipient.language) ? recipient.language : 'en';
  const message = renderIdentityMessage('verification', language, {
    organisation: recipient.organisation,
    recipient: recipient.firstName,
    inviter: '',
    link,
  });
  const withCode = (text: string) => text.replaceAll(COGNITO_CODE, code);
  return { subject: withCode(message.subject), html: withCode(message.html), text: withCode(message.text), sms: withCode(message.sms) };
}

export async function deliverCode(destination: { kind: 'sms' | 'email'; to: string }, code: string, recipient: CodeRecipient): Promise<void> {
  const message = verificationCodeMessage(recipient, code);
  if (destination.kind === 'sms') {
    await snsClient().send(new PublishCommand({
      PhoneNumber: destination.to,
      Message: message.sms,
      MessageAttributes: { 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } },
    }));
    return;
  }
  await sesClient().send(new SendEmailCommand({
    FromEmailAddress: backendConfig().mailFrom,
    Destination: { ToAddresses: [destination.to] },
    Content: {
      Simple: {
        Subject: { Data: message.subject, Charset: 'UTF-8' },
        Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } },
      },
    },
  }));
}
