import {
  ConfirmForgotPasswordCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { formatUtcDateTime } from '@domain/identity/account';
import { MESSAGES } from '@domain/core/messages';
import { DEMO_PASSWORD } from '../../local/demo';
import { identityClient } from '../../local/identity';
import { api, createUser, provisionAccount, readLatestCode, signIn } from '../support/identity';

const stack = inject('stack');
const DAY = 24 * 60 * 60 * 1000;

async function passwordSignIn(email: string, password: string) {
  const client = identityClient(stack.identityEndpoint, stack.credentials);
  try {
    return await client.send(new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack.portalClientId, AuthParameters: { USERNAME: email, PASSWORD: password },
    }));
  } finally {
    client.destroy();
  }
}

describe('dormancy, enforced by the identity service (post-authentication trigger)', () => {
  it('an account unused for 60 days must reset its password with the emailed code', async () => {
    const user = await createUser(stack, 'basicuser');
    await provisionAccount(stack, { ...user, lastLoginDate: formatUtcDateTime(new Date(Date.now() - 61 * DAY)) });
    const since = new Date();

    // The right password is not enough: the sign-in is refused with the spec's words, and a code is emailed.
    const refused = await passwordSignIn(user.email, DEMO_PASSWORD).catch((error: unknown) => error as Error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).name).toBe('UserLambdaValidationException');
    expect((refused as Error).message).toContain(MESSAGES.dormantAccount);
    const code = await readLatestCode(stack, user.email, 'email', since);

    // The old password no longer signs in at all until the reset.
    const again = await passwordSignIn(user.email, DEMO_PASSWORD).catch((error: unknown) => error as Error);
    expect((again as Error).name).toBe('PasswordResetRequiredException');

    const newPassword = 'Fresh#2026pass';
    const client = identityClient(stack.identityEndpoint, stack.credentials);
    try {
      await client.send(new ConfirmForgotPasswordCommand({
        ClientId: stack.portalClientId, Username: user.email, ConfirmationCode: code, Password: newPassword,
      }));
    } finally {
      client.destroy();
    }
    const token = await signIn(stack, user.email, newPassword);
    const me = await api(stack, { ...user, token }, 'GET', '/account/me');
    expect(me.status).toBe(200);
    // The new sign-in is recorded: the account is no longer dormant.
    const last = (me.body as { lastlogindate: string }).lastlogindate;
    expect(Date.now() - Date.parse(`${last.replace(' ', 'T')}Z`)).toBeLessThan(60_000);
  });

  it('an account used within 60 days signs in', async () => {
    const user = await createUser(stack, 'basicuser');
    await provisionAccount(stack, { ...user, lastLoginDate: formatUtcDateTime(new Date(Date.now() - 59 * DAY)) });
    const result = await passwordSignIn(user.email, DEMO_PASSWORD);
    expect(result.AuthenticationResult?.IdToken).toEqual(expect.any(String));
  });
});
