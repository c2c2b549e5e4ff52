import type { CustomMessageTriggerEvent, PostAuthenticationTriggerEvent } from 'aws-lambda';
import type { IdentityClock } from './clock';
import {
  attributesRecord,
  attributeValue,
  type AppClient,
  type CognitoService,
  type RequestContext,
  type StoredUser,
  type UserPoolService,
} from './cognito-local';
import { cognitoError, MESSAGES, notAuthorized, userNotFound } from './errors';
import type { LocalMessages } from './messages';
import type { ChallengeSessions } from './sessions';
import type { TokenService } from './tokens';

/**
 * Functions the identity service calls in-process where Cognito would invoke a Lambda trigger.
 * The events have the shapes Cognito sends (`aws-lambda`'s types), so a trigger written for
 * the cloud runs locally unchanged.
 */
export interface IdentityTriggers {
  /**
   * After the credentials (and the last challenge) are accepted, before tokens are issued.
   * If it throws, sign-in fails with UserLambdaValidationException and no tokens.
   */
  postAuthentication?: (event: PostAuthenticationTriggerEvent) => Promise<unknown>;
  /** The wording of every code, invitation and MFA message (local/identity/messages.ts calls it). */
  customMessage?: (event: CustomMessageTriggerEvent) => Promise<CustomMessageTriggerEvent>;
}

/** What the local targets work with. */
export interface IdentityServices {
  cognito: CognitoService;
  clock: IdentityClock;
  messages: LocalMessages;
  tokens: TokenService;
  sessions: ChallengeSessions;
  triggers: IdentityTriggers;
  region: string;
}

/** The app client and its pool, or ResourceNotFoundException as Cognito names an unknown client. */
export async function clientAndPool(ctx: RequestContext, services: IdentityServices, clientId: string | undefined) {
  const client = clientId === undefined ? null : await services.cognito.getAppClient(ctx, clientId);
  if (client === null || client === undefined) {
    throw cognitoError('ResourceNotFoundException', `User pool client ${clientId ?? ''} does not exist.`);
  }
  const pool = await services.cognito.getUserPool(ctx, client.UserPoolId);
  return { client, pool };
}

/**
 * A user by user name, `sub` or email (case-insensitive, as the product's pool signs in:
 * email alias, `signInCaseSensitive: false`).
 */
export async function findUser(ctx: RequestContext, pool: UserPoolService, username: string): Promise<StoredUser | undefined> {
  const exact = await pool.getUserByUsername(ctx, username);
  if (exact) return exact;
  const wanted = username.toLowerCase();
  const users = await pool.listUsers(ctx);
  return users.find((user) => user.Username.toLowerCase() === wanted || attributeValue('email', user.Attributes)?.toLowerCase() === wanted);
}

/** Whether the client hides whether a user exists (the product's clients do; LEGACY does not). */
export function preventsUserExistenceErrors(client: AppClient): boolean {
  return client.PreventUserExistenceErrors !== 'LEGACY';
}

/** The user an admin call names, or UserNotFoundException "User does not exist.". */
export async function adminUser(ctx: RequestContext, services: IdentityServices, userPoolId: string | undefined, username: string | undefined) {
  const pool = await services.cognito.getUserPool(ctx, userPoolId ?? '');
  const user = username === undefined ? undefined : await findUser(ctx, pool, username);
  if (user === undefined) throw userNotFound(MESSAGES.userDoesNotExist);
  return { pool, user };
}

/** The user an access token belongs to (verified: signature, expiry, revocation). */
export async function accessTokenUser(ctx: RequestContext, services: IdentityServices, accessToken: string | undefined) {
  if (accessToken === undefined) throw cognitoError('InvalidParameterException', 'Missing required parameter AccessToken');
  const claims = await services.tokens.verifyAccessToken(accessToken);
  const { client, pool } = await clientAndPool(ctx, services, claims.client_id);
  const user = await pool.getUserByUsername(ctx, claims.username);
  if (user === null) throw notAuthorized(MESSAGES.invalidAccessToken);
  if (!user.Enabled) throw notAuthorized(MESSAGES.userDisabled);
  return { client, pool, user, claims };
}

/** Calls the post-authentication trigger as Cognito does, if one is set. */
export async function postAuthentication(
  services: IdentityServices,
  pool: UserPoolService,
  client: AppClient,
  user: StoredUser,
  clientMetadata: Record<string, string> | undefined,
): Promise<void> {
  const trigger = services.triggers.postAuthentication;
  if (trigger === undefined) return;
  const event: PostAuthenticationTriggerEvent = {
    version: '1',
    region: services.region,
    userPoolId: pool.options.Id,
    userName: user.Username,
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: client.ClientId },
    triggerSource: 'PostAuthentication_Authentication',
    request: {
      userAttributes: { ...attributesRecord(user.Attributes), 'cognito:user_status': user.UserStatus },
      newDeviceUsed: false,
      ...(clientMetadata ? { clientMetadata } : {}),
    },
    response: {},
  };
  try {
    await trigger(event);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw cognitoError('UserLambdaValidationException', `PostAuthentication failed with error ${message}.`);
  }
}

/** The MFA methods a user has turned on (the MFA preference, or the legacy MFAOptions). */
export function enabledMfaMethods(user: StoredUser): ('SMS_MFA' | 'SOFTWARE_TOKEN_MFA')[] {
  const methods = new Set(user.UserMFASettingList ?? []);
  if (methods.size === 0 && (user.MFAOptions ?? []).some((option) => option.DeliveryMedium === 'SMS')) methods.add('SMS_MFA');
  return (['SMS_MFA', 'SOFTWARE_TOKEN_MFA'] as const).filter((method) => methods.has(method));
}
