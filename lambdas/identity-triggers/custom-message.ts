import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import {
  IDENTITY_MESSAGE_PATHS,
  isIdentityMessageLanguage,
  renderIdentityMessage,
  type IdentityMessageKind,
  type IdentityMessageLanguage,
} from '@domain/identity/identity-messages';
import { AccountStore } from '../data';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { invocationLogger, observedHandler } from '../shared/observability';

/**
 * The identity service's emails and texts in the recipient's language (issue 17 item 14): on
 * AWS the user pool's custom message trigger (lib/identity.ts), locally called by the identity
 * stand-in (local/identity/messages.ts) with the same event. The language and first name come
 * from the account record, the organisation's name from its record, the inviter's name from the
 * invitation's client metadata (`inviterName`, lambdas/shared/identity.ts), the link from
 * PORTAL_URL (locally) or the parameter PORTAL_URL_PARAMETER names (on AWS: the portal's
 * CloudFront address cannot be given to the pool's trigger directly, as the distribution's
 * headers name the pool's sign-in domain). Cognito fills `{username}` and `{####}`.
 */

/** Who invited the user, as the back end passes it with AdminCreateUser. */
export const INVITER_NAME_METADATA = 'inviterName';

const KIND_OF_SOURCE: Readonly<Record<CustomMessageTriggerEvent['triggerSource'], IdentityMessageKind>> = {
  CustomMessage_AdminCreateUser: 'invitation',
  CustomMessage_SignUp: 'verification',
  CustomMessage_ResendCode: 'verification',
  CustomMessage_UpdateUserAttribute: 'verification',
  CustomMessage_VerifyUserAttribute: 'verification',
  CustomMessage_ForgotPassword: 'passwordReset',
  CustomMessage_Authentication: 'authentication',
};

let ssm: SSMClient | undefined;
let storedPortalUrl: Promise<string> | undefined;

async function portalUrl(): Promise<string> {
  const direct = process.env['PORTAL_URL'];
  const name = process.env['PORTAL_URL_PARAMETER'];
  if (direct || !name) return (direct ?? 'http://localhost:3000').replace(/\/+$/, '');
  ssm ??= new SSMClient({});
  storedPortalUrl ??= ssm.send(new GetParameterCommand({ Name: name })).then((result) => (result.Parameter?.Value ?? '').replace(/\/+$/, ''));
  // A failed read is tried again on the next message.
  return storedPortalUrl.catch((error: unknown) => {
    storedPortalUrl = undefined;
    throw error;
  });
}

export const handler = observedHandler('customMessage', async (event: CustomMessageTriggerEvent, context): Promise<CustomMessageTriggerEvent> => {
  const attributes = event.request.userAttributes;
  const customerId = attributes['custom:customerid'];
  const accountId = attributes['custom:accountinfoid'];
  let language: IdentityMessageLanguage = 'en';
  let recipient = attributes['given_name'] ?? '';
  let organisation = '';
  if (customerId && accountId) {
    const accounts = new AccountStore(dynamoDocumentClient(), backendConfig().tableName);
    const [account, name] = await Promise.all([accounts.get(customerId, accountId), accounts.organisationName(customerId)]);
    if (isIdentityMessageLanguage(account?.lang)) language = account.lang;
    recipient = account?.firstName ?? recipient;
    organisation = name;
  }
  const kind = KIND_OF_SOURCE[event.triggerSource];
  const message = renderIdentityMessage(kind, language, {
    organisation,
    recipient,
    inviter: event.request.clientMetadata?.[INVITER_NAME_METADATA] ?? '',
    link: `${await portalUrl()}${IDENTITY_MESSAGE_PATHS[kind]}`,
  });
  event.response.emailSubject = message.subject;
  event.response.emailMessage = message.html;
  event.response.smsMessage = message.sms;
  invocationLogger(context, { handler: 'customMessage', ...(customerId ? { tenant: customerId } : {}) })
    .info('identity message worded', { source: event.triggerSource, language });
  return event;
});
