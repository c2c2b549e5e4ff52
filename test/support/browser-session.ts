import { randomUUID } from 'node:crypto';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { APP_VERSION } from '@domain/core/app-config';
import { ALL_MODULES } from '@domain/organisation/modules';
import { accountPreferencesSchema, currentUserDetailsSchema, type AccountPreferences, type CurrentUserDetails } from '@domain/identity/account';
import { DEMO_PASSWORD } from '../../local/demo';
import { identityClient } from '../../local/identity';
import type { StackUnderTest } from './global-setup';
import { api } from './identity';

/**
 * A browser page signed in as `email` without driving the login form (only
 * test/e2e/sign-in.test.ts tests that form). Everything the login page does is done here,
 * in the same order and through the same services, and its result is put where the web app
 * keeps it:
 * - the identity service's USER_PASSWORD_AUTH for the portal client, as Amplify signs in
 *   (the pre- and post-authentication triggers run as for a real sign-in);
 * - `PUT /api/users/login` with the ID token and what a browser sends, which opens the server
 *   session the API checks for that token;
 * - `GET /api/account/me` and `GET /api/account/preferences/{id}`, from which the app builds
 *   its stored client state (frontend/src/session/AuthProvider.tsx, completeSignIn);
 * - the tokens under Amplify v6's local-storage keys, and the stored client state, language,
 *   and device id (SPEC section 3), set once when the browser context is made
 *   (not on every navigation: a logout inside a test stays a logout).
 * The page then opens `path` directly.
 */
export async function openSignedInPage(
  browser: Browser,
  stack: StackUnderTest,
  email: string,
  path: string,
  options: SignedInOptions = {},
): Promise<Page> {
  const context = await signedInContext(browser, stack, email, options);
  const page = await context.newPage();
  // Closing the page closes its context too, as with `browser.newPage()`. The browser may be
  // closing already (a file's last page): the context then goes with it, nothing to report.
  page.once('close', () => void context.close().catch(() => undefined));
  await page.goto(`${stack.portalUrl}${path}`);
  return page;
}

/**
 * The password (the demo one unless given), the login page signed in at (`helpdesk`: /login/helpdesk,
 * as helpdesk users do; `normal` unless given) and the context's own options (viewport, locale).
 */
export type SignedInOptions = { password?: string; loginVariant?: 'normal' | 'helpdesk' } & Omit<BrowserContextOptions, 'storageState'>;

/** A browser context whose storage holds a signed-in session of `email` (see openSignedInPage). */
export async function signedInContext(
  browser: Browser,
  stack: StackUnderTest,
  email: string,
  options: SignedInOptions = {},
): Promise<BrowserContext> {
  const { password = DEMO_PASSWORD, loginVariant = 'normal', ...contextOptions } = options;
  const localStorage = await signedInStorage(stack, email, password, loginVariant);
  return browser.newContext({
    ...contextOptions,
    storageState: { cookies: [], origins: [{ origin: new URL(stack.portalUrl).origin, localStorage }] },
  });
}

interface IdentityTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

