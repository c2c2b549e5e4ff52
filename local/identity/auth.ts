import { randomInt } from 'node:crypto';
import type {
  AdminInitiateAuthRequest,
  AdminRespondToAuthChallengeRequest,
  AdminUserGlobalSignOutRequest,
  GetTokensFromRefreshTokenRequest,
  GlobalSignOutRequest,
  InitiateAuthRequest,
  RespondToAuthChallengeRequest,
  RevokeTokenRequest,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  attributesRecord,
  attributeValue,
  cognitoLocal,
  withAttributes,
  type AppClient,
  type AttributeType,
  type RequestContext,
  type StoredUser,
  type UserPoolService,
} from './cognito-local';
import { codeMismatch, cognitoError, invalidParameter, MESSAGES, missingParameter, notAuthorized, userNotFound } from './errors';
import { maskPhone, smsDelivery } from './messages';
import { assertPasswordConforms } from './policy';
import {
  accessTokenUser,
  adminUser,
  clientAndPool,
  enabledMfaMethods,
  findUser,
  postAuthentication,
  preventsUserExistenceErrors,
  type IdentityServices,
} from './services';
import type { ChallengeName, ChallengeSession } from './sessions';
import type { AuthenticationResult } from './tokens';

interface AuthResponse {
  ChallengeName?: ChallengeName;
  Session?: string;
  ChallengeParameters: Record<string, string>;
  AuthenticationResult?: AuthenticationResult;
}

type Metadata = Record<string, string> | undefined;

/** A flow is allowed when the client lists it (a client listing none allows them all here). */
function assertFlowAllowed(client: AppClient, flow: string): void {
  const flows = client.ExplicitAuthFlows ?? [];
  if (flows.length === 0 || flows.includes(flow) || flows.includes(`ALLOW_${flow}`)) return;
  throw invalidParameter(`${flow} flow not enabled for this client`);
}

function openChallenge(
  services: IdentityServices,
  pool: UserPoolService,
  client: AppClient,
  user: StoredUser,
  challenge: ChallengeName,
  parameters: Record<string, string>,
  code?: string,
): AuthResponse {
  const session = services.sessions.open({
    challenge, userPoolId: pool.options.Id, clientId: client.ClientId, username: user.Username, ...(code ? { code } : {}),
  });
  return {
    ChallengeName: challenge,
    Session: session.id,
    ChallengeParameters: { USER_ID_FOR_SRP: user.Username, ...parameters },
  };
}

function newPasswordChallenge(services: IdentityServices, pool: UserPoolService, client: AppClient, user: StoredUser): AuthResponse {
  const { sub: _sub, ...userAttributes } = attributesRecord(user.Attributes);
  return openChallenge(services, pool, client, user, 'NEW_PASSWORD_REQUIRED', {
    requiredAttributes: '[]',
    userAttributes: JSON.stringify(userAttributes),
  });
}

async function smsMfaChallenge(
  ctx: RequestContext,
  services: IdentityServices,
  pool: UserPoolService,
  client: AppClient,
  user: StoredUser,
): Promise<AuthResponse> {
  const phone = attributeValue('phone_number', user.Attributes);
  if (phone === undefined) throw invalidParameter('User does not have delivery config set to turn on SMS_MFA');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await services.messages.deliver(ctx, 'Authentication', client.ClientId, pool.options.Id, user, code, undefined, smsDelivery(phone));
  return openChallenge(services, pool, client, user, 'SMS_MFA', {
    CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS',
    CODE_DELIVERY_DESTINATION: maskPhone(phone),
  }, code);
}

function softwareTokenChallenge(services: IdentityServices, pool: UserPoolService, client: AppClient, user: StoredUser): AuthResponse {
  const name = user.SoftwareTokenMfaConfiguration?.FriendlyDeviceName;
  return openChallenge(services, pool, client, user, 'SOFTWARE_TOKEN_MFA', name ? { FRIENDLY_DEVICE_NAME: name } : {});
}

