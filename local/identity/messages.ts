import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import type { Outbox } from '../outbox';
import { attributesRecord, attributeValue, type CognitoService, type RequestContext, type StoredUser, type UserPoolOptions } from './cognito-local';
import { cognitoError } from './errors';

export const NOREPLY_ADDRESS = 'no-reply@coldchain.local';

/** Why a message is sent: cognito-local's message sources, and ours. */
export type MessageSource =
  | 'AdminCreateUser'
  | 'SignUp'
  | 'ResendCode'
  | 'ForgotPassword'
  | 'UpdateUserAttribute'
  | 'VerifyUserAttribute'
  | 'Authentication';

export interface CodeDeliveryDetails {
  AttributeName: 'email' | 'phone_number';
  DeliveryMedium: 'EMAIL' | 'SMS';
  Destination: string;
}

// Cognito's default messages, used when the pool has no template of its own.
const DEFAULT_VERIFICATION = { subject: 'Your verification code', text: 'Your verification code is {####}. ' };
const DEFAULT_INVITATION = { subject: 'Your temporary password', text: 'Your username is {username} and temporary password is {####}. ' };
const DEFAULT_AUTHENTICATION = { subject: 'Your authentication code', text: 'Your authentication code is {####}. ' };

function template(source: MessageSource, pool: UserPoolOptions | undefined, medium: 'EMAIL' | 'SMS'): { subject: string; text: string } {
  if (source === 'AdminCreateUser') {
    const invite = pool?.AdminCreateUserConfig?.InviteMessageTemplate;
    return {
      subject: invite?.EmailSubject ?? DEFAULT_INVITATION.subject,
      text: (medium === 'SMS' ? invite?.SMSMessage : invite?.EmailMessage) ?? DEFAULT_INVITATION.text,
    };
  }
  if (source === 'Authentication') {
    return { subject: DEFAULT_AUTHENTICATION.subject, text: (medium === 'SMS' ? pool?.SmsAuthenticationMessage : undefined) ?? DEFAULT_AUTHENTICATION.text };
  }
  const verification = pool?.VerificationMessageTemplate;
  if (medium === 'SMS') {
    return { subject: DEFAULT_VERIFICATION.subject, text: verification?.SmsMessage ?? pool?.SmsVerificationMessage ?? DEFAULT_VERIFICATION.text };
  }
  return {
    subject: verification?.EmailSubject ?? pool?.EmailVerificationSubject ?? DEFAULT_VERIFICATION.subject,
    text: verification?.EmailMessage ?? pool?.EmailVerificationMessage ?? DEFAULT_VERIFICATION.text,
  };
}

/**
 * Codes, invitations and MFA texts, worded as Cognito words them (or with the pool's own
 * templates), delivered where a person can read them: emails through the SES emulator,
 * texts to the local outbox. It stands in for cognito-local's MessagesService, whose default
 * messages carry no text at all.
 */
export class LocalMessages {
  constructor(
    private readonly cognito: () => CognitoService,
    private readonly ses: SESv2Client,
    private readonly outbox: Outbox,
    /** The pool's custom message trigger, as the user pool runs it on AWS (lib/identity.ts). */
    private readonly customMessage?: (event: CustomMessageTriggerEvent) => Promise<CustomMessageTriggerEvent>,
    private readonly region = 'us-east-1',
  ) {}

