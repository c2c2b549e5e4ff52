/**
 * Identity conformance: the behaviours of Cognito the portal relies on, checked through the
 * AWS SDK against a target (./target.ts: a client, a user pool id, an app client id and a
 * way to read the codes sent).
 *
 * By default the target is the local stack the `stack` project starts (its identity service
 * at `identityEndpoint`, codes read from `<gateway>/outbox/messages.json`):
 *
 *   npx vitest run --project stack test/conformance
 *
 * Against a real Cognito user pool, set:
 *
 *   CONFORMANCE_TARGET=aws
 *   AWS_REGION=<region>                    and credentials allowed the admin operations on the pool
 *   CONFORMANCE_USER_POOL_ID=<pool id>     a pool like the product's (email user names, password
 *                                          policy 8+ upper lower number symbol, optional SMS MFA)
 *                                          with self sign-up allowed (for the SignUp cases)
 *   CONFORMANCE_CLIENT_ID=<client id>      no secret; ALLOW_USER_PASSWORD_AUTH and
 *                                          ALLOW_REFRESH_TOKEN_AUTH; user-existence errors
 *                                          prevented; token revocation on; the product's read
 *                                          and write attribute lists (domain/identity/account.ts); the
 *                                          pool keeps the original email until the new one is
 *                                          verified (keepOriginal), with the custom attributes
 *   CONFORMANCE_EMAIL_DOMAIN=<domain>      where the test users' mail is received
 *   CONFORMANCE_PHONE=<+E.164 number>      a phone number the pool may text (SMS sandbox: verified)
 *   CONFORMANCE_CODE_COMMAND=<command>     run as `<command> <destination> <email|sms> <since ISO>`;
 *                                          prints the newest code (for an invitation: the
 *                                          temporary password) sent there since then, waiting
 *                                          for it (e.g. reading SES receipts in S3, or an SNS
 *                                          topic the texts are copied to)
 *
 * On AWS the expiry cases wait the real time (3 minutes for a session, an hour for a reset
 * code); locally the identity service's clock is moved instead. The last `describe` is about
 * the local service's own extensions (the in-process trigger hook and the hosted-UI stand-in)
 * and always runs locally.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  AdminSetUserSettingsCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  DeleteUserAttributesCommand,
  DescribeUserPoolClientCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserAttributeVerificationCodeCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ListUsersCommand,
  ResendConfirmationCodeCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  SetUserMFAPreferenceCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
  type AttributeType,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { IDENTITY_CLIENT_READ_ATTRIBUTES, IDENTITY_CLIENT_WRITE_ATTRIBUTES } from '@domain/identity/account';
import { loadLocalCredentials } from '../../local/credentials';
import { identityClient, LOCAL_REGION, startIdentity, TEST_CLOCK_VARIABLE, type LocalIdentity } from '../../local/identity';
import { Outbox } from '../../local/outbox';
import { freePort } from '../../local/ports';
import {
  Accounts,
  claims,
  expectCognitoError,
  GOOD_PASSWORD,
  OTHER_GOOD_PASSWORD,
  passwordSignIn,
  POLICY_MESSAGE,
  signIn,
  tokensOf,
  type TestAccount,
} from './helpers';
import { localTarget, targetFromEnvironment, type IdentityTarget } from './target';

const stack = inject('stack');
const target: IdentityTarget = targetFromEnvironment(stack);
const accounts = new Accounts(target);
const onAws = target.name === 'aws';
/** Cases that wait real time on AWS get the time they need. */
const waiting = (ms: number) => (onAws ? ms + 120_000 : 60_000);

const SESSION_MS = 3 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

afterEach(async () => {
  await target.resetClock();
});

afterAll(async () => {
  await accounts.deleteAll();
  target.close();
});

const refreshWithNewApi = (refreshToken: string, on = target) => on.client.send(new GetTokensFromRefreshTokenCommand({
  ClientId: on.clientId, RefreshToken: refreshToken,
}));
const refreshWithInitiateAuth = (refreshToken: string, on = target) => on.client.send(new InitiateAuthCommand({
  AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: on.clientId, AuthParameters: { REFRESH_TOKEN: refreshToken },
}));

/** Both refresh APIs give new ID and access tokens of the same token family. */
async function expectRefreshWorks(tokens: { IdToken: string; RefreshToken: string }, on = target): Promise<void> {
  const originJti = claims(tokens.IdToken)['origin_jti'];
  for (const refresh of [refreshWithNewApi, refreshWithInitiateAuth]) {
    const result = (await refresh(tokens.RefreshToken, on)).AuthenticationResult;
    expect(result?.IdToken).toBeTypeOf('string');
    expect(result?.AccessToken).toBeTypeOf('string');
    expect(claims(result?.IdToken)['origin_jti']).toBe(originJti);
    expect(claims(result?.AccessToken)['origin_jti']).toBe(originJti);
  }
}

async function expectRefreshRefused(refreshToken: string): Promise<void> {
  await expectCognitoError(refreshWithNewApi(refreshToken), 'NotAuthorizedException');
  await expectCognitoError(refreshWithInitiateAuth(refreshToken), 'NotAuthorizedException');
}

/** A user with SMS MFA on, signed in up to the SMS_MFA challenge. */
async function smsMfaUser(): Promise<TestAccount & { phone: string }> {
  const phone = target.newPhone();
  const account = await accounts.confirmed();
  await target.client.send(new AdminUpdateUserAttributesCommand({
    UserPoolId: target.userPoolId,
    Username: account.email,
    UserAttributes: [{ Name: 'phone_number', Value: phone }, { Name: 'phone_number_verified', Value: 'true' }],
  }));
  await target.client.send(new AdminSetUserMFAPreferenceCommand({
    UserPoolId: target.userPoolId, Username: account.email, SMSMfaSettings: { Enabled: true, PreferredMfa: true },
  }));
  return { ...account, phone };
}

const answerSmsCode = (account: TestAccount, session: string | undefined, code: string) =>
  target.client.send(new RespondToAuthChallengeCommand({
    ClientId: target.clientId,
    ChallengeName: 'SMS_MFA',
    Session: session,
    ChallengeResponses: { USERNAME: account.email, SMS_MFA_CODE: code },
  }));

