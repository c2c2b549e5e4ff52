import { randomUUID } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '@domain/identity/roles';
import { DEMO_ORGANISATION, DEMO_PASSWORD } from '../../local/demo';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { accountEmailPartition } from '../../lambdas/accounts/store';
import { identityClient, LOCAL_REGION } from '../../local/identity';
import type { StackUnderTest } from './global-setup';
import { accountKeyParams } from '../../lambdas/data';

/**
 * Signs in as the web app does: USER_PASSWORD_AUTH, then `PUT /api/users/login` to open the
 * server session the API requires (unless `openSession` is false). Returns the ID token.
 */
export async function signIn(
  stack: StackUnderTest,
  email: string,
  password = DEMO_PASSWORD,
  options: { openSession?: boolean } = {},
): Promise<string> {
  const client = identityClient(stack.identityEndpoint, stack.credentials);
  try {
    const result = await client.send(new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.portalClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }));
    const token = result.AuthenticationResult?.IdToken;
    if (token === undefined) throw new Error(`No ID token for ${email}: ${result.ChallengeName ?? 'no challenge'}`);
    if (options.openSession ?? true) await openSession(stack, token);
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
  const client = identityClient(stack.identityEndpoint, stack.credentials);
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
  await provisionAccount(stack, { email, role, customerId, accountId });
  return { email, role, customerId, accountId, token: await signIn(stack, email) };
}

/** The account record user administration keeps for an identity (minimal: no locations, no modules). */
export async function provisionAccount(
  stack: StackUnderTest,
  account: { email: string; role: Role; customerId: string; accountId: string } & Record<string, unknown>,
): Promise<void> {
  const { email, role, customerId, accountId, ...fields } = account;
  const documents = DynamoDBDocumentClient.from(new DynamoDBClient({
    endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials,
  }));
  try {
    await documents.send(new PutCommand({
      TableName: stack.tableName,
      Item: {
        ...accountKeyParams(stack.tableName, customerId, accountId).Key, type: 'USER',
        gsi2pk: accountEmailPartition(customerId, email), gsi2sk: 'USER',
        accountId, email, role, isActive: true, isEmailVerified: true, lang: 'en', ...fields,
      },
    }));
  } finally {
    documents.destroy();
  }
}

/** `PUT /api/users/login` with these tokens, as the web app does after signing in; returns the session id. */
/**
 * An invited user's first sign-in: the temporary password (from the outbox's invitation), then
 * `newPassword` at the identity service's NEW_PASSWORD_REQUIRED challenge, and a session opened
 * as the portal does. Returns the ID token.
 */
export async function acceptInvitation(stack: StackUnderTest, email: string, temporaryPassword: string, newPassword: string): Promise<string> {
  const client = identityClient(stack.identityEndpoint, stack.credentials);
  try {
    const started = await client.send(new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack.portalClientId, AuthParameters: { USERNAME: email, PASSWORD: temporaryPassword },
    }));
    if (started.ChallengeName !== 'NEW_PASSWORD_REQUIRED') throw new Error(`Expected the new-password challenge for ${email}, got ${started.ChallengeName ?? 'none'}`);
    const done = await client.send(new RespondToAuthChallengeCommand({
      ClientId: stack.portalClientId, ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: started.Session,
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD: newPassword },
    }));
    const token = done.AuthenticationResult?.IdToken;
    if (token === undefined) throw new Error('no token after the new password');
    await openSession(stack, token);
    return token;
  } finally {
    client.destroy();
  }
}

export async function openSession(stack: StackUnderTest, token: string): Promise<string> {
  const response = await fetch(`${stack.apiUrl}/users/login`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ platformName: 'browser', deviceName: 'test', appVersion: 'test' }),
  });
  const body = await response.json() as { id?: string; message?: string };
  if (response.status !== 201 || body.id === undefined) {
    throw new Error(`Opening a session answered ${response.status}: ${body.message ?? ''}`);
  }
  return body.id;
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

/**
 * The newest code sent to `destination` on `channel` since `since`, read from the local
 * outbox (`<gateway>/outbox/messages.json`), waiting briefly for it: a 6-digit code, or the
 * temporary password of an invitation. The outbox keeps times to the second, so `since` is
 * rounded down to its second and, of several messages, the last one sent wins.
 */
export async function readLatestCode(
  stack: Pick<StackUnderTest, 'portalUrl'>,
  destination: string,
  channel: 'email' | 'sms',
  since: Date,
  timeoutMs = 5_000,
): Promise<string> {
  const from = Math.floor(since.getTime() / 1000) * 1000;
  const wanted = destination.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${stack.portalUrl}/outbox/messages.json`);
    const messages = (await response.json()) as { channel: string; at: string; to: string; body: string }[];
    const latest = messages
      .filter((message) => message.channel === channel && Date.parse(message.at) >= from
        && message.to.toLowerCase().split(/,\s*/).includes(wanted))
      .at(-1);
    const code = latest === undefined ? undefined
      // The product's invitation (domain/identity/identity-messages.ts, en/fr/es), else Cognito's default wording.
      : /(?:temporary password|mot de passe temporaire|contraseña temporal)\s*:\s*(\S+)\s*$/m.exec(latest.body)?.[1]
        ?? /temporary password is (\S+?)\.?\s*$/m.exec(latest.body)?.[1] ?? /\b(\d{6})\b/.exec(latest.body)?.[1];
    if (code !== undefined) return code;
    if (Date.now() > deadline) {
      throw new Error(`No ${channel} code to ${destination} since ${since.toISOString()} in the outbox${latest ? `: last message "${latest.body}"` : ''}.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Turns SMS MFA on for a user: a verified phone number and the SMS MFA preference (admin calls). */
export async function enableSmsMfa(stack: Pick<StackUnderTest, 'identityEndpoint' | 'userPoolId' | 'credentials'>, email: string, phone: string): Promise<void> {
  const client = identityClient(stack.identityEndpoint, stack.credentials);
  try {
    await client.send(new AdminUpdateUserAttributesCommand({
      UserPoolId: stack.userPoolId,
      Username: email,
      UserAttributes: [{ Name: 'phone_number', Value: phone }, { Name: 'phone_number_verified', Value: 'true' }],
    }));
    await client.send(new AdminSetUserMFAPreferenceCommand({
      UserPoolId: stack.userPoolId,
      Username: email,
      SMSMfaSettings: { Enabled: true, PreferredMfa: true },
    }));
  } finally {
    client.destroy();
  }
}