/** The challenge for a second factor, when the pool or the user asks for one. */
async function mfaChallenge(
  ctx: RequestContext,
  services: IdentityServices,
  pool: UserPoolService,
  client: AppClient,
  user: StoredUser,
): Promise<AuthResponse | undefined> {
  const mode = pool.options.MfaConfiguration ?? 'OFF';
  if (mode === 'OFF') return undefined;
  const methods = enabledMfaMethods(user);
  if (methods.length === 0) {
    if (mode === 'OPTIONAL') return undefined;
    if (attributeValue('phone_number', user.Attributes) !== undefined) return smsMfaChallenge(ctx, services, pool, client, user);
    throw new (cognitoLocal().errors.UnsupportedError)('MFA_SETUP (required MFA for a user without a phone number)');
  }
  const preferred = user.PreferredMfaSetting;
  const method = methods.length === 1 ? methods[0] : methods.find((candidate) => candidate === preferred);
  if (method === 'SMS_MFA') return smsMfaChallenge(ctx, services, pool, client, user);
  if (method === 'SOFTWARE_TOKEN_MFA') return softwareTokenChallenge(services, pool, client, user);
  return openChallenge(services, pool, client, user, 'SELECT_MFA_TYPE', { MFAS_CAN_CHOOSE: JSON.stringify(methods) });
}

/** The last step of a sign-in: the post-authentication trigger, then a new token family. */
async function complete(
  ctx: RequestContext,
  services: IdentityServices,
  pool: UserPoolService,
  client: AppClient,
  user: StoredUser,
  clientMetadata: Metadata,
): Promise<AuthResponse> {
  await postAuthentication(services, pool, client, user, clientMetadata);
  const groups = await pool.listUserGroupMembership(ctx, user);
  return { ChallengeParameters: {}, AuthenticationResult: await services.tokens.signIn(user, client, groups) };
}

async function afterPassword(
  ctx: RequestContext,
  services: IdentityServices,
  pool: UserPoolService,
  client: AppClient,
  user: StoredUser,
  clientMetadata: Metadata,
): Promise<AuthResponse> {
  return (await mfaChallenge(ctx, services, pool, client, user)) ?? complete(ctx, services, pool, client, user, clientMetadata);
}

async function passwordSignIn(
  ctx: RequestContext,
  services: IdentityServices,
  pool: UserPoolService,
  client: AppClient,
  parameters: Record<string, string>,
  clientMetadata: Metadata,
): Promise<AuthResponse> {
  const username = parameters['USERNAME'];
  const password = parameters['PASSWORD'];
  if (!username) throw missingParameter('USERNAME');
  if (password === undefined) throw missingParameter('PASSWORD');
  const user = await findUser(ctx, pool, username);
  if (user === undefined) {
    throw preventsUserExistenceErrors(client) ? notAuthorized(MESSAGES.incorrectCredentials) : userNotFound(MESSAGES.userDoesNotExist);
  }
  if (!user.Enabled) throw notAuthorized(MESSAGES.userDisabled);
  if (user.UserStatus === 'RESET_REQUIRED') throw cognitoError('PasswordResetRequiredException', MESSAGES.passwordResetRequired);
  if (user.Password !== password) throw notAuthorized(MESSAGES.incorrectCredentials);
  if (user.UserStatus === 'UNCONFIRMED') throw cognitoError('UserNotConfirmedException', MESSAGES.userNotConfirmed);
  if (user.UserStatus === 'FORCE_CHANGE_PASSWORD') return newPasswordChallenge(services, pool, client, user);
  return afterPassword(ctx, services, pool, client, user, clientMetadata);
}

/** REFRESH_TOKEN_AUTH and GetTokensFromRefreshToken: new ID and access tokens of the same family. */
async function refreshTokens(
  ctx: RequestContext,
  services: IdentityServices,
  pool: UserPoolService,
  client: AppClient,
  refreshToken: string | undefined,
): Promise<AuthenticationResult> {
  if (!refreshToken) throw missingParameter('REFRESH_TOKEN');
  const family = services.tokens.familyOfRefreshToken(refreshToken, client.ClientId);
  const user = family.userPoolId === pool.options.Id ? await pool.getUserByUsername(ctx, family.username) : null;
  if (user === null) throw notAuthorized(MESSAGES.invalidRefreshToken);
  if (!user.Enabled) throw notAuthorized(MESSAGES.userDisabled);
  return services.tokens.refresh(family, user, client, await pool.listUserGroupMembership(ctx, user));
}