const answerNewPassword = (account: TestAccount, session: string | undefined, password: string) =>
  target.client.send(new RespondToAuthChallengeCommand({
    ClientId: target.clientId,
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    Session: session,
    ChallengeResponses: { USERNAME: account.email, NEW_PASSWORD: password },
  }));

describe(`identity conformance (${target.name})`, () => {
  it('signs in with USER_PASSWORD_AUTH: ID, access and refresh tokens, Bearer, with the expiry', async () => {
    const account = await accounts.confirmed([{ Name: 'given_name', Value: 'Conny' }]);
    const result = (await passwordSignIn(target, account)).AuthenticationResult;
    const tokens = tokensOf(result);
    expect(result?.TokenType).toBe('Bearer');
    expect(result?.ExpiresIn).toBeGreaterThan(0);
    const id = claims(tokens.IdToken);
    expect(id).toMatchObject({ token_use: 'id', aud: target.clientId, email: account.email, email_verified: true, given_name: 'Conny' });
    expect(id['cognito:username']).toBeTypeOf('string');
    expect(id.iss).toMatch(new RegExp(`/${target.userPoolId}$`));
    const access = claims(tokens.AccessToken);
    expect(access).toMatchObject({ token_use: 'access', client_id: target.clientId, sub: id.sub });
    // The email signs in whatever its case (the pool is not case sensitive).
    tokensOf((await passwordSignIn(target, { ...account, email: account.email.toUpperCase() })).AuthenticationResult);
  });

  it('answers a wrong password, an unknown user and an unconfirmed user as Cognito does', async () => {
    const account = await accounts.confirmed();
    await expectCognitoError(passwordSignIn(target, account, 'Wrong#2026pass'), 'NotAuthorizedException', 'Incorrect username or password.');
    // User-existence errors prevented: an unknown user looks like a wrong password.
    await expectCognitoError(passwordSignIn(target, { email: target.newEmail(), password: GOOD_PASSWORD }),
      'NotAuthorizedException', 'Incorrect username or password.');
    const unconfirmed = await accounts.signedUp();
    await expectCognitoError(passwordSignIn(target, unconfirmed), 'UserNotConfirmedException', 'User is not confirmed.');
    // The password is checked first: a wrong one does not reveal the state.
    await expectCognitoError(passwordSignIn(target, unconfirmed, 'Wrong#2026pass'), 'NotAuthorizedException');
  });

  it('confirms a sign-up with the emailed code (ConfirmSignUp)', async () => {
    const account = await accounts.signedUp();
    const code = await target.readCode(account.email, 'email', account.since);
    expect(code).toMatch(/^\d{6}$/);
    const confirm = (confirmationCode: string) => target.client.send(new ConfirmSignUpCommand({
      ClientId: target.clientId, Username: account.email, ConfirmationCode: confirmationCode,
    }));
    await expectCognitoError(confirm(code === '000000' ? '111111' : '000000'), 'CodeMismatchException');
    await confirm(code);
    const user = await target.client.send(new AdminGetUserCommand({ UserPoolId: target.userPoolId, Username: account.email }));
    expect(user.UserStatus).toBe('CONFIRMED');
    expect(user.UserAttributes?.find((attribute) => attribute.Name === 'email_verified')?.Value).toBe('true');
    tokensOf((await passwordSignIn(target, account)).AuthenticationResult);
    // Confirmed once is confirmed: the code is not taken twice.
    await expectCognitoError(confirm(code), 'NotAuthorizedException', /Current status is CONFIRMED/);
  });

  it('resends the confirmation code (ResendConfirmationCode), which then confirms the user', async () => {
    const account = await accounts.signedUp();
    await target.readCode(account.email, 'email', account.since);
    const since = new Date();
    const resent = await target.client.send(new ResendConfirmationCodeCommand({ ClientId: target.clientId, Username: account.email }));
    expect(resent.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    expect(resent.CodeDeliveryDetails?.Destination).toMatch(/\*\*\*/);
    const code = await target.readCode(account.email, 'email', since);
    await target.client.send(new ConfirmSignUpCommand({ ClientId: target.clientId, Username: account.email, ConfirmationCode: code }));
    tokensOf((await passwordSignIn(target, account)).AuthenticationResult);
    await expectCognitoError(
      target.client.send(new ResendConfirmationCodeCommand({ ClientId: target.clientId, Username: account.email })),
      'InvalidParameterException', 'User is already confirmed.');
  });

  it('NEW_PASSWORD_REQUIRED: a temporary password leads to the challenge, the new password to tokens that refresh', async () => {
    const account = await accounts.invited([{ Name: 'given_name', Value: 'Nova' }]);
    await expectCognitoError(passwordSignIn(target, account, 'Wrong#2026pass'), 'NotAuthorizedException', 'Incorrect username or password.');
    const challenge = await passwordSignIn(target, account);
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(challenge.Session).toBeTypeOf('string');
    expect(challenge.AuthenticationResult).toBeUndefined();
    expect(JSON.parse(challenge.ChallengeParameters?.['userAttributes'] ?? '{}')).toMatchObject({ email: account.email, given_name: 'Nova' });
    const tokens = tokensOf((await answerNewPassword(account, challenge.Session, GOOD_PASSWORD)).AuthenticationResult);
    await expectRefreshWorks(tokens);
    tokensOf((await passwordSignIn(target, account, GOOD_PASSWORD)).AuthenticationResult);
    await expectCognitoError(passwordSignIn(target, account), 'NotAuthorizedException');
  });

  it('checks new passwords against the pool policy (challenge, reset, change, admin set, sign-up)', async () => {
    const weak = [
      ['Sh0rt#a', /Password not long enough/],
      ['nouppercase#2026', /uppercase/],
      ['NOLOWERCASE#2026', /lowercase/],
      ['NoNumbers#here', /numeric/],
      ['NoSymbols2026here', /symbol/],
    ] as const;
    const withEach = (make: (password: string) => Promise<unknown>) => async () => {
      for (const [password, message] of weak) {
        const error = await expectCognitoError(make(password), 'InvalidPasswordException', POLICY_MESSAGE);
        expect(error.message).toMatch(message);
      }
    };

    // RespondToAuthChallenge NEW_PASSWORD_REQUIRED: refused, and the session stays usable.
    const invited = await accounts.invited();
    const challenge = await passwordSignIn(target, invited);
    await withEach((password) => answerNewPassword(invited, challenge.Session, password))();
    tokensOf((await answerNewPassword(invited, challenge.Session, GOOD_PASSWORD)).AuthenticationResult);

    // ConfirmForgotPassword.
    const forgetful = await accounts.confirmed();
    const since = new Date();
    await target.client.send(new ForgotPasswordCommand({ ClientId: target.clientId, Username: forgetful.email }));
    const code = await target.readCode(forgetful.email, 'email', since);
    await withEach((password) => target.client.send(new ConfirmForgotPasswordCommand({
      ClientId: target.clientId, Username: forgetful.email, ConfirmationCode: code, Password: password,
    })))();

    // ChangePassword, with the access token; a wrong previous password is refused too.
    const changer = await accounts.confirmed();
    const { AccessToken } = await signIn(target, changer);
    await withEach((password) => target.client.send(new ChangePasswordCommand({
      AccessToken, PreviousPassword: changer.password, ProposedPassword: password,
    })))();
    await expectCognitoError(target.client.send(new ChangePasswordCommand({
      AccessToken, PreviousPassword: 'Wrong#2026pass', ProposedPassword: OTHER_GOOD_PASSWORD,
    })), 'NotAuthorizedException');
    await target.client.send(new ChangePasswordCommand({ AccessToken, PreviousPassword: changer.password, ProposedPassword: OTHER_GOOD_PASSWORD }));
    tokensOf((await passwordSignIn(target, changer, OTHER_GOOD_PASSWORD)).AuthenticationResult);

    // AdminSetUserPassword.
    await withEach((password) => target.client.send(new AdminSetUserPasswordCommand({
      UserPoolId: target.userPoolId, Username: changer.email, Password: password, Permanent: true,
    })))();

    // SignUp.
    await withEach((password) => {
      const email = target.newEmail();
      accounts.adopt(email);
      return target.client.send(new SignUpCommand({
        ClientId: target.clientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }],
      }));
    })();
  });

  it('refuses a challenge answer with a missing, forged, expired or already used session', { timeout: waiting(SESSION_MS) }, async () => {
    const account = await accounts.invited();
    const invalid = /^Invalid session for the user/;
    const first = await passwordSignIn(target, account);
    await expectCognitoError(answerNewPassword(account, undefined, GOOD_PASSWORD), 'NotAuthorizedException', invalid);
    const forged = `${(first.Session ?? '').slice(0, -8)}AAAAAAAA`;
    await expectCognitoError(answerNewPassword(account, forged, GOOD_PASSWORD), 'NotAuthorizedException', invalid);

    // Expired: sessions live 3 minutes.
    await target.advanceClock(SESSION_MS + 5_000);
    await expectCognitoError(answerNewPassword(account, first.Session, GOOD_PASSWORD), 'NotAuthorizedException', invalid);
    await target.resetClock();

    // Used: answered once, a session is gone.
    const second = await passwordSignIn(target, account);
    tokensOf((await answerNewPassword(account, second.Session, GOOD_PASSWORD)).AuthenticationResult);
    await expectCognitoError(answerNewPassword(account, second.Session, OTHER_GOOD_PASSWORD), 'NotAuthorizedException', invalid);
  });

  it('SMS MFA: the sign-in asks for a texted 6-digit code, and the code gives tokens that refresh', async () => {
    const account = await smsMfaUser();
    const since = new Date();
    const challenge = await passwordSignIn(target, account);
    expect(challenge.ChallengeName).toBe('SMS_MFA');
    expect(challenge.Session).toBeTypeOf('string');
    expect(challenge.AuthenticationResult).toBeUndefined();
    expect(challenge.ChallengeParameters?.['CODE_DELIVERY_DELIVERY_MEDIUM']).toBe('SMS');
    expect(challenge.ChallengeParameters?.['CODE_DELIVERY_DESTINATION']).toMatch(new RegExp(`${account.phone.slice(-4)}$`));
    const code = await target.readCode(account.phone, 'sms', since);
    expect(code).toMatch(/^\d{6}$/);
    const tokens = tokensOf((await answerSmsCode(account, challenge.Session, code)).AuthenticationResult);
    expect(claims(tokens.IdToken)['phone_number']).toBe(account.phone);
    await expectRefreshWorks(tokens);
  });

  it('SMS MFA: a wrong code may be retried on the same session; three wrong codes end it', async () => {
    const account = await smsMfaUser();
    const since = new Date();
    const challenge = await passwordSignIn(target, account);
    const code = await target.readCode(account.phone, 'sms', since);
    const wrong = code === '000000' ? '111111' : '000000';
    await expectCognitoError(answerSmsCode(account, challenge.Session, wrong), 'CodeMismatchException');
    tokensOf((await answerSmsCode(account, challenge.Session, code)).AuthenticationResult);

    const since2 = new Date();
    const again = await passwordSignIn(target, account);
    const code2 = await target.readCode(account.phone, 'sms', since2);
    const wrong2 = code2 === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await expectCognitoError(answerSmsCode(account, again.Session, wrong2), 'CodeMismatchException');
    }
    await expectCognitoError(answerSmsCode(account, again.Session, code2), 'NotAuthorizedException', 'Invalid session for the user.');
  });

  it('sets MFA options: SetUserMFAPreference, AdminSetUserMFAPreference and AdminSetUserSettings', async () => {
    const account = await accounts.confirmed();
    const { AccessToken } = await signIn(target, account);
    // SMS MFA needs a phone number.
    await expectCognitoError(target.client.send(new SetUserMFAPreferenceCommand({
      AccessToken, SMSMfaSettings: { Enabled: true, PreferredMfa: true },
    })), 'InvalidParameterException');
    const phone = target.newPhone();
    await target.client.send(new AdminUpdateUserAttributesCommand({
      UserPoolId: target.userPoolId, Username: account.email,
      UserAttributes: [{ Name: 'phone_number', Value: phone }, { Name: 'phone_number_verified', Value: 'true' }],
    }));
    await target.client.send(new SetUserMFAPreferenceCommand({ AccessToken, SMSMfaSettings: { Enabled: true, PreferredMfa: true } }));
    const user = await target.client.send(new GetUserCommand({ AccessToken }));
    expect(user.UserMFASettingList).toEqual(['SMS_MFA']);
    expect(user.PreferredMfaSetting).toBe('SMS_MFA');
    expect((await passwordSignIn(target, account)).ChallengeName).toBe('SMS_MFA');

    await target.client.send(new AdminSetUserMFAPreferenceCommand({
      UserPoolId: target.userPoolId, Username: account.email, SMSMfaSettings: { Enabled: false },
    }));
    tokensOf((await passwordSignIn(target, account)).AuthenticationResult);
    const admin = await target.client.send(new AdminGetUserCommand({ UserPoolId: target.userPoolId, Username: account.email }));
    expect(admin.UserMFASettingList ?? []).toEqual([]);

    // The legacy setting turns SMS MFA on as well.
    await target.client.send(new AdminSetUserSettingsCommand({
      UserPoolId: target.userPoolId, Username: account.email,
      MFAOptions: [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }],
    }));
    expect((await passwordSignIn(target, account)).ChallengeName).toBe('SMS_MFA');
  });

  it('refreshes with GetTokensFromRefreshToken and REFRESH_TOKEN_AUTH after every sign-in path', async () => {
    const byPassword = await accounts.confirmed();
    await expectRefreshWorks(await signIn(target, byPassword));

    const invited = await accounts.invited();
    const challenge = await passwordSignIn(target, invited);
    await expectRefreshWorks(tokensOf((await answerNewPassword(invited, challenge.Session, GOOD_PASSWORD)).AuthenticationResult));

    const withMfa = await smsMfaUser();
    const since = new Date();
    const mfa = await passwordSignIn(target, withMfa);
    const code = await target.readCode(withMfa.phone, 'sms', since);
    await expectRefreshWorks(tokensOf((await answerSmsCode(withMfa, mfa.Session, code)).AuthenticationResult));

    // A refresh token is good only with the client that got it, and only as issued.
    await expectCognitoError(refreshWithNewApi('not-a-refresh-token'), 'NotAuthorizedException');
  });

  it('GlobalSignOut ends every refresh token and access token of the user', async () => {
    const account = await accounts.confirmed();
    const first = await signIn(target, account);
    const second = await signIn(target, account);
    await target.client.send(new GlobalSignOutCommand({ AccessToken: first.AccessToken }));
    await expectRefreshRefused(first.RefreshToken);
    await expectRefreshRefused(second.RefreshToken);
    await expectCognitoError(target.client.send(new GetUserCommand({ AccessToken: second.AccessToken })), 'NotAuthorizedException');
    // Signing in again works.
    await expectRefreshWorks(await signIn(target, account));
  });

  it('AdminUserGlobalSignOut ends the user\'s refresh tokens', async () => {
    const account = await accounts.confirmed();
    const tokens = await signIn(target, account);
    await target.client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: target.userPoolId, Username: account.email }));
    await expectRefreshRefused(tokens.RefreshToken);
    await expectCognitoError(target.client.send(new GetUserCommand({ AccessToken: tokens.AccessToken })), 'NotAuthorizedException');
  });

  it('RevokeToken revokes that refresh token\'s family and leaves the others', async () => {
    const account = await accounts.confirmed();
    const revoked = await signIn(target, account);
    const kept = await signIn(target, account);
    await target.client.send(new RevokeTokenCommand({ ClientId: target.clientId, Token: revoked.RefreshToken }));
    await expectRefreshRefused(revoked.RefreshToken);
    await expectCognitoError(target.client.send(new GetUserCommand({ AccessToken: revoked.AccessToken })), 'NotAuthorizedException');
    await expectRefreshWorks(kept);
    expect((await target.client.send(new GetUserCommand({ AccessToken: kept.AccessToken }))).Username).toBeTypeOf('string');
  });

  it('AdminResetUserPassword: RESET_REQUIRED, a code emailed, sign-in refused until ConfirmForgotPassword', async () => {
    const account = await accounts.confirmed();
    const since = new Date();
    await target.client.send(new AdminResetUserPasswordCommand({ UserPoolId: target.userPoolId, Username: account.email }));
    const user = await target.client.send(new AdminGetUserCommand({ UserPoolId: target.userPoolId, Username: account.email }));
    expect(user.UserStatus).toBe('RESET_REQUIRED');
    await expectCognitoError(passwordSignIn(target, account), 'PasswordResetRequiredException');
    const code = await target.readCode(account.email, 'email', since);
    await target.client.send(new ConfirmForgotPasswordCommand({
      ClientId: target.clientId, Username: account.email, ConfirmationCode: code, Password: OTHER_GOOD_PASSWORD,
    }));
    const after = await target.client.send(new AdminGetUserCommand({ UserPoolId: target.userPoolId, Username: account.email }));
    expect(after.UserStatus).toBe('CONFIRMED');
    tokensOf((await passwordSignIn(target, account, OTHER_GOOD_PASSWORD)).AuthenticationResult);
    await expectCognitoError(passwordSignIn(target, account), 'NotAuthorizedException');
  });

  it('ForgotPassword emails a code; a wrong code is CodeMismatch, an expired one ExpiredCode, the right one sets the password', { timeout: waiting(HOUR_MS) }, async () => {
    const account = await accounts.confirmed();
    const forgot = async () => {
      const since = new Date();
      const sent = await target.client.send(new ForgotPasswordCommand({ ClientId: target.clientId, Username: account.email }));
      expect(sent.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', AttributeName: 'email' });
      return target.readCode(account.email, 'email', since);
    };
    const confirm = (code: string, password = OTHER_GOOD_PASSWORD) => target.client.send(new ConfirmForgotPasswordCommand({
      ClientId: target.clientId, Username: account.email, ConfirmationCode: code, Password: password,
    }));

    const expiring = await forgot();
    await target.advanceClock(HOUR_MS + 60_000);
    await expectCognitoError(confirm(expiring), 'ExpiredCodeException');
    await target.resetClock();

    const code = await forgot();
    await expectCognitoError(confirm(code === '000000' ? '111111' : '000000'), 'CodeMismatchException');
    await confirm(code);
    tokensOf((await passwordSignIn(target, account, OTHER_GOOD_PASSWORD)).AuthenticationResult);
    // An unknown user gets an answer that does not tell (user-existence errors prevented).
    const unknown = await target.client.send(new ForgotPasswordCommand({ ClientId: target.clientId, Username: target.newEmail() }));
    expect(unknown.CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');
  });

  it('verifies an email with GetUserAttributeVerificationCode and VerifyUserAttribute', async () => {
    const invited = await accounts.invited([], false);
    const challenge = await passwordSignIn(target, invited);
    const { AccessToken } = tokensOf((await answerNewPassword(invited, challenge.Session, GOOD_PASSWORD)).AuthenticationResult);
    const since = new Date();
    const sent = await target.client.send(new GetUserAttributeVerificationCodeCommand({ AccessToken, AttributeName: 'email' }));
    expect(sent.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    const code = await target.readCode(invited.email, 'email', since);
    const verify = (value: string) => target.client.send(new VerifyUserAttributeCommand({ AccessToken, AttributeName: 'email', Code: value }));
    await expectCognitoError(verify(code === '000000' ? '111111' : '000000'), 'CodeMismatchException');
    await verify(code);
    const user = await target.client.send(new GetUserCommand({ AccessToken }));
    expect(user.UserAttributes?.find((attribute) => attribute.Name === 'email_verified')?.Value).toBe('true');
  });

  it('a disabled user cannot sign in or refresh; enabled again, signs in', async () => {
    const account = await accounts.confirmed();
    const tokens = await signIn(target, account);
    await target.client.send(new AdminDisableUserCommand({ UserPoolId: target.userPoolId, Username: account.email }));
    await expectCognitoError(passwordSignIn(target, account), 'NotAuthorizedException', 'User is disabled.');
    await expectRefreshRefused(tokens.RefreshToken);
    await target.client.send(new AdminEnableUserCommand({ UserPoolId: target.userPoolId, Username: account.email }));
    tokensOf((await passwordSignIn(target, account)).AuthenticationResult);
  });

  it('ID and access tokens carry one origin_jti per sign-in, kept across refreshes', async () => {
    const account = await accounts.confirmed();
    const first = await signIn(target, account);
    const second = await signIn(target, account);
    const firstId = claims(first.IdToken);
    const firstAccess = claims(first.AccessToken);
    expect(firstId['origin_jti']).toBeTypeOf('string');
    expect(firstAccess['origin_jti']).toBe(firstId['origin_jti']);
    expect(claims(second.IdToken)['origin_jti']).not.toBe(firstId['origin_jti']);
    const refreshed: AuthenticationResultType | undefined = (await refreshWithNewApi(first.RefreshToken)).AuthenticationResult;
    const refreshedId = claims(refreshed?.IdToken);
    expect(refreshedId['origin_jti']).toBe(firstId['origin_jti']);
    expect(claims(refreshed?.AccessToken)['origin_jti']).toBe(firstId['origin_jti']);
    expect(refreshedId.jti).not.toBe(firstId.jti);
    expect(refreshedId['auth_time']).toBe(firstId['auth_time']);
  });

  it('AdminCreateUser with MessageAction RESEND sends the invitation again with a new temporary password', async () => {
    const email = target.newEmail();
    const since = new Date();
    await target.client.send(new AdminCreateUserCommand({
      UserPoolId: target.userPoolId,
      Username: email,
      DesiredDeliveryMediums: ['EMAIL'],
      UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }],
    }));
    accounts.adopt(email);
    const first = await target.readCode(email, 'email', since);
    expect((await passwordSignIn(target, { email, password: first })).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');

    const resentAt = new Date();
    const resent = await target.client.send(new AdminCreateUserCommand({
      UserPoolId: target.userPoolId, Username: email, MessageAction: 'RESEND', DesiredDeliveryMediums: ['EMAIL'],
    }));
    expect(resent.User?.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    const second = await target.readCode(email, 'email', resentAt);
    expect(second).not.toBe(first);
    expect((await passwordSignIn(target, { email, password: second })).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    await expectCognitoError(passwordSignIn(target, { email, password: first }), 'NotAuthorizedException');

    // Only a user who has not signed in yet can be invited again.
    const confirmed = await accounts.confirmed();
    await expectCognitoError(target.client.send(new AdminCreateUserCommand({
      UserPoolId: target.userPoolId, Username: confirmed.email, MessageAction: 'RESEND', DesiredDeliveryMediums: ['EMAIL'],
    })), 'UnsupportedUserStateException');
  });

  it('the app client reads and writes the product\'s attribute lists (DescribeUserPoolClient)', async () => {
    const { UserPoolClient } = await target.client.send(new DescribeUserPoolClientCommand({
      UserPoolId: target.userPoolId, ClientId: target.clientId,
    }));
    expect([...(UserPoolClient?.WriteAttributes ?? [])].sort()).toEqual([...IDENTITY_CLIENT_WRITE_ATTRIBUTES].sort());
    expect([...(UserPoolClient?.ReadAttributes ?? [])].sort()).toEqual([...IDENTITY_CLIENT_READ_ATTRIBUTES].sort());
  });

  it('a user cannot write their role, organisation, portal access or a verified flag with their own access token', async () => {
    const account = await accounts.confirmed([
      { Name: 'custom:role', Value: 'basicuser' },
      { Name: 'custom:customerid', Value: 'conformance-org-a' },
      { Name: 'custom:isPortalLogin', Value: 'false' },
    ]);
    const { AccessToken, RefreshToken } = await signIn(target, account);
    const update = (attributes: AttributeType[]) => target.client.send(new UpdateUserAttributesCommand({ AccessToken, UserAttributes: attributes }));
    for (const attribute of [
      { Name: 'custom:role', Value: 'admin' },
      { Name: 'custom:customerid', Value: 'conformance-org-b' },
      { Name: 'custom:isPortalLogin', Value: 'true' },
      { Name: 'email_verified', Value: 'true' },
      { Name: 'phone_number', Value: target.newPhone() },
    ]) {
      await expectCognitoError(update([attribute]), 'NotAuthorizedException', 'A client attempted to write unauthorized attribute');
    }
    // Nor among allowed ones, nor by deleting them.
    await expectCognitoError(update([{ Name: 'given_name', Value: 'Mixed' }, { Name: 'custom:role', Value: 'superadmin' }]), 'NotAuthorizedException');
    await expectCognitoError(target.client.send(new DeleteUserAttributesCommand({ AccessToken, UserAttributeNames: ['custom:role'] })), 'NotAuthorizedException');
    await update([{ Name: 'given_name', Value: 'Allowed' }]);
    const refreshed = (await refreshWithNewApi(RefreshToken)).AuthenticationResult;
    expect(claims(refreshed?.IdToken)).toMatchObject({
      'custom:role': 'basicuser', 'custom:customerid': 'conformance-org-a', 'custom:isPortalLogin': 'false',
    });
    const user = await target.client.send(new GetUserCommand({ AccessToken }));
    expect(user.UserAttributes).toContainEqual({ Name: 'given_name', Value: 'Allowed' });
  });

  it('SignUp takes only the attributes the app client may write: a role, an organisation or a verified flag is refused, no user made', async () => {
    for (const attribute of [
      { Name: 'custom:role', Value: 'superadmin' },
      { Name: 'custom:customerid', Value: 'conformance-org-b' },
      { Name: 'custom:isPortalLogin', Value: 'true' },
      { Name: 'email_verified', Value: 'true' },
    ]) {
      const email = target.newEmail();
      accounts.adopt(email);
      await expectCognitoError(target.client.send(new SignUpCommand({
        ClientId: target.clientId, Username: email, Password: GOOD_PASSWORD,
        UserAttributes: [{ Name: 'email', Value: email }, { Name: 'given_name', Value: 'Allowed' }, attribute],
      })), 'NotAuthorizedException', 'A client attempted to write unauthorized attribute');
      await expectCognitoError(target.client.send(new AdminGetUserCommand({ UserPoolId: target.userPoolId, Username: email })), 'UserNotFoundException');
    }
  });

  it('an email change keeps the original until the code sent to the new address is verified', async () => {
    const account = await accounts.confirmed();
    const { AccessToken } = await signIn(target, account);
    const newEmail = target.newEmail();
    accounts.adopt(newEmail);
    const attribute = async (name: string) =>
      (await target.client.send(new GetUserCommand({ AccessToken }))).UserAttributes?.find((entry) => entry.Name === name)?.Value;
    const since = new Date();
    const update = await target.client.send(new UpdateUserAttributesCommand({ AccessToken, UserAttributes: [{ Name: 'email', Value: newEmail }] }));
    expect(update.CodeDeliveryDetailsList?.[0]).toMatchObject({ AttributeName: 'email', DeliveryMedium: 'EMAIL' });
    // The old address still signs in, receives codes and is the verified one.
    expect(await attribute('email')).toBe(account.email);
    expect(await attribute('email_verified')).toBe('true');
    expect((await passwordSignIn(target, account)).AuthenticationResult?.IdToken).toBeTypeOf('string');
    expect(claims((await passwordSignIn(target, account)).AuthenticationResult?.IdToken).email).toBe(account.email);
    await expectCognitoError(passwordSignIn(target, { email: newEmail, password: account.password }), 'NotAuthorizedException');
    const code = await target.readCode(newEmail, 'email', since);
    await expectCognitoError(target.client.send(new VerifyUserAttributeCommand({
      AccessToken, AttributeName: 'email', Code: code === '000000' ? '111111' : '000000',
    })), 'CodeMismatchException');
    await target.client.send(new VerifyUserAttributeCommand({ AccessToken, AttributeName: 'email', Code: code }));
    expect(await attribute('email')).toBe(newEmail);
    expect(await attribute('email_verified')).toBe('true');
    expect(claims((await signIn(target, { email: newEmail, password: account.password })).IdToken).email).toBe(newEmail);
    await expectCognitoError(passwordSignIn(target, account), 'NotAuthorizedException');
  });

  it('an admin email change without email_verified is pending too: the code goes to the new address, the old one keeps working', async () => {
    const account = await accounts.confirmed();
    const attacker = target.newEmail();
    const since = new Date();
    await target.client.send(new AdminUpdateUserAttributesCommand({
      UserPoolId: target.userPoolId, Username: account.email, UserAttributes: [{ Name: 'email', Value: attacker }],
    }));
    const user = await target.client.send(new AdminGetUserCommand({ UserPoolId: target.userPoolId, Username: account.email }));
    expect(user.UserAttributes).toEqual(expect.arrayContaining([
      { Name: 'email', Value: account.email }, { Name: 'email_verified', Value: 'true' },
    ]));
    // A forgotten-password code still goes to the verified, original address.
    const resetSince = new Date();
    const forgot = await target.client.send(new ForgotPasswordCommand({ ClientId: target.clientId, Username: account.email }));
    expect(forgot.CodeDeliveryDetails?.Destination?.[0]).toBe(account.email[0]);
    const resetCode = await target.readCode(account.email, 'email', resetSince);
    expect(resetCode).toMatch(/^\d{6}$/);
    expect(await target.readCode(attacker, 'email', since)).toMatch(/^\d{6}$/);
  });

  it('two users never sign in with one email: taking another user\'s address is refused (AliasExistsException)', async () => {
    const [first, second] = [await accounts.confirmed(), await accounts.confirmed()];
    const { AccessToken } = await signIn(target, second);
    const since = new Date();
    const attempt = target.client.send(new UpdateUserAttributesCommand({
      AccessToken, UserAttributes: [{ Name: 'email', Value: first.email }],
    })).then(async () => {
      // Cognito may take the request and refuse the verification instead.
      const code = await target.readCode(first.email, 'email', since);
      return target.client.send(new VerifyUserAttributeCommand({ AccessToken, AttributeName: 'email', Code: code }));
    });
    await expectCognitoError(attempt, 'AliasExistsException');
    expect(claims((await signIn(target, first)).IdToken).email).toBe(first.email);
    expect(claims((await signIn(target, second)).IdToken).email).toBe(second.email);
  });
});

describe('local identity service: its own extensions', () => {
  const local = localTarget(stack);
  const localAccounts = new Accounts(local);

  describe('admin operations need the local credentials; the test clock is off by default', () => {
    let identity: LocalIdentity;
    let dataDir: string;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'identity-plain-'));
      // As `npm start` runs it: without the test clock variable.
      const clock = process.env[TEST_CLOCK_VARIABLE];
      process.env[TEST_CLOCK_VARIABLE] = 'off';
      try {
        identity = await startIdentity({
          port: await freePort(), dataDir, sesEndpoint: 'http://127.0.0.1:9', outbox: new Outbox(join(dataDir, 'outbox.jsonl')),
          credentials: loadLocalCredentials(dataDir),
        });
      } finally {
        process.env[TEST_CLOCK_VARIABLE] = clock ?? 'off';
      }
    });

    afterAll(async () => {
      await identity.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('refuses Admin* and ListUsers unsigned or signed with other credentials; serves them signed with the local ones', async () => {
      const target = 'AWSCognitoIdentityProviderService.AdminUpdateUserAttributes';
      const unsigned = await fetch(identity.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target },
        body: JSON.stringify({ UserPoolId: identity.userPoolId, Username: 'x@test.example', UserAttributes: [{ Name: 'custom:role', Value: 'superadmin' }] }),
      });
      expect(unsigned.status).toBe(400);
      expect(await unsigned.json()).toMatchObject({ __type: 'MissingAuthenticationTokenException' });
      const forged = new CognitoIdentityProviderClient({
        endpoint: identity.endpoint, region: LOCAL_REGION, credentials: { accessKeyId: loadLocalCredentials(dataDir).accessKeyId, secretAccessKey: 'guessed' },
      });
      const stranger = new CognitoIdentityProviderClient({
        endpoint: identity.endpoint, region: LOCAL_REGION, credentials: { accessKeyId: 'someone', secretAccessKey: 'local' },
      });
      try {
        await expectCognitoError(forged.send(new ListUsersCommand({ UserPoolId: identity.userPoolId })), 'InvalidSignatureException');
        await expectCognitoError(stranger.send(new ListUsersCommand({ UserPoolId: identity.userPoolId })), 'UnrecognizedClientException');
      } finally {
        forged.destroy();
        stranger.destroy();
      }
      const signed = identityClient(identity.endpoint, loadLocalCredentials(dataDir));
      try {
        expect((await signed.send(new ListUsersCommand({ UserPoolId: identity.userPoolId }))).Users).toEqual([]);
      } finally {
        signed.destroy();
      }
    });

    it('answers requests to a loopback host name only', async () => {
      const { request } = await import('node:http');
      const status = await new Promise<number>((resolve, reject) => {
        const call = request(`${identity.endpoint}/health`, { headers: { host: 'attacker.example' } }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        call.on('error', reject);
        call.end();
      });
      expect(status).toBe(403);
    });

    it('serves no clock control unless the test variable turns it on', async () => {
      const response = await fetch(`${identity.endpoint}/_local/clock?advanceMs=3600000`, { method: 'POST' });
      expect(response.status).toBe(404);
    });
  });

  afterAll(async () => {
    await local.resetClock();
    await localAccounts.deleteAll();
    local.close();
  });

  describe('post-authentication trigger hook (in-process)', () => {
    const events: PostAuthenticationTriggerEvent[] = [];
    let failWith: string | undefined;
    let identity: LocalIdentity;
    let dataDir: string;
    let hooked: IdentityTarget;
    let hookedAccounts: Accounts;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'identity-hook-'));
      identity = await startIdentity({
        port: await freePort(),
        dataDir,
        // Nothing here sends mail: every user is made with MessageAction SUPPRESS.
        sesEndpoint: 'http://127.0.0.1:9',
        outbox: new Outbox(join(dataDir, 'outbox.jsonl')),
        credentials: loadLocalCredentials(dataDir),
        triggers: {
          postAuthentication: async (event) => {
            events.push(event);
            if (failWith !== undefined) throw new Error(failWith);
            return event;
          },
        },
      });
      hooked = {
        ...local,
        name: 'local (hooked)',
        client: identityClient(identity.endpoint, loadLocalCredentials(dataDir)),
        userPoolId: identity.userPoolId,
        clientId: identity.portalClientId,
        close() {
          this.client.destroy();
        },
      };
      hookedAccounts = new Accounts(hooked);
    });

    afterAll(async () => {
      hooked.close();
      await identity.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    afterEach(() => {
      events.length = 0;
      failWith = undefined;
    });

    it('is called with the event Cognito sends, after the credentials and before the tokens', async () => {
      const account = await hookedAccounts.confirmed([{ Name: 'custom:role', Value: 'admin' }]);
      const tokens = await signIn(hooked, account);
      expect(events).toHaveLength(1);
      const [event] = events;
      expect(event).toMatchObject({
        version: '1',
        region: 'us-east-1',
        userPoolId: identity.userPoolId,
        userName: claims(tokens.IdToken)['cognito:username'],
        callerContext: { clientId: identity.portalClientId },
        triggerSource: 'PostAuthentication_Authentication',
        request: {
          newDeviceUsed: false,
          userAttributes: { email: account.email, 'custom:role': 'admin', 'cognito:user_status': 'CONFIRMED' },
        },
        response: {},
      });
      expect(event?.callerContext.awsSdkVersion).toBeTypeOf('string');
      expect(event?.request.userAttributes['sub']).toBe(claims(tokens.IdToken).sub);

      // Not for a wrong password, nor for a refresh.
      await expectCognitoError(passwordSignIn(hooked, account, 'Wrong#2026pass'), 'NotAuthorizedException');
      await hooked.client.send(new GetTokensFromRefreshTokenCommand({ ClientId: hooked.clientId, RefreshToken: tokens.RefreshToken }));
      expect(events).toHaveLength(1);
    });

    it('is called after the last challenge only', async () => {
      const account = await hookedAccounts.invited();
      const challenge = await passwordSignIn(hooked, account);
      expect(events).toHaveLength(0);
      const result = await hooked.client.send(new RespondToAuthChallengeCommand({
        ClientId: hooked.clientId, ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: challenge.Session,
        ChallengeResponses: { USERNAME: account.email, NEW_PASSWORD: GOOD_PASSWORD },
        ClientMetadata: { origin: 'test' },
      }));
      tokensOf(result.AuthenticationResult);
      expect(events).toHaveLength(1);
      expect(events[0]?.request.clientMetadata).toEqual({ origin: 'test' });
    });

    it('fails the sign-in with UserLambdaValidationException and no tokens when it throws', async () => {
      const account = await hookedAccounts.confirmed();
      failWith = 'Dormant account';
      const error = await expectCognitoError(passwordSignIn(hooked, account), 'UserLambdaValidationException',
        'PostAuthentication failed with error Dormant account.');
      expect(error).toBeDefined();
      failWith = undefined;
      tokensOf((await passwordSignIn(hooked, account)).AuthenticationResult);
    });
  });

  describe('hosted-UI stand-in (/oauth2 on the gateway)', () => {
    const redirectUri = 'http://localhost:5999/login/callback';

    const authorizeUrl = (responseType: 'code' | 'token', extra: Record<string, string> = {}) => {
      const query = new URLSearchParams({
        client_id: stack.portalClientId,
        redirect_uri: redirectUri,
        response_type: responseType,
        identity_provider: 'AcmeAzureAD',
        scope: 'openid email',
        state: 'state-123',
        ...extra,
      });
      return `${stack.portalUrl}/oauth2/authorize?${query.toString()}`;
    };

    /** The form's POST, as the browser sends it from the page. */
    async function submitForm(page: string, email: string, password: string): Promise<Response> {
      const form = new URLSearchParams();
      for (const match of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
        form.set(match[1] ?? '', (match[2] ?? '').replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code))));
      }
      form.set('username', email);
      form.set('password', password);
      return fetch(`${stack.portalUrl}/oauth2/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        redirect: 'manual',
      });
    }

    const exchange = (code: string, overrides: Record<string, string> = {}) => fetch(`${stack.portalUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code', client_id: stack.portalClientId, code, redirect_uri: redirectUri, ...overrides,
      }).toString(),
    });

    async function codeFor(account: TestAccount): Promise<string> {
      const page = await (await fetch(authorizeUrl('code'))).text();
      const response = await submitForm(page, account.email, account.password);
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location') ?? '');
      expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
      expect(location.searchParams.get('state')).toBe('state-123');
      return location.searchParams.get('code') ?? '';
    }

    it('shows a sign-in form, re-shows it on wrong credentials, and exchanges a single-use code for tokens', async () => {
      const account = await localAccounts.confirmed();
      const page = await fetch(authorizeUrl('code'));
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      const html = await page.text();
      expect(html).toContain('<form');
      expect(html).toContain('AcmeAzureAD');
      expect(html).toMatch(/local stand-in/i);

      const refused = await submitForm(html, account.email, 'Wrong#2026pass');
      expect(refused.status).toBe(200);
      expect(await refused.text()).toContain('Incorrect username or password.');

      const code = await codeFor(account);
      const response = await exchange(code);
      expect(response.status).toBe(200);
      const tokens = await response.json() as Record<string, unknown>;
      expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
      expect(claims(tokens['id_token'] as string)).toMatchObject({ email: account.email, aud: stack.portalClientId });
      expect(claims(tokens['access_token'] as string)['origin_jti']).toBe(claims(tokens['id_token'] as string)['origin_jti']);
      expect(tokens['refresh_token']).toBeTypeOf('string');
      await expectRefreshWorks({ IdToken: tokens['id_token'] as string, RefreshToken: tokens['refresh_token'] as string }, local);

      // Single use.
      const again = await exchange(code);
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual({ error: 'invalid_grant' });
    });

    it('refuses a code for another client or redirect URI, or after 5 minutes', async () => {
      const account = await localAccounts.confirmed();
      const mismatches: Record<string, string>[] = [{ client_id: stack.helpdeskClientId }, { redirect_uri: 'http://localhost:5999/elsewhere' }];
      for (const overrides of mismatches) {
        const response = await exchange(await codeFor(account), overrides);
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ error: 'invalid_grant' });
      }
      const code = await codeFor(account);
      await local.advanceClock(5 * 60 * 1000 + 1000);
      const expired = await exchange(code);
      expect(expired.status).toBe(400);
      expect(await expired.json()).toEqual({ error: 'invalid_grant' });
    });

    it('returns the tokens in the redirect fragment for response_type=token', async () => {
      const account = await localAccounts.confirmed();
      const page = await (await fetch(authorizeUrl('token'))).text();
      const response = await submitForm(page, account.email, account.password);
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location') ?? '');
      expect(location.search).toBe('');
      const fragment = new URLSearchParams(location.hash.slice(1));
      expect(fragment.get('token_type')).toBe('Bearer');
      expect(fragment.get('expires_in')).toBe('3600');
      expect(fragment.get('state')).toBe('state-123');
      expect(claims(fragment.get('id_token') ?? '').email).toBe(account.email);
      expect(claims(fragment.get('access_token') ?? '').token_use).toBe('access');
    });
  });
});
