import { randomInt } from 'node:crypto';
import type {
  AdminCreateUserRequest,
  AdminDisableUserRequest,
  AdminResetUserPasswordRequest,
  AdminSetUserMFAPreferenceRequest,
  AdminSetUserPasswordRequest,
  AdminSetUserSettingsRequest,
  AdminUpdateUserAttributesRequest,
  ChangePasswordRequest,
  ConfirmForgotPasswordRequest,
  ConfirmSignUpRequest,
  DeleteUserAttributesRequest,
  ForgotPasswordRequest,
  GetUserAttributeVerificationCodeRequest,
  ResendConfirmationCodeRequest,
  SetUserMFAPreferenceRequest,
  SignUpRequest,
  SMSMfaSettingsType,
  SoftwareTokenMfaSettingsType,
  UpdateUserAttributesRequest,
  VerifyUserAttributeRequest,
} from '@aws-sdk/client-cognito-identity-provider';
import { IDENTITY_CLIENT_WRITE_ATTRIBUTES } from '@domain/identity/account';
import {
  attributeValue,
  cognitoLocal,
  withAttributes,
  type AppClient,
  type AttributeType,
  type RequestContext,
  type RouteFunction,
  type StoredUser,
  type UserPoolService,
} from './cognito-local';
import { codeMismatch, cognitoError, expiredCode, invalidParameter, MESSAGES, missingParameter, notAuthorized, userNotFound } from './errors';
import { emailDelivery, maskedDelivery, maskEmail, smsDelivery, type CodeDeliveryDetails, type MessageSource } from './messages';
import { assertPasswordConforms, generateTemporaryPassword } from './policy';
import { accessTokenUser, adminUser, clientAndPool, findUser, preventsUserExistenceErrors, type IdentityServices } from './services';

const HOUR_MS = 60 * 60 * 1000;
/** Sign-up and attribute verification codes are valid 24 hours, password reset codes 1 hour. */
export const CONFIRMATION_CODE_TTL_MS = 24 * HOUR_MS;
export const RESET_CODE_TTL_MS = HOUR_MS;

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

function policyOf(pool: UserPoolService) {
  return pool.options.Policies?.PasswordPolicy;
}

function userResponse(user: StoredUser) {
  return {
    Username: user.Username,
    Attributes: user.Attributes,
    UserCreateDate: user.UserCreateDate,
    UserLastModifiedDate: user.UserLastModifiedDate,
    Enabled: user.Enabled,
    UserStatus: user.UserStatus,
    MFAOptions: user.MFAOptions,
  };
}

/** What a code request for an unknown user answers when user existence is hidden: a plausible delivery. */
function simulatedDelivery(username: string): { CodeDeliveryDetails: CodeDeliveryDetails } {
  return { CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskEmail(username.includes('@') ? username : `${username}@example.com`) } };
}

async function sendCode(
  ctx: RequestContext,
  services: IdentityServices,
  pool: UserPoolService,
  user: StoredUser,
  source: MessageSource,
  clientId: string | null,
  delivery: CodeDeliveryDetails,
): Promise<string> {
  const code = newCode();
  await services.messages.deliver(ctx, source, clientId, pool.options.Id, user, code, undefined, delivery);
  return code;
}

function verifiedEmail(user: StoredUser): string | undefined {
  const email = attributeValue('email', user.Attributes);
  return email !== undefined && attributeValue('email_verified', user.Attributes) === 'true' ? email : undefined;
}

