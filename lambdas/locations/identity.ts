import { AdminGetUserCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient } from '../shared/clients/cognito';
import { requireUserPoolId } from '../shared/config';
import type { Invitee } from '../data/repositories/locations';

/**
 * The user an email belongs to, whatever their organisation: the user pool is the one place
 * that knows every organisation's users (its `custom:customerid` and `custom:accountinfoid`
 * claims). Undefined when there is no such user, or it belongs to no organisation.
 */
export async function identityByEmail(email: string): Promise<Invitee | undefined> {
  try {
    const user = await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: requireUserPoolId(), Username: email.trim().toLowerCase() }));
    const attribute = (name: string) => user.UserAttributes?.find((entry) => entry.Name === name)?.Value;
    const customerId = attribute('custom:customerid');
    const accountId = attribute('custom:accountinfoid');
    if (!customerId || !accountId) return undefined;
    return { customerId, accountId, email: attribute('email') ?? email.trim() };
  } catch (error) {
    if (error instanceof UserNotFoundException || (error as { name?: string }).name === 'UserNotFoundException') return undefined;
    throw error;
  }
}
