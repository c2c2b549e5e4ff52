import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import {
  IDENTITY_CLIENT_READ_ATTRIBUTES,
  IDENTITY_CLIENT_WRITE_ATTRIBUTES,
  IDENTITY_CUSTOM_ATTRIBUTES,
  REFRESH_TOKEN_VALIDITY_DAYS,
} from '@domain/identity/account';
import { identityClock } from './identity/clock';
import { cognitoLocal, type CognitoService, type ExpressApplication } from './identity/cognito-local';
import { LocalMessages } from './identity/messages';
import { localRouter } from './identity/router';
import { signatureProblem, UNSIGNED_OPERATIONS } from './identity/signature';
import type { LocalCredentials } from './credentials';
import { isLoopbackRequest } from './loopback';
import type { IdentityServices, IdentityTriggers } from './identity/services';
import { ChallengeSessions } from './identity/sessions';
import { TokenService } from './identity/tokens';
import type { Outbox } from './outbox';

export type { IdentityTriggers } from './identity/services';
export { NOREPLY_ADDRESS } from './identity/messages';

/** The pool the portal uses locally; the CDK's Identity construct declares the same on AWS. */
export const USER_POOL_NAME = 'coldchain-portal';
export const CUSTOM_ATTRIBUTES = IDENTITY_CUSTOM_ATTRIBUTES;
export const APP_CLIENT_NAMES = { portal: 'portal', helpdesk: 'helpdesk' } as const;
export const LOCAL_REGION = 'us-east-1';
/**
 * `POST <identity endpoint>/_local/clock` (tests move the identity service's clock with it) is
 * served only when this variable is `on`: the test setup sets it, `npm start` does not.
 */
export const TEST_CLOCK_VARIABLE = 'LOCAL_IDENTITY_TEST_CLOCK';

export interface LocalIdentity {
  /** The emulator's own address (the gateway proxies `/cognito` to it). */
  endpoint: string;
  userPoolId: string;
  portalClientId: string;
  helpdeskClientId: string;
  /** The `iss` of the tokens it signs. */
  issuer: string;
  jwksUrl: string;
  stop(): Promise<void>;
}

export interface IdentityOptions {
  port: number;
  dataDir: string;
  sesEndpoint: string;
  outbox: Outbox;
  /** The data folder's AWS credentials: its administrative operations must be signed with them (local/credentials.ts). */
  credentials: LocalCredentials;
  /** In-process stand-ins for the pool's Lambda triggers. */
  triggers?: IdentityTriggers;
}

/**
 * The local Cognito: cognito-local's server and storage (its pools and users in
 * `dataDir/db`), with the operations where it differs from Cognito answered by our own
 * router (`local/identity/`): sign-in errors, challenge sessions, SMS MFA, token families
 * with `origin_jti` and their revocation, password policy, codes, the post-authentication
 * trigger. Its messages go to the outbox: emails through the SES emulator, texts to the
 * outbox file.
 */