/** The local-storage entries a browser holds right after `email` signed in through the login page. */
export async function signedInStorage(
  stack: StackUnderTest, email: string, password: string, loginVariant: 'normal' | 'helpdesk' = 'normal',
): Promise<{ name: string; value: string }[]> {
  const tokens = await authenticate(stack, email, password);
  const claims = jwtClaims(tokens.idToken);
  const caller = {
    token: tokens.idToken,
    accountId: String(claims['custom:accountinfoid'] ?? ''),
    customerId: String(claims['custom:customerid'] ?? ''),
  };
  const browserId = randomUUID();
  // The web app's own session request (frontend/src/api/sessions.ts), with a desktop Chromium's description.
  const created = await api(stack, caller, 'PUT', '/users/login', {
    deviceKey: '', appVersion: APP_VERSION, deviceModel: 'Desktop', deviceName: 'Chromium', osVersion: 'Linux',
    platformName: 'browser', deviceId: browserId,
  });
  const sessionId = (created.body as { loginid?: unknown }).loginid;
  if (created.status !== 201 || typeof sessionId !== 'string') {
    throw new Error(`Opening a session for ${email} answered ${created.status}: ${JSON.stringify(created.body)}`);
  }
  const detailsAnswer = await api(stack, caller, 'GET', '/account/me');
  if (detailsAnswer.status !== 200) throw new Error(`GET /account/me for ${email} answered ${detailsAnswer.status}`);
  const details = currentUserDetailsSchema.parse(detailsAnswer.body);
  const preferencesAnswer = await api(stack, caller, 'GET', `/account/preferences/${encodeURIComponent(details.accountid)}`);
  // As the app: unreadable preferences leave the modules hidden.
  const preferences = preferencesAnswer.status === 200
    ? accountPreferencesSchema.parse(preferencesAnswer.body)
    : { module: { audit: { isVisible: false } }, feature: { ivr: { isVisible: false } } };

  const clientState = clientStateAfterSignIn(details, preferences, {
    sessionId,
    loginVariant,
    tokenExpiresAt: typeof claims['exp'] === 'number' ? claims['exp'] * 1000 : null,
  });
  // Amplify v6 keys its tokens by app client and by the username typed in (signInWithUserPassword).
  const amplify = `CognitoIdentityServiceProvider.${stack.portalClientId}`;
  return [
    { name: `${amplify}.LastAuthUser`, value: email },
    { name: `${amplify}.${email}.idToken`, value: tokens.idToken },
    { name: `${amplify}.${email}.accessToken`, value: tokens.accessToken },
    { name: `${amplify}.${email}.refreshToken`, value: tokens.refreshToken },
    { name: `${amplify}.${email}.clockDrift`, value: '0' },
    { name: `${amplify}.${email}.signInDetails`, value: JSON.stringify({ loginId: email, authFlowType: 'USER_PASSWORD_AUTH' }) },
    { name: 'clientState', value: JSON.stringify(clientState) },
    { name: 'deviceId', value: browserId },
    { name: 'lang', value: details.lang },
    // No last activity: the app records it when its first page starts (useIdleLogout), so the
    // idle timeout counts from the page's opening, not from this context's making.
  ];
}

async function authenticate(stack: StackUnderTest, email: string, password: string): Promise<IdentityTokens> {
  const client = identityClient(stack.identityEndpoint, stack.credentials);
  try {
    const result = await client.send(new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.portalClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }));
    const { IdToken: idToken, AccessToken: accessToken, RefreshToken: refreshToken } = result.AuthenticationResult ?? {};
    if (idToken === undefined || accessToken === undefined || refreshToken === undefined) {
      throw new Error(`No tokens for ${email}: ${result.ChallengeName ?? 'no challenge'}`);
    }
    return { idToken, accessToken, refreshToken };
  } finally {
    client.destroy();
  }
}

function jwtClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** `+HH:mm` of a time zone now, as the app's offsetOf (frontend/src/session/clientState.ts). */
function offsetOf(timeZone: string): string {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(new Date()).find((part) => part.type === 'timeZoneName')?.value;
    return /^GMT([+-]\d{2}:\d{2})?$/.exec(name ?? '')?.[1] ?? '+00:00';
  } catch {
    return '+00:00';
  }
}

/**
 * The stored client state the app writes once a (not SSO) sign-in
 * completes: the same fields from the same details as sessionStateFrom in
 * frontend/src/session/AuthProvider.tsx (the app keeps only the fields it knows, each
 * with its type checked, so a field missed here would show as the app's default).
 */
function clientStateAfterSignIn(
  details: CurrentUserDetails,
  preferences: AccountPreferences,
  session: { sessionId: string; loginVariant: 'normal' | 'helpdesk'; tokenExpiresAt: number | null },
): Record<string, unknown> {
  return {
    loggedIn: true,
    loginVariant: session.loginVariant,
    sso: false,
    accountId: details.accountid,
    userName: details.email,
    profileName: `${details.firstname} ${details.lastname}`.trim() || null,
    status: 'ONLINE',
    role: details.role,
    customerId: details.customerid,
    customerGroupId: details.customergroupid,
    uom: details.uom,
    timezone: details.timezone,
    offset: offsetOf(details.timezone),
    tokenExpiresAt: session.tokenExpiresAt,
    deviceKey: '',
    sessionId: session.sessionId,
    tenantName: details.tenantname,
    haccpAvailable: details.isHaccapAvailable,
    locationAdmin: details.isowner === 1 || details.islocationadmin === 1,
    owner: details.isowner === 1,
    helpdeskDashboard: details.showHelpdeskDashboard,
    corporateAdmin: details.hasDefaultLocAccess,
    securityGroupIds: details.securityGroupIds,
    pagerEnabled: details.enablePager || details.isPagerEnabled,
    organisationModules: details.organisationModules ?? ALL_MODULES,
    selectedLocation: null,
    preferences: {
      module: { audit: { isVisible: preferences.module.audit.isVisible && details.enableAuditModule } },
      feature: { ivr: { isVisible: preferences.feature.ivr.isVisible && details.enableIVR } },
    },
    proxyMainUser: null,
  };
}
