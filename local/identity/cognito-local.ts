import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';

/**
 * The parts of cognito-local the local identity service builds on. cognito-local is CommonJS
 * and exports no types for its internals, so they are loaded by deep requires and typed here
 * as far as this project uses them.
 */
const require = createRequire(import.meta.url);

export interface AttributeType { Name: string; Value?: string }

export type UserStatus = 'UNCONFIRMED' | 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD' | 'RESET_REQUIRED' | (string & {});

/** A user as cognito-local stores it (one JSON document per pool); the `Local*` fields are ours. */
export interface StoredUser {
  Username: string;
  Password: string;
  Attributes: AttributeType[];
  Enabled: boolean;
  UserStatus: UserStatus;
  UserCreateDate: Date;
  UserLastModifiedDate: Date;
  ConfirmationCode?: string;
  AttributeVerificationCode?: string;
  UnverifiedAttributeChanges?: AttributeType[];
  MFACode?: string;
  MFAOptions?: { DeliveryMedium?: string; AttributeName?: string }[];
  UserMFASettingList?: string[];
  PreferredMfaSetting?: string;
  SoftwareTokenMfaConfiguration?: { Secret?: string; Verified?: boolean; FriendlyDeviceName?: string };
  RefreshTokens?: string[];
  /** When `ConfirmationCode` was sent (epoch ms); codes expire as Cognito's do. */
  LocalCodeIssuedAt?: number;
  /** When `AttributeVerificationCode` was sent (epoch ms). */
  LocalAttributeCodeIssuedAt?: number;
}

export interface PasswordPolicy {
  MinimumLength?: number;
  RequireUppercase?: boolean;
  RequireLowercase?: boolean;
  RequireNumbers?: boolean;
  RequireSymbols?: boolean;
  TemporaryPasswordValidityDays?: number;
}

export interface MessageTemplate { EmailMessage?: string; EmailSubject?: string; SMSMessage?: string; SmsMessage?: string }

export interface UserPoolOptions {
  Id: string;
  Name?: string;
  MfaConfiguration?: 'OFF' | 'ON' | 'OPTIONAL';
  Policies?: { PasswordPolicy?: PasswordPolicy };
  UsernameAttributes?: string[];
  AutoVerifiedAttributes?: string[];
  SchemaAttributes?: { Name?: string; Mutable?: boolean }[];
  VerificationMessageTemplate?: MessageTemplate;
  EmailVerificationMessage?: string;
  EmailVerificationSubject?: string;
  SmsVerificationMessage?: string;
  SmsAuthenticationMessage?: string;
  AdminCreateUserConfig?: { InviteMessageTemplate?: MessageTemplate };
}

export interface AppClient {
  ClientId: string;
  ClientName?: string;
  UserPoolId: string;
  ClientSecret?: string;
  ExplicitAuthFlows?: string[];
  IdTokenValidity?: number;
  AccessTokenValidity?: number;
  RefreshTokenValidity?: number;
  TokenValidityUnits?: { IdToken?: string; AccessToken?: string; RefreshToken?: string };
  PreventUserExistenceErrors?: 'ENABLED' | 'LEGACY';
  CallbackURLs?: string[];
  LogoutURLs?: string[];
  ReadAttributes?: string[];
  WriteAttributes?: string[];
}

/** cognito-local's per-request context: a pino logger. */
export interface RequestContext { logger: unknown }

export interface UserPoolService {
  readonly options: UserPoolOptions;
  getUserByUsername(ctx: RequestContext, username: string): Promise<StoredUser | null>;
  listUsers(ctx: RequestContext): Promise<StoredUser[]>;
  saveUser(ctx: RequestContext, user: StoredUser): Promise<void>;
  listUserGroupMembership(ctx: RequestContext, user: StoredUser): Promise<string[]>;
}

export interface CognitoService {
  getUserPool(ctx: RequestContext, userPoolId: string): Promise<UserPoolService>;
  getUserPoolForClientId(ctx: RequestContext, clientId: string): Promise<UserPoolService>;
  getAppClient(ctx: RequestContext, clientId: string): Promise<AppClient | null>;
}

