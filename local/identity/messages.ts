import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import type { Outbox } from '../outbox';
import { attributeValue, type CognitoService, type RequestContext, type StoredUser, type UserPoolOptions } from './cognito-local';

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
  ) {}

  /** cognito-local's MessagesService interface. */
  async deliver(
    ctx: RequestContext,
    source: MessageSource,
    _clientId: string | null,
    userPoolId: string,
    user: StoredUser,
    code: string,
    _clientMetadata: unknown,
    delivery: CodeDeliveryDetails,
  ): Promise<void> {
    const pool = await this.cognito().getUserPool(ctx, userPoolId).then((service) => service.options, () => undefined);
    const { subject, text } = template(source, pool, delivery.DeliveryMedium);
    const username = pool?.UsernameAttributes?.includes('email') ? attributeValue('email', user.Attributes) ?? user.Username : user.Username;
    const body = text.replaceAll('{####}', code).replaceAll('{username}', username);
    if (delivery.DeliveryMedium === 'SMS') {
      this.outbox.record({ channel: 'sms', to: delivery.Destination, body });
      return;
    }
    await this.ses.send(new SendEmailCommand({
      FromEmailAddress: NOREPLY_ADDRESS,
      Destination: { ToAddresses: [delivery.Destination] },
      Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: body } } } },
    }));
  }
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
