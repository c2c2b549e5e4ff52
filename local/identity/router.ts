import { accountTargets } from './accounts';
import { authTargets } from './auth';
import type { RequestContext, RouteFunction } from './cognito-local';
import { adminUser, type IdentityServices } from './services';

type Operation = (ctx: RequestContext, request: unknown) => Promise<unknown>;

/**
 * The identity service's router: the operations where cognito-local differs from Cognito are
 * answered here (same JSON wire protocol, `X-Amz-Target: AWSCognitoIdentityProviderService.<Op>`);
 * every other operation goes to cognito-local's own router, after the access token it carries
 * (if any) is checked as Cognito checks it (signature, expiry, not revoked) and the user an
 * admin call names is found.
 */
export function localRouter(services: IdentityServices, delegate: RouteFunction): RouteFunction {
  // Each operation reads its request with the AWS SDK's input type; the router hands it the
  // parsed JSON body, which is that shape on the wire.
  const own = { ...authTargets(services), ...accountTargets(services, delegate) } as unknown as Record<string, Operation>;
  return (target) => {
    const operation = Object.hasOwn(own, target) ? own[target] : undefined;
    if (operation !== undefined) return operation;
    const theirs = delegate(target);
    return async (ctx, request) => {
      const { AccessToken: accessToken, UserPoolId: userPoolId, Username: username } = (request ?? {}) as Record<string, unknown>;
      if (typeof accessToken === 'string') await services.tokens.verifyAccessToken(accessToken);
      // Admin calls naming an unknown user answer UserNotFoundException, as Cognito does
      // (cognito-local answers some with NotAuthorizedException).
      if (target.startsWith('Admin') && target !== 'AdminCreateUser' && typeof userPoolId === 'string' && typeof username === 'string') {
        await adminUser(ctx, services, userPoolId, username);
      }
      return theirs(ctx, request);
    };
  };
}

