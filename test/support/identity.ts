import { randomUUID } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '../../domain/roles';
import { DEMO_ORGANISATION, DEMO_PASSWORD } from '../../local/demo';
import { identityClient } from '../../local/identity';
import type { StackUnderTest } from './global-setup';

/** Signs in with USER_PASSWORD_AUTH, as the web app does, and returns the ID token. */
export async function signIn(stack: StackUnderTest, email: string, password = DEMO_PASSWORD): Promise<string> {
  const client = identityClient(stack.identityEndpoint);
  try {
    const result = await client.send(new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.portalClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }));
    const token = result.AuthenticationResult?.IdToken;
    if (token === undefined) throw new Error(`No ID token for ${email}: ${result.ChallengeName ?? 'no challenge'}`);
    return token;
  } finally {
    client.destroy();
  }
}

export interface TestUser {
  email: string;
  role: Role;
  customerId: string;
  accountId: string;
  token: string;
}

/** A new user with a permanent password, in the demo organisation or another one. */
export async function createUser(
  stack: StackUnderTest,
  role: Role,
  customerId: string = DEMO_ORGANISATION.customerId,
): Promise<TestUser> {
  const email = `${role}-${randomUUID().slice(0, 8)}@test.example`;
  const accountId = `account-${randomUUID()}`;
  const client = identityClient(stack.identityEndpoint);
  try {
    await client.send(new AdminCreateUserCommand({
      UserPoolId: stack.userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      TemporaryPassword: DEMO_PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'custom:role', Value: role },
        { Name: 'custom:customerid', Value: customerId },
        { Name: 'custom:accountinfoid', Value: accountId },
        { Name: 'custom:isPortalLogin', Value: 'true' },
      ],
    }));
    await client.send(new AdminSetUserPasswordCommand({
      UserPoolId: stack.userPoolId, Username: email, Password: DEMO_PASSWORD, Permanent: true,
    }));
  } finally {
    client.destroy();
  }
  return { email, role, customerId, accountId, token: await signIn(stack, email) };
}

/** Calls the API as a user, with the headers the web app sends (SPEC section 7). */
export async function api(
  stack: StackUnderTest,
  user: Pick<TestUser, 'token' | 'customerId' | 'accountId'> | undefined,
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...extraHeaders };
  if (user) {
    headers['authorization'] = `Bearer ${user.token}`;
    headers['accountid'] ??= user.accountId;
    headers['customerid'] ??= user.customerId;
  }
  const response = await fetch(`${stack.apiUrl}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed };
}