/** What one `X-Amz-Target` operation is: the request body in, the response body out. */
export type Target = (ctx: RequestContext, request: never) => Promise<unknown>;
export type RouteFunction = (target: string) => (ctx: RequestContext, request: unknown) => Promise<unknown>;

/**
 * The Express application cognito-local serves: a request listener (our own server hands it
 * the requests it lets through) and `post`, for the clock control.
 */
export interface ExpressApplication {
  (request: IncomingMessage, response: ServerResponse): void;
  post(path: string, handler: (
    request: { query: Record<string, unknown> },
    response: { status(code: number): { json(body: unknown): void } },
  ) => void): void;
}

export interface CognitoErrorClass { new (code: string, message: string): Error & { code: string } }

export interface CognitoLocalModules {
  server: {
    createServer: (
      router: RouteFunction,
      logger: unknown,
      options: { port: number; hostname: string },
      services?: unknown,
    ) => { application: ExpressApplication; start(): Promise<Server> };
  };
  router: { Router: (services: unknown) => RouteFunction };
  cognitoService: {
    CognitoServiceFactoryImpl: new (dir: string, stores: unknown, pools: unknown) => { create(ctx: RequestContext, defaults: unknown): Promise<CognitoService> };
    USER_POOL_AWS_DEFAULTS: { SchemaAttributes?: { Name?: string; Mutable?: boolean }[] };
  };
  userPoolService: {
    UserPoolServiceFactoryImpl: new (clock: unknown, stores: unknown) => unknown;
    /** Throws InvalidParameterException for an attribute not in the schema or not mutable. */
    validatePermittedAttributeChanges: (attributes: AttributeType[], schema: { Name?: string; Mutable?: boolean }[]) => AttributeType[];
  };
  stormDb: { StormDBDataStoreFactory: new (dir: string) => unknown };
  errors: { CognitoError: CognitoErrorClass; UnsupportedError: new (message: string) => Error };
  totp: { verify: (secret: string, code: string) => boolean };
  keys: { privateJwk: Record<string, string>; publicJwk: Record<string, string> };
  pino: (options: { level: string }) => unknown;
}

let loaded: CognitoLocalModules | undefined;

/** Loads cognito-local's modules once (deep requires: none of this is its public API). */
export function cognitoLocal(): CognitoLocalModules {
  if (loaded) return loaded;
  const lib = 'cognito-local/lib';
  loaded = {
    server: require(`${lib}/server/server`),
    router: require(`${lib}/server/Router`),
    cognitoService: require(`${lib}/services/cognitoService`),
    userPoolService: require(`${lib}/services/userPoolService`),
    stormDb: require(`${lib}/services/dataStore/stormDb`),
    errors: require(`${lib}/errors`),
    totp: require(`${lib}/services/totp`),
    keys: {
      privateJwk: (require(`${lib}/keys/cognitoLocal.private.json`) as { jwk: Record<string, string> }).jwk,
      publicJwk: (require(`${lib}/keys/cognitoLocal.public.json`) as { jwk: Record<string, string> }).jwk,
    },
    pino: require('pino'),
  };
  return loaded;
}

/** The value of one attribute, or undefined. */
export function attributeValue(name: string, attributes: readonly AttributeType[] | undefined): string | undefined {
  return attributes?.find((attribute) => attribute.Name === name)?.Value;
}

/** Attributes with `changes` applied: a change without a value removes the attribute. */
export function withAttributes(attributes: readonly AttributeType[], ...changes: AttributeType[]): AttributeType[] {
  const record = new Map(attributes.map((attribute) => [attribute.Name, attribute.Value]));
  for (const change of changes) {
    if (change.Value === undefined || change.Value === '') record.delete(change.Name);
    else record.set(change.Name, change.Value);
  }
  return [...record].map(([Name, Value]) => ({ Name, Value })).sort((a, b) => a.Name.localeCompare(b.Name));
}

export function attributesRecord(attributes: readonly AttributeType[] | undefined): Record<string, string> {
  const record: Record<string, string> = {};
  for (const attribute of attributes ?? []) if (attribute.Value !== undefined) record[attribute.Name] = attribute.Value;
  return record;
}