  /** cognito-local's MessagesService interface. */
  async deliver(
    ctx: RequestContext,
    source: MessageSource,
    clientId: string | null,
    userPoolId: string,
    user: StoredUser,
    code: string,
    clientMetadata: unknown,
    delivery: CodeDeliveryDetails,
  ): Promise<void> {
    const pool = await this.cognito().getUserPool(ctx, userPoolId).then((service) => service.options, () => undefined);
    const custom = await this.customWording(source, clientId, userPoolId, user, clientMetadata);
    const { subject, text } = custom ?? template(source, pool, delivery.DeliveryMedium);
    const username = pool?.UsernameAttributes?.includes('email') ? attributeValue('email', user.Attributes) ?? user.Username : user.Username;
    const fill = (words: string, escape: (value: string) => string = (value) => value) =>
      words.replaceAll('{####}', escape(code)).replaceAll('{username}', escape(username));
    if (delivery.DeliveryMedium === 'SMS') {
      this.outbox.record({ channel: 'sms', to: delivery.Destination, body: fill(custom?.sms ?? text) });
      return;
    }
    // The trigger's message is HTML (as Cognito sends it); its plain text beside it, for the outbox page.
    const body = custom === undefined
      ? { Text: { Data: fill(text) } }
      : { Html: { Data: fill(custom.text, escapeHtml) }, Text: { Data: fill(plainText(custom.text)) } };
    await this.ses.send(new SendEmailCommand({
      FromEmailAddress: NOREPLY_ADDRESS,
      Destination: { ToAddresses: [delivery.Destination] },
      Content: { Simple: { Subject: { Data: subject }, Body: body } },
    }));
  }

  /**
   * The custom message trigger's wording, called as Cognito calls it: undefined without a
   * trigger, or when its message lacks a placeholder Cognito requires (Cognito then sends its
   * default); a trigger that fails fails the request (UserLambdaValidationException).
   */
  private async customWording(source: MessageSource, clientId: string | null, userPoolId: string, user: StoredUser, clientMetadata: unknown) {
    if (this.customMessage === undefined) return undefined;
    const metadata = isStringMap(clientMetadata) ? clientMetadata : undefined;
    const event = {
      version: '1',
      region: this.region,
      userPoolId,
      userName: user.Username,
      callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: clientId ?? 'CLIENT_ID_NOT_APPLICABLE' },
      triggerSource: `CustomMessage_${source}`,
      request: {
        userAttributes: attributesRecord(user.Attributes),
        codeParameter: '{####}',
        linkParameter: '{##Click Here##}',
        usernameParameter: source === 'AdminCreateUser' ? '{username}' : null,
        ...(metadata === undefined ? {} : { clientMetadata: metadata }),
      },
      response: { smsMessage: null, emailMessage: null, emailSubject: null },
    } as CustomMessageTriggerEvent;
    let answered: CustomMessageTriggerEvent;
    try {
      answered = await this.customMessage(event);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw cognitoError('UserLambdaValidationException', `CustomMessage failed with error ${message}.`);
    }
    const { emailMessage, emailSubject, smsMessage } = answered.response;
    const carries = (words: string | null): words is string =>
      words !== null && words.includes('{####}') && (source !== 'AdminCreateUser' || words.includes('{username}'));
    if (!carries(emailMessage)) return undefined;
    return { subject: emailSubject ?? DEFAULT_VERIFICATION.subject, text: emailMessage, ...(carries(smsMessage) ? { sms: smsMessage } : {}) };
  }
}

function isStringMap(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((entry) => typeof entry === 'string');
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character);

/** An HTML message's words as text: paragraphs apart, tags gone (an anchor's text is its address), entities read. */
function plainText(html: string): string {
  return html
    .replace(/<\/p>\s*<p>/g, '\n\n')
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_entity, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '');
}

/** `a***@e***`, as Cognito shows an email address it sent a code to. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.charAt(0)}***@${domain.charAt(0)}***`;
}

/** `+*******0123`, as Cognito shows a phone number it texted. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/^\+/, '');
  return `+${'*'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}

export function emailDelivery(email: string): CodeDeliveryDetails {
  return { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
}

export function smsDelivery(phone: string): CodeDeliveryDetails {
  return { AttributeName: 'phone_number', DeliveryMedium: 'SMS', Destination: phone };
}

/** What a response shows of a delivery: the destination masked. */
export function maskedDelivery(delivery: CodeDeliveryDetails): CodeDeliveryDetails {
  return {
    ...delivery,
    Destination: delivery.DeliveryMedium === 'SMS' ? maskPhone(delivery.Destination) : maskEmail(delivery.Destination),
  };
}
