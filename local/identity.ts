import type { Server } from 'node:http';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import type { Outbox } from './outbox';

const require = createRequire(import.meta.url);

/** The pool the portal uses locally; the CDK's Identity construct declares the same on AWS. */
export const USER_POOL_NAME = 'coldchain-portal';
export const CUSTOM_ATTRIBUTES = ['role', 'accountinfoid', 'customerid', 'customergroupid', 'isPortalLogin'] as const;
export const APP_CLIENT_NAMES = { portal: 'portal', helpdesk: 'helpdesk' } as const;
export const LOCAL_REGION = 'us-east-1';
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
export const NOREPLY_ADDRESS = 'no-reply@coldchain.local';

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

interface CognitoUser { Username: string; Attributes?: { Name: string; Value?: string }[] }
interface CognitoMessage { emailSubject?: string; emailMessage?: string; smsMessage?: string }

// cognito-local is CommonJS with no exported types for its internals; these are the parts used.
interface CognitoLocalModules {
  server: { createServer: (router: unknown, logger: unknown, options: { port: number; hostname: string }, services: unknown) => { start(): Promise<Server> } };
  router: { Router: (services: unknown) => unknown };
  services: {
    DateClock: new () => unknown;
    TriggersService: new (clock: unknown, cognito: unknown, lambda: unknown, crypto: unknown) => unknown;
    LambdaService: new (config: unknown, client: unknown) => unknown;
    MessagesService: new (triggers: unknown, delivery: unknown) => unknown;
  };
  cognitoService: { CognitoServiceFactoryImpl: new (dir: string, stores: unknown, pools: unknown) => { create(ctx: unknown, defaults: unknown): Promise<unknown> } };
  userPoolService: { UserPoolServiceFactoryImpl: new (clock: unknown, stores: unknown) => unknown };
  stormDb: { StormDBDataStoreFactory: new (dir: string) => unknown };
  crypto: { CryptoService: new (config: unknown) => unknown };
  delivery: { MessageDeliveryService: new (sender: unknown) => unknown };
  otp: { otp: () => string };
  tokens: { JwtTokenGenerator: new (clock: unknown, triggers: unknown, config: unknown) => unknown };
  awsSdkV2: { Lambda: new (config: unknown) => unknown };
  pino: (options: { level: string }) => unknown;
}

function loadCognitoLocal(): CognitoLocalModules {
  const lib = 'cognito-local/lib';
  return {
    server: require(`${lib}/server/server`),
    router: require(`${lib}/server/Router`),
    services: require(`${lib}/services`),
    cognitoService: require(`${lib}/services/cognitoService`),
    userPoolService: require(`${lib}/services/userPoolService`),
    stormDb: require(`${lib}/services/dataStore/stormDb`),
    crypto: require(`${lib}/services/crypto`),
    delivery: require(`${lib}/services/messageDelivery/messageDelivery`),
    otp: require(`${lib}/services/otp`),
    tokens: require(`${lib}/services/tokenGenerator`),
    awsSdkV2: require('aws-sdk'),
    pino: require('pino'),
  };
}

/**
 * Codes and invitations the identity service sends go where a person can read them: emails
 * through the SES emulator, texts to the local outbox.
 */
class OutboxMessageSender {
  constructor(private readonly ses: SESv2Client, private readonly outbox: Outbox) {}

  async sendEmail(_ctx: unknown, _user: CognitoUser, destination: string, message: CognitoMessage): Promise<void> {
    await this.ses.send(new SendEmailCommand({
      FromEmailAddress: NOREPLY_ADDRESS,
      Destination: { ToAddresses: [destination] },
      Content: { Simple: {
        Subject: { Data: message.emailSubject ?? 'Your verification code' },
        Body: { Text: { Data: message.emailMessage ?? '' } },
      } },
    }));
  }

  async sendSms(_ctx: unknown, _user: CognitoUser, destination: string, message: CognitoMessage): Promise<void> {
    this.outbox.record({ channel: 'sms', to: destination, body: message.smsMessage ?? '' });
  }
}

export interface IdentityOptions {
  port: number;
  dataDir: string;
  sesEndpoint: string;
  outbox: Outbox;
}

/** cognito-local, in-process, with its data in `dataDir` and its messages in the outbox. */
export async function startIdentity(options: IdentityOptions): Promise<LocalIdentity> {
  const modules = loadCognitoLocal();
  const dataDir = join(options.dataDir, 'db');
  mkdirSync(dataDir, { recursive: true });
  const issuerDomain = `http://localhost:${options.port}`;
  const config = {
    LambdaClient: { credentials: LOCAL_CREDENTIALS, region: LOCAL_REGION },
    TriggerFunctions: {},
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: issuerDomain },
    KMSConfig: { credentials: LOCAL_CREDENTIALS, region: LOCAL_REGION },
    ServerConfig: { port: options.port, hostname: '127.0.0.1', development: false, https: false },
  };
  const logger = modules.pino({ level: process.env['COGNITO_LOG_LEVEL'] ?? 'silent' });
  const ctx = { logger };
  const clock = new modules.services.DateClock();
  const stores = new modules.stormDb.StormDBDataStoreFactory(dataDir);
  const cognitoFactory = new modules.cognitoService.CognitoServiceFactoryImpl(
    dataDir,
    stores,
    new modules.userPoolService.UserPoolServiceFactoryImpl(clock, stores),
  );
  const cognito = await cognitoFactory.create(ctx, config.UserPoolDefaults);
  const triggers = new modules.services.TriggersService(
    clock,
    cognito,
    new modules.services.LambdaService(config.TriggerFunctions, new modules.awsSdkV2.Lambda(config.LambdaClient)),
    new modules.crypto.CryptoService(config.KMSConfig),
  );
  const ses = new SESv2Client({ endpoint: options.sesEndpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  const services = {
    clock,
    cognito,
    config,
    messages: new modules.services.MessagesService(
      triggers,
      new modules.delivery.MessageDeliveryService(new OutboxMessageSender(ses, options.outbox)),
    ),
    otp: modules.otp.otp,
    tokenGenerator: new modules.tokens.JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const server = await modules.server
    .createServer(modules.router.Router(services), logger, { port: options.port, hostname: '127.0.0.1' }, services)
    .start();
  const endpoint = `http://127.0.0.1:${options.port}`;
  const ids = await ensureUserPool(endpoint);
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

export function identityClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
}

/** The user pool and its two app clients, made once; a restart finds them again by name. */
async function ensureUserPool(endpoint: string) {
  const client = identityClient(endpoint);
  try {
    const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    let userPoolId = pools.UserPools?.find((pool) => pool.Name === USER_POOL_NAME)?.Id;
    if (userPoolId === undefined) {
      const created = await client.send(new CreateUserPoolCommand({
        PoolName: USER_POOL_NAME,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
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
        IdTokenValidity: 1,
        AccessTokenValidity: 1,
        RefreshTokenValidity: 30,
        TokenValidityUnits: { IdToken: 'hours', AccessToken: 'hours', RefreshToken: 'days' },
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