async function initiateAuth(
  ctx: RequestContext,
  services: IdentityServices,
  request: InitiateAuthRequest | AdminInitiateAuthRequest,
  admin: boolean,
): Promise<AuthResponse> {
  const { client, pool } = await clientAndPool(ctx, services, request.ClientId);
  if (admin && 'UserPoolId' in request && request.UserPoolId !== pool.options.Id) {
    throw cognitoError('ResourceNotFoundException', `User pool client ${client.ClientId} does not exist.`);
  }
  const parameters = request.AuthParameters ?? {};
  const flow = request.AuthFlow ?? '';
  if (flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') {
    return { ChallengeParameters: {}, AuthenticationResult: await refreshTokens(ctx, services, pool, client, parameters['REFRESH_TOKEN']) };
  }
  if (!admin && flow === 'USER_PASSWORD_AUTH') {
    assertFlowAllowed(client, 'USER_PASSWORD_AUTH');
    return passwordSignIn(ctx, services, pool, client, parameters, undefined);
  }
  if (admin && (flow === 'ADMIN_USER_PASSWORD_AUTH' || flow === 'ADMIN_NO_SRP_AUTH')) {
    assertFlowAllowed(client, 'ADMIN_USER_PASSWORD_AUTH');
    return passwordSignIn(ctx, services, pool, client, parameters, request.ClientMetadata);
  }
  throw new (cognitoLocal().errors.UnsupportedError)(`${admin ? 'AdminInitiateAuth' : 'InitiateAuth'} with AuthFlow=${flow}`);
}

/** `userAttributes.<name>` answers of NEW_PASSWORD_REQUIRED: attributes the user sets with the new password. */
function attributeAnswers(responses: Record<string, string>): AttributeType[] {
  return Object.entries(responses)
    .filter(([name]) => name.startsWith('userAttributes.'))
    .map(([name, value]) => ({ Name: name.slice('userAttributes.'.length), Value: value }))
    .filter((attribute) => attribute.Name !== 'sub');
}

