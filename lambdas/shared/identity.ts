import {
  AdminCreateUserCommand,
  AdminDeleteUserAttributesCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUpdateUserAttributesCommand,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient } from './clients/cognito';
import { requireUserPoolId } from './config';

/**
 * The identity service's side of a user (Cognito; the local identity service behaves as
 * it): the sign-in identity, its custom attributes (the token claims the portal reads), its
 * enabled state and its SMS MFA. Passwords never pass through here: Cognito makes the
 * temporary one and emails it with the invitation.
 */

const isNamed = (error: unknown, name: string) => (error as { name?: string } | null)?.name === name;

export interface IdentitySummary {
  username: string;
  /** The identity's `sub` (the ID token's subject). */
  sub: string | undefined;
  customerId: string | undefined;
  /** `custom:accountinfoid`: the account record it signs in to. */
  accountId: string | undefined;
  status: string;
  /** The email it signs in with now (a change pending verification is not it). */
  email: string | undefined;
  emailVerified: boolean;
}

/** The identity signing in with this email, if any (in any organisation). */
export async function findIdentity(email: string): Promise<IdentitySummary | undefined> {
  try {
    const user = await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: requireUserPoolId(), Username: email }));
    const attribute = (name: string) => user.UserAttributes?.find((entry) => entry.Name === name)?.Value;
    return {
      username: user.Username ?? email,
      sub: attribute('sub'),
      customerId: attribute('custom:customerid'),
      accountId: attribute('custom:accountinfoid'),
      status: user.UserStatus ?? 'UNKNOWN',
      email: attribute('email'),
      emailVerified: attribute('email_verified') === 'true',
    };
  } catch (error) {
    if (isNamed(error, 'UserNotFoundException')) return undefined;
    throw error;
  }
}

export interface InvitedIdentity {
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  customerId: string;
  accountId: string;
  customerGroupId: string | null;
  isPortalLogin: boolean;
  /** Who invites them, named in the invitation (the custom message trigger reads it from the client metadata). */
  inviterName: string;
}

/**
 * The invitation's client metadata: what the custom message trigger
 * (lambdas/identity-triggers/custom-message.ts, `INVITER_NAME_METADATA`) names the inviter with.
 */
export function invitationMetadata(inviterName: string): Record<string, string> {
  return inviterName === '' ? {} : { inviterName };
}

/** Thrown when the email already signs in somewhere (the pool's user names are unique). */
export class IdentityExistsError extends Error {
  constructor() {
    super('The identity already exists');
    this.name = 'IdentityExistsError';
  }
}

/**
 * The invitation (SPEC section 4): the identity with a temporary password made by the
 * identity service, which emails it to the user (FORCE_CHANGE_PASSWORD until the first
 * sign-in). The email counts as verified: the user signs in with the password sent to it.
 */
export async function createInvitedIdentity(identity: InvitedIdentity): Promise<void> {
  try {
    await cognitoClient().send(new AdminCreateUserCommand({
      UserPoolId: requireUserPoolId(),
      Username: identity.email,
      DesiredDeliveryMediums: ['EMAIL'],
      UserAttributes: [
        { Name: 'email', Value: identity.email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'given_name', Value: identity.firstName },
        { Name: 'family_name', Value: identity.lastName },
        { Name: 'custom:role', Value: identity.role },
        { Name: 'custom:customerid', Value: identity.customerId },
        { Name: 'custom:accountinfoid', Value: identity.accountId },
        ...(identity.customerGroupId ? [{ Name: 'custom:customergroupid', Value: identity.customerGroupId }] : []),
        { Name: 'custom:isPortalLogin', Value: String(identity.isPortalLogin) },
      ],
      ClientMetadata: invitationMetadata(identity.inviterName),
    }));
  } catch (error) {
    if (isNamed(error, 'UsernameExistsException') || isNamed(error, 'AliasExistsException')) throw new IdentityExistsError();
    throw error;
  }
}

/** Emails an invitation not yet accepted again, with a new temporary password (the identity service makes and sends it). */
export async function sendInvitationAgain(username: string, inviterName: string): Promise<void> {
  await cognitoClient().send(new AdminCreateUserCommand({
    UserPoolId: requireUserPoolId(), Username: username, MessageAction: 'RESEND', DesiredDeliveryMediums: ['EMAIL'],
    ClientMetadata: invitationMetadata(inviterName),
  }));
}

/** The identity's status (`FORCE_CHANGE_PASSWORD` while its invitation is not accepted). */
export async function identityStatusOf(username: string): Promise<string | undefined> {
  const user = await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: requireUserPoolId(), Username: username }));
  return user.UserStatus;
}

/** The attributes user administration keeps in step with the record. */
export async function updateIdentity(username: string, changes: {
  firstName: string;
  lastName: string;
  role: string;
  isPortalLogin: boolean;
  customerGroupId: string | null;
  /** E.164, or '' for none; `verified` marks it verified (it was, by code). */
  phone: { number: string; verified: boolean };
}): Promise<void> {
  const attributes: AttributeType[] = [
    { Name: 'given_name', Value: changes.firstName },
    { Name: 'family_name', Value: changes.lastName },
    { Name: 'custom:role', Value: changes.role },
    { Name: 'custom:isPortalLogin', Value: String(changes.isPortalLogin) },
    ...(changes.customerGroupId ? [{ Name: 'custom:customergroupid', Value: changes.customerGroupId }] : []),
    ...(changes.phone.number === '' ? [] : [
      { Name: 'phone_number', Value: changes.phone.number },
      { Name: 'phone_number_verified', Value: String(changes.phone.verified) },
    ]),
  ];
  await cognitoClient().send(new AdminUpdateUserAttributesCommand({ UserPoolId: requireUserPoolId(), Username: username, UserAttributes: attributes }));
  if (changes.phone.number === '') {
    await cognitoClient().send(new AdminDeleteUserAttributesCommand({
      UserPoolId: requireUserPoolId(), Username: username, UserAttributeNames: ['phone_number'],
    })).catch((error: unknown) => {
      if (!isNamed(error, 'InvalidParameterException')) throw error;
    });
  }
}

/** A disabled identity cannot sign in, and its tokens are revoked (AdminDisableUser). */
export async function setIdentityEnabled(username: string, enabled: boolean): Promise<void> {
  const input = { UserPoolId: requireUserPoolId(), Username: username };
  await cognitoClient().send(enabled ? new AdminEnableUserCommand(input) : new AdminDisableUserCommand(input));
}

/** SMS MFA on (the phone must be on the identity) or off. */
export async function setSmsMfa(username: string, enabled: boolean): Promise<void> {
  await cognitoClient().send(new AdminSetUserMFAPreferenceCommand({
    UserPoolId: requireUserPoolId(),
    Username: username,
    SMSMfaSettings: { Enabled: enabled, PreferredMfa: enabled },
  }));
}

/** Removes the identity; one already gone is fine. */
export async function deleteIdentity(username: string): Promise<void> {
  try {
    await cognitoClient().send(new AdminDeleteUserCommand({ UserPoolId: requireUserPoolId(), Username: username }));
  } catch (error) {
    if (!isNamed(error, 'UserNotFoundException')) throw error;
  }
}
