import {
  AdminDeleteUserAttributesCommand,
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  UserNotFoundException,
  type AdminGetUserCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import { IGNORED_IDENTITY_ATTRIBUTES } from '@domain/identity/account';
import { conflict, forbidden, notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { CROSS_TENANT_ROLES } from '@domain/identity/roles';
import { mayManageAccount } from '@domain/identity/user';
import { findIdentity, sendInvitationAgain } from '../shared/identity';
import { inviterName } from '../data/accounts';
import { cognitoClient } from '../shared/clients/cognito';
import { requireUserPoolId } from '../shared/config';
import { pathParameter, requireCaller, type ActionRequest } from '../shared/http';
import { defineRoutes, route } from '../shared/routing';
import { IDENTITY_ADMIN_ROUTES } from '@domain/api/identity-admin';

const attribute = (user: AdminGetUserCommandOutput, name: string) =>
  user.UserAttributes?.find((entry) => entry.Name === name)?.Value;

const sameEmail = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

interface PermittedUser {
  user: AdminGetUserCommandOutput;
  self: boolean;
}

/**
 * The identity record named in the path, if the caller may act on it: their own; an
 * administrator, any of their organisation; helpdesk and superadmin, any. Someone else's
 * record answers 404 exactly as a missing one does, so nothing leaks across organisations.
 * Changing someone else's record also needs a role that may give theirs (nobody changes an
 * account whose role outranks their own): `mayManageAccount`, as user administration.
 */
async function permittedIdentityUser(
  request: ActionRequest,
  options: { adminOnly?: boolean; readOnly?: boolean } = {},
): Promise<PermittedUser> {
  const caller = requireCaller(request);
  const name = pathParameter(request, 'name');
  let user: AdminGetUserCommandOutput;
  try {
    user = await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: requireUserPoolId(), Username: name }));
  } catch (error) {
    if (error instanceof UserNotFoundException || (error as { name?: string }).name === 'UserNotFoundException') {
      throw notFound(MESSAGES.identityUserNotFound);
    }
    throw error;
  }
  const self = attribute(user, 'sub') === caller.userId;
  if (self && !options.adminOnly) return { user, self };
  const reachable = CROSS_TENANT_ROLES.includes(caller.role)
    || (caller.role === 'admin' && attribute(user, 'custom:customerid') === caller.customerId);
  if (!reachable) {
    if (self) throw forbidden();
    throw notFound(MESSAGES.identityUserNotFound);
  }
  if (!options.readOnly && !mayManageAccount(caller.role, attribute(user, 'custom:role'))) {
    throw forbidden(MESSAGES.accountOutranksYou);
  }
  return { user, self };
}

/** An email another identity signs in with is refused (SPEC section 8: email already registered). */
async function refuseEmailInUse(email: string, username: string | undefined): Promise<void> {
  const other = await findIdentity(email);
  if (other !== undefined && other.username !== username) throw conflict(MESSAGES.emailAlreadyRegistered);
}

/** The identity-service calls of SPEC section 7 (`cognito/...`). Never returns anything secret. */
export const identityAdminRoutes = defineRoutes('identityAdmin', [
  route(IDENTITY_ADMIN_ROUTES.getGetuserById, {
    action: async ({ request }) => {
      const { user } = await permittedIdentityUser(request, { readOnly: true });
      return {
        statusCode: 200,
        body: {
          Username: user.Username ?? '',
          UserStatus: user.UserStatus ?? 'UNKNOWN',
          Enabled: user.Enabled ?? false,
          UserAttributes: (user.UserAttributes ?? []).map(({ Name, Value }) => ({ Name: Name ?? '', Value: Value ?? '' })),
          MFAOptions: (user.MFAOptions ?? []).map(({ DeliveryMedium, AttributeName }) => ({
            DeliveryMedium: DeliveryMedium ?? '', AttributeName: AttributeName ?? '',
          })),
        },
      };
    },
  }),
  route(IDENTITY_ADMIN_ROUTES.update, {
    action: async ({ body, request }) => {
      const { user } = await permittedIdentityUser(request);
      const { UserAttributes } = body;
      // `email_verified` is never passed on, whoever asks: only the identity service's own
      // verification (the code sent to the address) marks an email verified.
      const ignored: readonly string[] = IGNORED_IDENTITY_ATTRIBUTES;
      const changes = UserAttributes.filter((entry) => !ignored.includes(entry.Name));
      const requestedEmail = changes.find((entry) => entry.Name === 'email')?.Value.trim();
      const newEmail = requestedEmail !== undefined && !sameEmail(requestedEmail, attribute(user, 'email')) ? requestedEmail : undefined;
      if (newEmail !== undefined) await refuseEmailInUse(newEmail, user.Username);
      const attributes = [
        ...changes.filter((entry) => entry.Name !== 'email'),
        ...(newEmail === undefined ? [] : [{ Name: 'email', Value: newEmail }]),
      ];
      if (attributes.length > 0) {
        // A new email is pending until verified: the pool keeps the original (keepOriginal on
        // AWS, the same locally) and sends a code to the new address, which only the account's
        // owner, signed in, can verify (VerifyUserAttribute).
        await cognitoClient().send(new AdminUpdateUserAttributesCommand({
          UserPoolId: requireUserPoolId(), Username: user.Username, UserAttributes: attributes,
        }));
      }
      if (newEmail !== undefined) return { statusCode: 202, body: { message: MESSAGES.emailChangePending } };
      return { statusCode: 204 };
    },
  }),
  route(IDENTITY_ADMIN_ROUTES.deleteAttributesById, {
    action: async ({ body, request }) => {
      const { user } = await permittedIdentityUser(request);
      const { UserAttributeNames } = body;
      await cognitoClient().send(new AdminDeleteUserAttributesCommand({
        UserPoolId: requireUserPoolId(), Username: user.Username, UserAttributeNames,
      }));
      return { statusCode: 204 };
    },
  }),
  route(IDENTITY_ADMIN_ROUTES.postResendinviteById, {
    action: async ({ request }) => {
      const { user } = await permittedIdentityUser(request, { adminOnly: true });
      if (user.UserStatus !== 'FORCE_CHANGE_PASSWORD') throw conflict(MESSAGES.inviteAlreadyAccepted);
      await sendInvitationAgain(user.Username ?? '', await inviterName(requireCaller(request)));
      return { statusCode: 204 };
    },
  }),
]);

