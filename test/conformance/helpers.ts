import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  InitiateAuthCommand,
  SignUpCommand,
  type AttributeType,
  type AuthenticationResultType,
  type InitiateAuthCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt, type JWTPayload } from 'jose';
import { expect } from 'vitest';
import type { IdentityTarget } from './target';

/** A password the product's policy accepts (8+, upper, lower, number, symbol). */
export const GOOD_PASSWORD = 'Conform#2026pass';
export const OTHER_GOOD_PASSWORD = 'Another#2026word';

export interface TestAccount {
  email: string;
  password: string;
}

/** Users made by the suite, deleted afterwards (a real pool keeps no litter). */
export class Accounts {
  private readonly made: string[] = [];

  constructor(private readonly target: IdentityTarget) {}

  /** A confirmed user with a verified email and a permanent password. */
  async confirmed(extra: AttributeType[] = []): Promise<TestAccount> {
    const account = await this.invited(extra);
    await this.target.client.send(new AdminSetUserPasswordCommand({
      UserPoolId: this.target.userPoolId, Username: account.email, Password: GOOD_PASSWORD, Permanent: true,
    }));
    return { email: account.email, password: GOOD_PASSWORD };
  }

  /** A user an admin created with a temporary password (FORCE_CHANGE_PASSWORD), no message sent. */
  async invited(extra: AttributeType[] = [], verified = true): Promise<TestAccount> {
    const email = this.target.newEmail();
    const temporary = `Temp#${Math.floor(Math.random() * 1e6)}aB`;
    await this.target.client.send(new AdminCreateUserCommand({
      UserPoolId: this.target.userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      TemporaryPassword: temporary,
      UserAttributes: [
        { Name: 'email', Value: email },
        ...(verified ? [{ Name: 'email_verified', Value: 'true' }] : []),
        ...extra,
      ],
    }));
    this.made.push(email);
    return { email, password: temporary };
  }

  /** A user who signed up and has not confirmed yet (UNCONFIRMED); a code was emailed. */
  async signedUp(): Promise<TestAccount & { since: Date }> {
    const email = this.target.newEmail();
    const since = new Date();
    await this.target.client.send(new SignUpCommand({
      ClientId: this.target.clientId,
      Username: email,
      Password: GOOD_PASSWORD,
      UserAttributes: [{ Name: 'email', Value: email }],
    }));
    this.made.push(email);
    return { email, password: GOOD_PASSWORD, since };
  }

  /** Someone else made this user (the suite still deletes it). */
  adopt(email: string): void {
    this.made.push(email);
  }

  async deleteAll(): Promise<void> {
    for (const email of this.made.splice(0)) {
      await this.target.client.send(new AdminDeleteUserCommand({ UserPoolId: this.target.userPoolId, Username: email }))
        .catch(() => undefined);
    }
  }
}

export function passwordSignIn(target: IdentityTarget, account: TestAccount, password = account.password): Promise<InitiateAuthCommandOutput> {
  return target.client.send(new InitiateAuthCommand({
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: target.clientId,
    AuthParameters: { USERNAME: account.email, PASSWORD: password },
  }));
}

/** Signs in and returns the tokens; fails the test on a challenge. */
export async function signIn(target: IdentityTarget, account: TestAccount): Promise<Required<Pick<AuthenticationResultType, 'AccessToken' | 'IdToken' | 'RefreshToken'>>> {
  const result = await passwordSignIn(target, account);
  return tokensOf(result.AuthenticationResult);
}

export function tokensOf(result: AuthenticationResultType | undefined) {
  expect(result?.AccessToken, 'access token').toBeTypeOf('string');
  expect(result?.IdToken, 'ID token').toBeTypeOf('string');
  expect(result?.RefreshToken, 'refresh token').toBeTypeOf('string');
  return { AccessToken: result?.AccessToken ?? '', IdToken: result?.IdToken ?? '', RefreshToken: result?.RefreshToken ?? '' };
}

export function claims(token: string | undefined): JWTPayload & Record<string, unknown> {
  expect(token, 'token').toBeTypeOf('string');
  return decodeJwt(token ?? '');
}

/** The exception a call fails with: its name, and its message when one is given. */
export async function expectCognitoError(call: Promise<unknown>, name: string, message?: string | RegExp): Promise<Error> {
  const outcome = await call.then(
    (value: unknown) => ({ failed: false as const, value }),
    (error: unknown) => ({ failed: true as const, error }),
  );
  if (!outcome.failed) throw new Error(`Expected ${name}, but the call succeeded: ${JSON.stringify(outcome.value)}`);
  const error = outcome.error as Error;
  expect(error.name, `${error.name}: ${error.message}`).toBe(name);
  if (typeof message === 'string') expect(error.message).toBe(message);
  else if (message) expect(error.message).toMatch(message);
  return error;
}

export const POLICY_MESSAGE = /^Password (does not conform to|did not conform with) policy: /;