/** The MFA settings after a SetUserMFAPreference / AdminSetUserMFAPreference. */
function withMfaPreference(user: StoredUser, sms: SMSMfaSettingsType | undefined, software: SoftwareTokenMfaSettingsType | undefined): StoredUser {
  const methods = new Set(user.UserMFASettingList ?? []);
  let preferred = user.PreferredMfaSetting;
  const apply = (method: 'SMS_MFA' | 'SOFTWARE_TOKEN_MFA', settings: SMSMfaSettingsType | undefined) => {
    if (settings === undefined) return;
    if (settings.Enabled === true) methods.add(method);
    if (settings.Enabled === false) {
      methods.delete(method);
      if (preferred === method) preferred = undefined;
    }
    if (settings.PreferredMfa === true) {
      if (!methods.has(method)) throw invalidParameter(`Cannot set ${method} as preferred: it is not enabled`);
      preferred = method;
    } else if (settings.PreferredMfa === false && preferred === method) {
      preferred = undefined;
    }
  };
  if (sms?.Enabled && attributeValue('phone_number', user.Attributes) === undefined) {
    throw invalidParameter('User does not have delivery config set to turn on SMS_MFA');
  }
  if (software?.Enabled && !user.SoftwareTokenMfaConfiguration?.Verified) {
    throw invalidParameter('User has not verified software token mfa');
  }
  apply('SMS_MFA', sms);
  apply('SOFTWARE_TOKEN_MFA', software);
  const { PreferredMfaSetting: _previous, ...rest } = user;
  return { ...rest, UserMFASettingList: [...methods], ...(preferred ? { PreferredMfaSetting: preferred } : {}) };
}

/**
 * The attributes an app client lets a signed-in user write (its `WriteAttributes`); the
 * product's clients have the same list on AWS and locally (domain/identity/account.ts), which also
 * stands for a client stored before lists were set.
 */
function writableBy(client: AppClient): readonly string[] {
  return client.WriteAttributes ?? IDENTITY_CLIENT_WRITE_ATTRIBUTES;
}

function assertWritable(client: AppClient, names: readonly string[]): void {
  const writable = writableBy(client);
  if (names.some((name) => !writable.includes(name))) throw notAuthorized('A client attempted to write unauthorized attribute');
}

/** Another user signing in with this email (an alias is unique in the pool). */
async function assertEmailFree(ctx: RequestContext, pool: UserPoolService, user: StoredUser, email: string): Promise<void> {
  const holder = await findUser(ctx, pool, email);
  if (holder !== undefined && holder.Username !== user.Username) {
    throw cognitoError('AliasExistsException', 'An account with the given email already exists.');
  }
}

const sameText = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();

/**
 * An attribute update as the product's pool makes it (`keepOriginal: { email: true }`, i.e.
 * AttributesRequireVerificationBeforeUpdate email): a new email is not taken until the code
 * sent to it is verified; the old one keeps signing in and receiving codes meanwhile. Only an
 * admin call may mark an email verified itself (`email_verified` true with the email).
 */
async function updateAttributes(
  ctx: RequestContext,
  services: IdentityServices,
  pool: UserPoolService,
  user: StoredUser,
  requested: AttributeType[],
  options: { admin: boolean; clientId: string | null },
) {
  const { validatePermittedAttributeChanges } = cognitoLocal().userPoolService;
  const schema = pool.options.SchemaAttributes ?? cognitoLocal().cognitoService.USER_POOL_AWS_DEFAULTS.SchemaAttributes ?? [];
  validatePermittedAttributeChanges(requested, schema);
  const email = attributeValue('email', requested);
  const emailVerified = attributeValue('email_verified', requested);
  const newEmail = email !== undefined && !sameText(email, attributeValue('email', user.Attributes)) ? email : undefined;
  const immediateEmail = newEmail !== undefined && options.admin && emailVerified === 'true';
  if (newEmail !== undefined) await assertEmailFree(ctx, pool, user, newEmail);
  const immediate = requested.filter((attribute) => attribute.Name !== 'email' && (attribute.Name !== 'email_verified' || newEmail === undefined || immediateEmail));
  if (immediateEmail) immediate.push({ Name: 'email', Value: newEmail });
  const phone = attributeValue('phone_number', requested);
  if (phone !== undefined && phone !== attributeValue('phone_number', user.Attributes) && attributeValue('phone_number_verified', requested) === undefined) {
    immediate.push({ Name: 'phone_number_verified', Value: 'false' });
  }
  const pending = newEmail !== undefined && !immediateEmail;
  const updated: StoredUser = {
    ...user,
    Attributes: withAttributes(user.Attributes, ...immediate),
    UserLastModifiedDate: services.clock.date(),
    ...(pending ? { UnverifiedAttributeChanges: [{ Name: 'email', Value: newEmail }] } : {}),
  };
  if (!pending) {
    await pool.saveUser(ctx, updated);
    return { CodeDeliveryDetailsList: [] };
  }
  const delivery = emailDelivery(newEmail);
  const code = newCode();
  await pool.saveUser(ctx, { ...updated, AttributeVerificationCode: code, LocalAttributeCodeIssuedAt: services.clock.now() });
  await services.messages.deliver(ctx, 'UpdateUserAttribute', options.clientId, pool.options.Id, updated, code, undefined, delivery);
  return { CodeDeliveryDetailsList: [maskedDelivery(delivery)] };
}

