import {
  AdminCreateUserCommand,
  AdminDeleteUserAttributesCommand,
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  UserNotFoundException,
  type AdminGetUserCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import { identityAttributesDeleteSchema, identityAttributesUpdateSchema } from '../../domain/account';
import { conflict, forbidden, notFound } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';
import { CROSS_TENANT_ROLES } from '../../domain/roles';
import { API_PREFIX } from '../routes';
import { cognitoClient } from '../shared/clients';
import { requireUserPoolId } from '../shared/config';
import {
  bodyOf,
  createResourceHandler,
  pathParameter,
  requireCaller,
  type ActionRequest,
  type ResourceActions,
} from '../shared/http';

const base = API_PREFIX;

const attribute = (user: AdminGetUserCommandOutput, name: string) =>
  user.UserAttributes?.find((entry) => entry.Name === name)?.Value;

/**
 * The identity record named in the path, if the caller may act on it: their own; an
 * administrator, any of their organisation; helpdesk and superadmin, any. Someone else's
 * record answers 404 exactly as a missing one does, so nothing leaks across organisations.
 */
async function permittedIdentityUser(request: ActionRequest, options: { adminOnly?: boolean } = {}): Promise<AdminGetUserCommandOutput> {
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
  if (self && !options.adminOnly) return user;
  if (CROSS_TENANT_ROLES.includes(caller.role)) return user;
  if (caller.role === 'admin' && attribute(user, 'custom:customerid') === caller.customerId) return user;
  if (self) throw forbidden();
  throw notFound(MESSAGES.identityUserNotFound);
}

/** The identity-service calls of SPEC section 7 (`cognito/...`). Never returns anything secret. */
export const identityAdminActions: ResourceActions = {
  [`GET ${base}/cognito/getuser/{name}`]: async (request) => {
    const user = await permittedIdentityUser(request);
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
  [`PUT ${base}/cognito/{name}`]: async (request) => {
    const user = await permittedIdentityUser(request);
    const { UserAttributes } = bodyOf(request, identityAttributesUpdateSchema);
    await cognitoClient().send(new AdminUpdateUserAttributesCommand({
      UserPoolId: requireUserPoolId(), Username: user.Username, UserAttributes,
    }));
    return { statusCode: 204 };
  },
  [`DELETE ${base}/cognito/attributes/{name}`]: async (request) => {
    const user = await permittedIdentityUser(request);
    const { UserAttributeNames } = bodyOf(request, identityAttributesDeleteSchema);
    await cognitoClient().send(new AdminDeleteUserAttributesCommand({
      UserPoolId: requireUserPoolId(), Username: user.Username, UserAttributeNames,
    }));
    return { statusCode: 204 };
  },
  [`POST ${base}/cognito/resendinvite/{name}`]: async (request) => {
    const user = await permittedIdentityUser(request, { adminOnly: true });
    if (user.UserStatus !== 'FORCE_CHANGE_PASSWORD') throw conflict(MESSAGES.inviteAlreadyAccepted);
    await cognitoClient().send(new AdminCreateUserCommand({
      UserPoolId: requireUserPoolId(), Username: user.Username, MessageAction: 'RESEND', DesiredDeliveryMediums: ['EMAIL'],
    }));
    return { statusCode: 204 };
  },
};

export const handler = createResourceHandler('identityAdmin', identityAdminActions);