export async function startIdentity(options: IdentityOptions): Promise<LocalIdentity> {
  const modules = cognitoLocal();
  const dbDir = join(options.dataDir, 'db');
  mkdirSync(dbDir, { recursive: true });
  const issuerDomain = `http://localhost:${options.port}`;
  const userPoolDefaults = { UsernameAttributes: ['email'] };
  const logger = modules.pino({ level: process.env['COGNITO_LOG_LEVEL'] ?? 'silent' });
  const ctx = { logger };
  const clock = identityClock;
  const stores = new modules.stormDb.StormDBDataStoreFactory(dbDir);
  const cognito = await new modules.cognitoService.CognitoServiceFactoryImpl(
    dbDir,
    stores,
    new modules.userPoolService.UserPoolServiceFactoryImpl(clock, stores),
  ).create(ctx, userPoolDefaults);
  const ses = new SESv2Client({ endpoint: options.sesEndpoint, region: LOCAL_REGION, credentials: options.credentials });
  const messages = new LocalMessages((): CognitoService => cognito, ses, options.outbox, options.triggers?.customMessage, LOCAL_REGION);
  const services: IdentityServices = {
    cognito,
    clock,
    messages,
    // Kept beside `db/` (cognito-local reads every JSON file there as a user pool).
    tokens: new TokenService(join(options.dataDir, 'tokens.json'), clock, issuerDomain),
    sessions: new ChallengeSessions(clock),
    triggers: options.triggers ?? {},
    region: LOCAL_REGION,
  };
  // What cognito-local's own targets are given. Its Lambda triggers are not used (the
  // triggers the product needs are called in-process by our targets), so none is enabled.
  const cognitoLocalServices = {
    clock,
    cognito,
    config: { UserPoolDefaults: userPoolDefaults, TokenConfig: { IssuerDomain: issuerDomain } },
    messages,
    otp: () => String(randomInt(0, 1_000_000)).padStart(6, '0'),
    triggers: { enabled: () => false },
    tokenGenerator: {
      generate: () => Promise.reject(new Error('Tokens are issued by the local router, not by cognito-local.')),
    },
  };
  const router = localRouter(services, modules.router.Router(cognitoLocalServices));
  // No services argument: cognito-local's own OAuth2 routes stay off (the hosted-UI
  // stand-in is local/identity/hosted-ui.ts, served by the gateway).
  const app = modules.server.createServer(router, logger, { port: options.port, hostname: '127.0.0.1' });
  if (process.env[TEST_CLOCK_VARIABLE] === 'on') mountClockControl(app.application);
  const server = await listenGuarded(app.application, options.port, options.credentials);
  const endpoint = `http://127.0.0.1:${options.port}`;
  const ids = await ensureUserPool(endpoint, options.credentials);
  return {
    endpoint,
    ...ids,
    issuer: `${issuerDomain}/${ids.userPoolId}`,
    jwksUrl: `${endpoint}/${ids.userPoolId}/.well-known/jwks.json`,
    stop: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

function refuse(response: ServerResponse, status: number, code: string, message: string): void {
  response.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
  response.end(JSON.stringify({ __type: code, message }));
}

/** Cognito's own limit on a request is far lower; nothing the product sends comes near it. */
const MAX_IDENTITY_REQUEST_BYTES = 1024 * 1024;

/**
 * The identity service's own listener, in front of cognito-local's application: requests from
 * this machine to a loopback name only, and none from a web page; the operations Cognito
 * serves only to IAM-signed callers (`Admin*`, `ListUsers`, pool and client management) need
 * a Signature Version 4 with the data folder's credentials, as AWS needs the account's. The
 * body read here is handed on parsed, as cognito-local's body parser would have.
 */
async function listenGuarded(application: ExpressApplication, port: number, credentials: LocalCredentials): Promise<Server> {
  const server = createServer((request, response) => {
    if (!isLoopbackRequest(request)) {
      refuse(response, 403, 'AccessDeniedException', 'The local identity service answers this machine only (a loopback address and host name).');
      request.resume();
      return;
    }
    // A browser names the page it calls from: no web page may call the identity service
    // directly (cognito-local would grant any origin by CORS). The web app goes through the
    // portal's /cognito, which forwards no Origin; the handlers' SDK clients send none.
    if (request.headers.origin !== undefined) {
      refuse(response, 403, 'AccessDeniedException', 'The local identity service does not answer web pages: the web app calls it through the portal\'s /cognito.');
      request.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_IDENTITY_REQUEST_BYTES) {
        // Answered at once; the rest is read and dropped, so the caller gets to read the answer.
        if (!response.headersSent) refuse(response, 413, 'RequestEntityTooLargeException', 'The request is too large.');
        return;
      }
      chunks.push(chunk);
    });
    request.on('error', () => response.destroy());
    request.on('end', () => {
      if (response.headersSent) return;
      try {
        serveGuarded(Buffer.concat(chunks));
      } catch (error) {
        // Nothing a request carries may end the process: a malformed one is the caller's error.
        if (!response.headersSent) refuse(response, 400, 'InvalidParameterException', `The request could not be read: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
    const serveGuarded = (body: Buffer) => {
      const target = request.headers['x-amz-target'];
      if (request.method === 'POST' && typeof target === 'string') {
        const operation = target.split('.')[1] ?? '';
        if (!UNSIGNED_OPERATIONS.has(operation)) {
          const problem = signatureProblem({ method: request.method, url: request.url ?? '/', headers: request.headers, body }, credentials);
          if (problem !== undefined) {
            refuse(response, problem.code === 'MissingAuthenticationTokenException' ? 400 : 403, problem.code, problem.message);
            return;
          }
        }
      }
      if (body.length > 0 && /json/.test(request.headers['content-type'] ?? '')) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(body.toString('utf8'));
        } catch {
          refuse(response, 400, 'SerializationException', 'The request body is not JSON.');
          return;
        }
        // What body-parser leaves on a request it has read (it then leaves the request alone).
        Object.assign(request, { body: parsed, _body: true });
      } else {
        // Nothing for body-parser to read from a stream already read.
        Object.assign(request, { body: {}, _body: true });
      }
      application(request, response);
    };
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

/**
 * `POST /_local/clock?advanceMs=<ms>` moves the identity service's clock forward (sessions,
 * codes, tokens), `POST /_local/clock?reset=1` puts it back: how tests see expiry without
 * waiting. Not part of Cognito's API.
 */
function mountClockControl(application: ExpressApplication): void {
  application.post('/_local/clock', (request, response) => {
    const { advanceMs, reset } = request.query;
    if (reset !== undefined) identityClock.reset();
    const advance = Number(advanceMs ?? 0);
    if (!Number.isFinite(advance) || advance < 0) {
      response.status(400).json({ message: 'advanceMs must be a number of milliseconds, 0 or more.' });
      return;
    }
    identityClock.advance(advance);
    response.status(200).json({ now: identityClock.date().toISOString() });
  });
}

/** A client of the local identity service, signing with the data folder's credentials (its admin operations need them). */
export function identityClient(endpoint: string, credentials: LocalCredentials): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ endpoint, region: LOCAL_REGION, credentials });
}

/** The user pool and its two app clients, made once; a restart finds them again by name. */
async function ensureUserPool(endpoint: string, credentials: LocalCredentials) {
  const client = identityClient(endpoint, credentials);
  try {
    const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    let userPoolId = pools.UserPools?.find((pool) => pool.Name === USER_POOL_NAME)?.Id;
    if (userPoolId === undefined) {
      const created = await client.send(new CreateUserPoolCommand({
        PoolName: USER_POOL_NAME,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        // keepOriginal on AWS (lib/identity.ts): a new email is taken once verified.
        UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
        MfaConfiguration: 'OPTIONAL',
        Policies: { PasswordPolicy: {
          MinimumLength: 8, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true, RequireSymbols: true,
        } },
        Schema: CUSTOM_ATTRIBUTES.map((name) => ({ Name: name, AttributeDataType: 'String', Mutable: true })),
      }));
      userPoolId = created.UserPool?.Id;
    }
    if (userPoolId === undefined) throw new Error('The local identity service did not create the user pool.');
    const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
    const clientId = async (name: string) => {
      const found = clients.UserPoolClients?.find((appClient) => appClient.ClientName === name)?.ClientId;
      if (found) return found;
      const created = await client.send(new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: name,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        // As the CDK's Identity construct declares its clients.
        PreventUserExistenceErrors: 'ENABLED',
        EnableTokenRevocation: true,
        IdTokenValidity: 1,
        AccessTokenValidity: 1,
        RefreshTokenValidity: REFRESH_TOKEN_VALIDITY_DAYS,
        TokenValidityUnits: { IdToken: 'hours', AccessToken: 'hours', RefreshToken: 'days' },
        // The same attribute lists as the AWS clients (domain/identity/account.ts, lib/identity.ts).
        ReadAttributes: [...IDENTITY_CLIENT_READ_ATTRIBUTES],
        WriteAttributes: [...IDENTITY_CLIENT_WRITE_ATTRIBUTES],
      }));
      const id = created.UserPoolClient?.ClientId;
      if (id === undefined) throw new Error(`The local identity service did not create the ${name} client.`);
      return id;
    };
    return {
      userPoolId,
      portalClientId: await clientId(APP_CLIENT_NAMES.portal),
      helpdeskClientId: await clientId(APP_CLIENT_NAMES.helpdesk),
    };
  } finally {
    client.destroy();
  }
}
