import { AdminResetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { isDormant } from '@domain/identity/account';
import { MESSAGES } from '@domain/core/messages';
import { AccountStore, organisationStatusOf } from '../data';
import { cognitoClient } from '../shared/clients/cognito';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { invocationLogger, observedHandler } from '../shared/observability';

/**
 * A disabled organisation (issue 16): its users' sign-in fails with the message saying so.
 *
 * Dormancy (SPEC sections 4, 8, 9): an account not used for 60 days must reset its
 * password with an emailed code before it signs in again. This runs after the password
 * was verified (so nobody else can set it off), on AWS as the user pool's post-authentication
 * trigger and locally inside the identity emulator. It resets the password through the
 * identity service, which emails the code and refuses the old password from then on, and
 * fails this sign-in: the client shows the reset-code form with the spec's message.
 */
export const handler = observedHandler('postAuthentication', async (
  event: PostAuthenticationTriggerEvent,
  context,
): Promise<PostAuthenticationTriggerEvent> => {
  const attributes = event.request.userAttributes;
  const customerId = attributes['custom:customerid'];
  const accountId = attributes['custom:accountinfoid'];
  if (!customerId || !accountId) return event;

  const config = backendConfig();
  // A disabled organisation's users do not sign in (issue 16); a superadmin's own organisation is never disabled by this.
  if (attributes['custom:role'] !== 'superadmin' && await organisationStatusOf(dynamoDocumentClient(), config.tableName, customerId) === 'disabled') {
    invocationLogger(context, { handler: 'postAuthentication', tenant: customerId }).info('sign-in refused: organisation disabled', { accountId });
    throw new Error(MESSAGES.organisationDisabled);
  }
  const accounts = new AccountStore(dynamoDocumentClient(), config.tableName);
  const account = await accounts.get(customerId, accountId);
  const lastLogin = account?.lastLoginDate;
  if (!lastLogin || !isDormant(lastLogin, new Date())) return event;
  // Reset once per dormancy: after the reset the account signs in until its next login is recorded.
  if (account.dormancyResetAt !== undefined && account.dormancyResetAt > lastLogin) return event;

  // The reset comes first: were the mark written and the reset lost, the old password would pass.
  await cognitoClient().send(new AdminResetUserPasswordCommand({ UserPoolId: event.userPoolId, Username: event.userName }));
  await accounts.markDormancyReset(customerId, accountId, lastLogin);
  invocationLogger(context, { handler: 'postAuthentication', tenant: customerId })
    .info('dormant account: password reset code sent', { accountId });
  throw new Error(MESSAGES.dormantAccount);
});