async function respondToChallenge(
  ctx: RequestContext,
  services: IdentityServices,
  request: RespondToAuthChallengeRequest | AdminRespondToAuthChallengeRequest,
): Promise<AuthResponse> {
  const { client, pool } = await clientAndPool(ctx, services, request.ClientId);
  const responses = request.ChallengeResponses ?? {};
  const session: ChallengeSession = services.sessions.get(request.Session, client.ClientId);
  if (session.challenge !== request.ChallengeName || session.userPoolId !== pool.options.Id) {
    throw notAuthorized(MESSAGES.invalidSession);
  }
  const named = responses['USERNAME'];
  if (!named) throw missingParameter('USERNAME');
  const user = await pool.getUserByUsername(ctx, session.username);
  const namedUser = await findUser(ctx, pool, named);
  if (user === null || namedUser?.Username !== user.Username) throw notAuthorized(MESSAGES.invalidSession);
  if (!user.Enabled) throw notAuthorized(MESSAGES.userDisabled);
  const metadata = request.ClientMetadata;

  switch (session.challenge) {
    case 'NEW_PASSWORD_REQUIRED': {
      const password = responses['NEW_PASSWORD'];
      if (!password) throw missingParameter('NEW_PASSWORD');
      // A password the policy refuses leaves the session open for another try.
      assertPasswordConforms(pool.options.Policies?.PasswordPolicy, password);
      services.sessions.consume(session);
      const updated: StoredUser = {
        ...user,
        Password: password,
        UserStatus: 'CONFIRMED',
        Attributes: withAttributes(user.Attributes, ...attributeAnswers(responses)),
        UserLastModifiedDate: services.clock.date(),
      };
      await pool.saveUser(ctx, updated);
      return afterPassword(ctx, services, pool, client, updated, metadata);
    }
    case 'SMS_MFA': {
      const code = responses['SMS_MFA_CODE'];
      if (!code) throw missingParameter('SMS_MFA_CODE');
      if (code !== session.code) {
        services.sessions.fail(session);
        throw codeMismatch(MESSAGES.mfaCodeMismatch);
      }
      services.sessions.consume(session);
      return complete(ctx, services, pool, client, user, metadata);
    }
    case 'SOFTWARE_TOKEN_MFA': {
      const code = responses['SOFTWARE_TOKEN_MFA_CODE'];
      if (!code) throw missingParameter('SOFTWARE_TOKEN_MFA_CODE');
      const secret = user.SoftwareTokenMfaConfiguration?.Secret;
      if (!secret || !cognitoLocal().totp.verify(secret, code)) {
        services.sessions.fail(session);
        throw codeMismatch(MESSAGES.mfaCodeMismatch);
      }
      services.sessions.consume(session);
      return complete(ctx, services, pool, client, user, metadata);
    }
    case 'SELECT_MFA_TYPE': {
      const answer = responses['ANSWER'];
      if (answer !== 'SMS_MFA' && answer !== 'SOFTWARE_TOKEN_MFA') throw invalidParameter('ANSWER must be SMS_MFA or SOFTWARE_TOKEN_MFA');
      services.sessions.consume(session);
      return answer === 'SMS_MFA'
        ? smsMfaChallenge(ctx, services, pool, client, user)
        : softwareTokenChallenge(services, pool, client, user);
    }
  }
}

/** Sign-in, challenges, refresh and sign-out, as Cognito answers them. */
export function authTargets(services: IdentityServices) {
  return {
    InitiateAuth: (ctx: RequestContext, request: InitiateAuthRequest) => initiateAuth(ctx, services, request, false),
    AdminInitiateAuth: (ctx: RequestContext, request: AdminInitiateAuthRequest) => initiateAuth(ctx, services, request, true),
    RespondToAuthChallenge: (ctx: RequestContext, request: RespondToAuthChallengeRequest) => respondToChallenge(ctx, services, request),
    AdminRespondToAuthChallenge: (ctx: RequestContext, request: AdminRespondToAuthChallengeRequest) => respondToChallenge(ctx, services, request),

    GetTokensFromRefreshToken: async (ctx: RequestContext, request: GetTokensFromRefreshTokenRequest) => {
      const { client, pool } = await clientAndPool(ctx, services, request.ClientId);
      if (!request.RefreshToken) throw missingParameter('RefreshToken');
      return { AuthenticationResult: await refreshTokens(ctx, services, pool, client, request.RefreshToken) };
    },

    /** Revokes the refresh token's family: the refresh token and the access tokens issued with it. */
    RevokeToken: async (ctx: RequestContext, request: RevokeTokenRequest) => {
      const { client } = await clientAndPool(ctx, services, request.ClientId);
      if (!request.Token) throw missingParameter('Token');
      const family = services.tokens.findByRefreshToken(request.Token);
      if (family !== undefined && family.clientId !== client.ClientId) throw notAuthorized(MESSAGES.invalidRefreshToken);
      // An unknown or already revoked token is answered as revoked (RFC 7009).
      if (family !== undefined) services.tokens.revoke(family);
      return {};
    },

    GlobalSignOut: async (ctx: RequestContext, request: GlobalSignOutRequest) => {
      const { pool, user } = await accessTokenUser(ctx, services, request.AccessToken);
      services.tokens.revokeUser(pool.options.Id, user.Username);
      return {};
    },

    AdminUserGlobalSignOut: async (ctx: RequestContext, request: AdminUserGlobalSignOutRequest) => {
      const { pool, user } = await adminUser(ctx, services, request.UserPoolId, request.Username);
      services.tokens.revokeUser(pool.options.Id, user.Username);
      return {};
    },
  };
}