/**
 * Accounts and passwords: sign-up, confirmation and reset codes, password changes checked
 * against the pool's policy, invitations, MFA preferences, attribute verification.
 * `delegate` is cognito-local's own router, for the parts it already does as Cognito does.
 */
export function accountTargets(services: IdentityServices, delegate: RouteFunction) {
  const now = () => services.clock.now();
  const date = () => services.clock.date();

  return {
    SignUp: async (ctx: RequestContext, request: SignUpRequest) => {
      const { client, pool } = await clientAndPool(ctx, services, request.ClientId);
      if (!request.Username) throw missingParameter('Username');
      if (request.Password === undefined) throw missingParameter('Password');
      // An unsigned call like UpdateUserAttributes: the app client's write list applies, so
      // nobody signs up with a role, an organisation or a verified flag (Cognito does the same).
      assertWritable(client, (request.UserAttributes ?? []).map((attribute) => attribute.Name ?? ''));
      assertPasswordConforms(policyOf(pool), request.Password);
      if (await findUser(ctx, pool, request.Username)) {
        throw cognitoError('UsernameExistsException', 'An account with the given email already exists.');
      }
      const result = await delegate('SignUp')(ctx, request) as { UserSub?: string; CodeDeliveryDetails?: CodeDeliveryDetails; UserConfirmed?: boolean };
      const user = await findUser(ctx, pool, request.Username);
      if (user?.ConfirmationCode !== undefined) await pool.saveUser(ctx, { ...user, LocalCodeIssuedAt: now() });
      return {
        ...result,
        ...(result.CodeDeliveryDetails ? { CodeDeliveryDetails: maskedDelivery(result.CodeDeliveryDetails) } : {}),
      };
    },

    ConfirmSignUp: async (ctx: RequestContext, request: ConfirmSignUpRequest) => {
      const { client, pool } = await clientAndPool(ctx, services, request.ClientId);
      const user = request.Username ? await findUser(ctx, pool, request.Username) : undefined;
      if (user === undefined) throw preventsUserExistenceErrors(client) ? codeMismatch() : userNotFound(MESSAGES.usernameClientNotFound);
      if (user.UserStatus !== 'UNCONFIRMED') {
        throw notAuthorized(`User cannot be confirmed. Current status is ${user.UserStatus}`);
      }
      if (user.ConfirmationCode === undefined
        || (user.LocalCodeIssuedAt !== undefined && user.LocalCodeIssuedAt + CONFIRMATION_CODE_TTL_MS <= now())) {
        throw expiredCode();
      }
      if (user.ConfirmationCode !== request.ConfirmationCode) throw codeMismatch();
      const { ConfirmationCode: _code, LocalCodeIssuedAt: _issued, ...rest } = user;
      const verified = (pool.options.AutoVerifiedAttributes ?? []).includes('email') && attributeValue('email', user.Attributes) !== undefined;
      await pool.saveUser(ctx, {
        ...rest,
        UserStatus: 'CONFIRMED',
        Attributes: verified ? withAttributes(user.Attributes, { Name: 'email_verified', Value: 'true' }) : user.Attributes,
        UserLastModifiedDate: date(),
      });
      return {};
    },

    ResendConfirmationCode: async (ctx: RequestContext, request: ResendConfirmationCodeRequest) => {
      const { client, pool } = await clientAndPool(ctx, services, request.ClientId);
      if (!request.Username) throw missingParameter('Username');
      const user = await findUser(ctx, pool, request.Username);
      if (user === undefined) {
        if (preventsUserExistenceErrors(client)) return simulatedDelivery(request.Username);
        throw userNotFound(MESSAGES.usernameClientNotFound);
      }
      if (user.UserStatus !== 'UNCONFIRMED') throw invalidParameter('User is already confirmed.');
      const email = attributeValue('email', user.Attributes);
      if (email === undefined) throw invalidParameter('User has no attribute matching desired auto verified attributes');
      const delivery = emailDelivery(email);
      const code = await sendCode(ctx, services, pool, user, 'ResendCode', client.ClientId, delivery);
      await pool.saveUser(ctx, { ...user, ConfirmationCode: code, LocalCodeIssuedAt: now(), UserLastModifiedDate: date() });
      return { CodeDeliveryDetails: maskedDelivery(delivery) };
    },

    ForgotPassword: async (ctx: RequestContext, request: ForgotPasswordRequest) => {
      const { client, pool } = await clientAndPool(ctx, services, request.ClientId);
      if (!request.Username) throw missingParameter('Username');
      const user = await findUser(ctx, pool, request.Username);
      if (user === undefined) {
        if (preventsUserExistenceErrors(client)) return simulatedDelivery(request.Username);
        throw userNotFound(MESSAGES.usernameClientNotFound);
      }
      if (!user.Enabled) throw notAuthorized(MESSAGES.userDisabled);
      if (user.UserStatus === 'FORCE_CHANGE_PASSWORD') throw notAuthorized('User password cannot be reset in the current state.');
      const email = verifiedEmail(user);
      if (email === undefined) {
        throw invalidParameter('Cannot reset password for the user as there is no registered/verified email or phone_number');
      }
      const delivery = emailDelivery(email);
      const code = await sendCode(ctx, services, pool, user, 'ForgotPassword', client.ClientId, delivery);
      await pool.saveUser(ctx, { ...user, ConfirmationCode: code, LocalCodeIssuedAt: now(), UserLastModifiedDate: date() });
      return { CodeDeliveryDetails: maskedDelivery(delivery) };
    },

    ConfirmForgotPassword: async (ctx: RequestContext, request: ConfirmForgotPasswordRequest) => {
      const { client, pool } = await clientAndPool(ctx, services, request.ClientId);
      if (!request.Username) throw missingParameter('Username');
      if (request.Password === undefined) throw missingParameter('Password');
      if (!request.ConfirmationCode) throw missingParameter('ConfirmationCode');
      const user = await findUser(ctx, pool, request.Username);
      if (user === undefined) throw preventsUserExistenceErrors(client) ? codeMismatch() : userNotFound(MESSAGES.usernameClientNotFound);
      if (user.ConfirmationCode === undefined || user.UserStatus === 'UNCONFIRMED') throw codeMismatch();
      if (user.LocalCodeIssuedAt !== undefined && user.LocalCodeIssuedAt + RESET_CODE_TTL_MS <= now()) throw expiredCode();
      if (user.ConfirmationCode !== request.ConfirmationCode) throw codeMismatch();
      assertPasswordConforms(policyOf(pool), request.Password);
      const { ConfirmationCode: _code, LocalCodeIssuedAt: _issued, ...rest } = user;
      await pool.saveUser(ctx, { ...rest, Password: request.Password, UserStatus: 'CONFIRMED', UserLastModifiedDate: date() });
      return {};
    },

    ChangePassword: async (ctx: RequestContext, request: ChangePasswordRequest) => {
      const { pool, user } = await accessTokenUser(ctx, services, request.AccessToken);
      if (request.ProposedPassword === undefined) throw missingParameter('ProposedPassword');
      if (request.PreviousPassword !== user.Password) throw notAuthorized(MESSAGES.incorrectCredentials);
      assertPasswordConforms(policyOf(pool), request.ProposedPassword);
      await pool.saveUser(ctx, { ...user, Password: request.ProposedPassword, UserLastModifiedDate: date() });
      return {};
    },

    AdminSetUserPassword: async (ctx: RequestContext, request: AdminSetUserPasswordRequest) => {
      const { pool, user } = await adminUser(ctx, services, request.UserPoolId, request.Username);
      if (request.Password === undefined) throw missingParameter('Password');
      assertPasswordConforms(policyOf(pool), request.Password);
      const { ConfirmationCode: _code, LocalCodeIssuedAt: _issued, ...rest } = user;
      await pool.saveUser(ctx, {
        ...(request.Permanent ? rest : user),
        Password: request.Password,
        UserStatus: request.Permanent ? 'CONFIRMED' : 'FORCE_CHANGE_PASSWORD',
        UserLastModifiedDate: date(),
      });
      return {};
    },

    /** RESET_REQUIRED, and a reset code to the user's email; sign-in then needs ConfirmForgotPassword. */
    AdminResetUserPassword: async (ctx: RequestContext, request: AdminResetUserPasswordRequest) => {
      const { pool, user } = await adminUser(ctx, services, request.UserPoolId, request.Username);
      const email = verifiedEmail(user);
      if (email === undefined) {
        throw invalidParameter('Cannot reset password for the user as there is no registered/verified email or phone_number');
      }
      const code = await sendCode(ctx, services, pool, user, 'ForgotPassword', null, emailDelivery(email));
      await pool.saveUser(ctx, { ...user, UserStatus: 'RESET_REQUIRED', ConfirmationCode: code, LocalCodeIssuedAt: now(), UserLastModifiedDate: date() });
      return {};
    },

    AdminCreateUser: async (ctx: RequestContext, request: AdminCreateUserRequest) => {
      const pool = await services.cognito.getUserPool(ctx, request.UserPoolId ?? '');
      if (request.TemporaryPassword !== undefined) assertPasswordConforms(policyOf(pool), request.TemporaryPassword);
      const temporaryPassword = request.TemporaryPassword ?? generateTemporaryPassword();
      if (request.MessageAction !== 'RESEND') {
        if (request.Username && await findUser(ctx, pool, request.Username)) {
          throw cognitoError('UsernameExistsException', 'User account already exists');
        }
        return delegate('AdminCreateUser')(ctx, { ...request, TemporaryPassword: temporaryPassword });
      }
      // RESEND: a new temporary password and the invitation again, for a user who has not signed in yet.
      const user = request.Username ? await findUser(ctx, pool, request.Username) : undefined;
      if (user === undefined) throw userNotFound(MESSAGES.userDoesNotExist);
      if (user.UserStatus !== 'FORCE_CHANGE_PASSWORD') {
        throw cognitoError('UnsupportedUserStateException', 'Resend not possible. User status is not FORCE_CHANGE_PASSWORD.');
      }
      const mediums = request.DesiredDeliveryMediums ?? ['SMS'];
      const phone = attributeValue('phone_number', user.Attributes);
      const email = attributeValue('email', user.Attributes);
      const delivery = mediums.includes('SMS') && phone !== undefined ? smsDelivery(phone)
        : mediums.includes('EMAIL') && email !== undefined ? emailDelivery(email) : undefined;
      if (delivery === undefined) throw invalidParameter('User has no attribute matching desired delivery mediums');
      const updated: StoredUser = { ...user, Password: temporaryPassword, UserLastModifiedDate: date() };
      await pool.saveUser(ctx, updated);
      await services.messages.deliver(ctx, 'AdminCreateUser', null, pool.options.Id, updated, temporaryPassword, request.ClientMetadata, delivery);
      return { User: userResponse(updated) };
    },

    /** Disabled: no sign-in, no refresh, and every token family ended (as Cognito revokes them). */
    AdminDisableUser: async (ctx: RequestContext, request: AdminDisableUserRequest) => {
      const { pool, user } = await adminUser(ctx, services, request.UserPoolId, request.Username);
      await pool.saveUser(ctx, { ...user, Enabled: false, UserLastModifiedDate: date() });
      services.tokens.revokeUser(pool.options.Id, user.Username);
      return {};
    },

    SetUserMFAPreference: async (ctx: RequestContext, request: SetUserMFAPreferenceRequest) => {
      const { pool, user } = await accessTokenUser(ctx, services, request.AccessToken);
      await pool.saveUser(ctx, { ...withMfaPreference(user, request.SMSMfaSettings, request.SoftwareTokenMfaSettings), UserLastModifiedDate: date() });
      return {};
    },

    AdminSetUserMFAPreference: async (ctx: RequestContext, request: AdminSetUserMFAPreferenceRequest) => {
      const { pool, user } = await adminUser(ctx, services, request.UserPoolId, request.Username);
      await pool.saveUser(ctx, { ...withMfaPreference(user, request.SMSMfaSettings, request.SoftwareTokenMfaSettings), UserLastModifiedDate: date() });
      return {};
    },

    /** The legacy MFA setting: an SMS MFAOption turns SMS MFA on. */
    AdminSetUserSettings: async (ctx: RequestContext, request: AdminSetUserSettingsRequest) => {
      const { pool, user } = await adminUser(ctx, services, request.UserPoolId, request.Username);
      const options = (request.MFAOptions ?? []).map((option) => ({ DeliveryMedium: option.DeliveryMedium, AttributeName: option.AttributeName }));
      if (options.some((option) => option.DeliveryMedium === 'SMS') && attributeValue('phone_number', user.Attributes) === undefined) {
        throw invalidParameter('User does not have delivery config set to turn on SMS_MFA');
      }
      await pool.saveUser(ctx, { ...user, MFAOptions: options, UserLastModifiedDate: date() });
      return {};
    },

    UpdateUserAttributes: async (ctx: RequestContext, request: UpdateUserAttributesRequest) => {
      const { client, pool, user } = await accessTokenUser(ctx, services, request.AccessToken);
      const requested = (request.UserAttributes ?? []).map(({ Name, Value }) => ({ Name: Name ?? '', Value }));
      assertWritable(client, requested.map((attribute) => attribute.Name));
      return updateAttributes(ctx, services, pool, user, requested, { admin: false, clientId: client.ClientId });
    },

    AdminUpdateUserAttributes: async (ctx: RequestContext, request: AdminUpdateUserAttributesRequest) => {
      const { pool, user } = await adminUser(ctx, services, request.UserPoolId, request.Username);
      const requested = (request.UserAttributes ?? []).map(({ Name, Value }) => ({ Name: Name ?? '', Value }));
      await updateAttributes(ctx, services, pool, user, requested, { admin: true, clientId: null });
      return {};
    },

    DeleteUserAttributes: async (ctx: RequestContext, request: DeleteUserAttributesRequest) => {
      const { client } = await accessTokenUser(ctx, services, request.AccessToken);
      assertWritable(client, request.UserAttributeNames ?? []);
      return delegate('DeleteUserAttributes')(ctx, request);
    },

    GetUserAttributeVerificationCode: async (ctx: RequestContext, request: GetUserAttributeVerificationCodeRequest) => {
      const { client, pool, user } = await accessTokenUser(ctx, services, request.AccessToken);
      const name = request.AttributeName;
      if (name !== 'email' && name !== 'phone_number') throw invalidParameter(`Attribute ${name ?? ''} cannot be verified`);
      const value = attributeValue(name, user.UnverifiedAttributeChanges) ?? attributeValue(name, user.Attributes);
      if (value === undefined) throw invalidParameter(`User has no ${name} attribute to verify`);
      const delivery = name === 'email' ? emailDelivery(value) : smsDelivery(value);
      const code = await sendCode(ctx, services, pool, user, 'VerifyUserAttribute', client.ClientId, delivery);
      await pool.saveUser(ctx, { ...user, AttributeVerificationCode: code, LocalAttributeCodeIssuedAt: now() });
      return { CodeDeliveryDetails: maskedDelivery(delivery) };
    },

    VerifyUserAttribute: async (ctx: RequestContext, request: VerifyUserAttributeRequest) => {
      const { pool, user } = await accessTokenUser(ctx, services, request.AccessToken);
      const name = request.AttributeName;
      if (name !== 'email' && name !== 'phone_number') throw invalidParameter(`Attribute ${name ?? ''} cannot be verified`);
      if (user.AttributeVerificationCode === undefined) throw codeMismatch();
      if (user.LocalAttributeCodeIssuedAt !== undefined && user.LocalAttributeCodeIssuedAt + CONFIRMATION_CODE_TTL_MS <= now()) {
        throw expiredCode();
      }
      if (user.AttributeVerificationCode !== request.Code) throw codeMismatch();
      const { AttributeVerificationCode: _code, LocalAttributeCodeIssuedAt: _issued, UnverifiedAttributeChanges: pending, ...rest } = user;
      const pendingEmail = attributeValue('email', pending);
      if (pendingEmail !== undefined) await assertEmailFree(ctx, pool, user, pendingEmail);
      await pool.saveUser(ctx, {
        ...rest,
        Attributes: withAttributes(user.Attributes, ...(pending ?? []), { Name: `${name}_verified`, Value: 'true' }),
        UserLastModifiedDate: date(),
      });
      return {};
    },
  };
}
