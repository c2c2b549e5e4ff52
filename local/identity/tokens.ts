import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { errors as joseErrors, importJWK, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { IdentityClock } from './clock';
import { attributeValue, cognitoLocal, type AppClient, type StoredUser } from './cognito-local';
import { MESSAGES, notAuthorized } from './errors';

/**
 * One sign-in's tokens: the refresh token and every ID and access token issued with it or
 * refreshed from it share one `origin_jti`, as Cognito's do. Revoking the refresh token
 * (RevokeToken), signing the user out everywhere (GlobalSignOut, AdminUserGlobalSignOut) or
 * disabling the user ends the family: its refresh token and access tokens stop working.
 */
export interface TokenFamily {
  originJti: string;
  /** SHA-256 of the refresh token (the token itself is not kept). */
  refreshTokenHash: string;
  userPoolId: string;
  username: string;
  clientId: string;
  /** `auth_time` of the sign-in (epoch seconds), kept across refreshes. */
  authTime: number;
  eventId: string;
  expiresAt: number;
  revokedAt?: number;
}

export interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
}

type SigningKey = Awaited<ReturnType<typeof importJWK>>;

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

const UNIT_SECONDS: Record<string, number> = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 };

function validitySeconds(value: number | undefined, unit: string | undefined, fallbackSeconds: number): number {
  if (value === undefined) return fallbackSeconds;
  return value * (UNIT_SECONDS[unit ?? ''] ?? 1);
}

/** Token lifetimes of an app client, as Cognito reads them (defaults: 1 hour, 1 hour, 30 days). */
export function clientValidity(client: AppClient) {
  const units = client.TokenValidityUnits ?? {};
  return {
    idSeconds: validitySeconds(client.IdTokenValidity, units.IdToken ?? 'hours', 3600),
    accessSeconds: validitySeconds(client.AccessTokenValidity, units.AccessToken ?? 'hours', 3600),
    refreshSeconds: validitySeconds(client.RefreshTokenValidity, units.RefreshToken ?? 'days', 30 * 86_400),
  };
}

/** Attributes whose values the ID token carries as booleans. */
const BOOLEAN_ATTRIBUTES = new Set(['email_verified', 'phone_number_verified']);

/**
 * Issues, refreshes, verifies and revokes tokens. Tokens are signed with cognito-local's key,
 * so its JWKS (`/<poolId>/.well-known/jwks.json`) verifies them. Families are kept in one
 * JSON file beside the emulator's pools, so a restart keeps sessions and revocations.
 */
export class TokenService {
  private readonly families = new Map<string, TokenFamily>();
  private readonly byRefreshHash = new Map<string, TokenFamily>();
  private readonly keys: Promise<{ privateKey: SigningKey; publicKey: SigningKey }>;

  constructor(private readonly file: string, private readonly clock: IdentityClock, private readonly issuerDomain: string) {
    const { privateJwk, publicJwk } = cognitoLocal().keys;
    this.keys = Promise.all([importJWK(privateJwk, 'RS256'), importJWK(publicJwk, 'RS256')])
      .then(([privateKey, publicKey]) => ({ privateKey, publicKey }));
    this.load();
  }

  private load(): void {
    if (!existsSync(this.file)) return;
    const stored = JSON.parse(readFileSync(this.file, 'utf8')) as { families?: TokenFamily[] };
    const now = this.clock.now();
    for (const family of stored.families ?? []) {
      if (family.expiresAt > now) this.remember(family);
    }
  }

  private remember(family: TokenFamily): void {
    this.families.set(family.originJti, family);
    this.byRefreshHash.set(family.refreshTokenHash, family);
  }

  private save(): void {
    const now = this.clock.now();
    for (const family of this.families.values()) {
      if (family.expiresAt <= now) {
        this.families.delete(family.originJti);
        this.byRefreshHash.delete(family.refreshTokenHash);
      }
    }
    mkdirSync(dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify({ families: [...this.families.values()] }));
    renameSync(temporary, this.file);
  }

  /** A new sign-in: a new family, its refresh token and its first ID and access tokens. */
  async signIn(user: StoredUser, client: AppClient, groups: string[]): Promise<AuthenticationResult> {
    const refreshToken = randomBytes(96).toString('base64url');
    const now = this.clock.now();
    const family: TokenFamily = {
      originJti: randomUUID(),
      refreshTokenHash: hash(refreshToken),
      userPoolId: client.UserPoolId,
      username: user.Username,
      clientId: client.ClientId,
      authTime: Math.floor(now / 1000),
      eventId: randomUUID(),
      expiresAt: now + clientValidity(client).refreshSeconds * 1000,
    };
    this.remember(family);
    this.save();
    return { ...(await this.issue(family, user, client, groups)), RefreshToken: refreshToken };
  }

  /**
   * The live family of a refresh token presented by `clientId`, or NotAuthorizedException in
   * Cognito's words.
   */
  familyOfRefreshToken(refreshToken: string, clientId: string): TokenFamily {
    const family = this.byRefreshHash.get(hash(refreshToken));
    if (family === undefined || family.clientId !== clientId) throw notAuthorized(MESSAGES.invalidRefreshToken);
    if (family.revokedAt !== undefined) throw notAuthorized(MESSAGES.revokedRefreshToken);
    if (family.expiresAt <= this.clock.now()) throw notAuthorized(MESSAGES.expiredRefreshToken);
    return family;
  }

  /** The family a refresh token belongs to, live or not (RevokeToken). */
  findByRefreshToken(refreshToken: string): TokenFamily | undefined {
    return this.byRefreshHash.get(hash(refreshToken));
  }

  /** New ID and access tokens of the same family (no new refresh token: no rotation). */
  refresh(family: TokenFamily, user: StoredUser, client: AppClient, groups: string[]): Promise<AuthenticationResult> {
    return this.issue(family, user, client, groups);
  }

  revoke(family: TokenFamily): void {
    if (family.revokedAt !== undefined) return;
    family.revokedAt = this.clock.now();
    this.save();
  }

  /** Ends every family of a user (global sign-out, disabled user). */
  revokeUser(userPoolId: string, username: string): void {
    const now = this.clock.now();
    let changed = false;
    for (const family of this.families.values()) {
      if (family.userPoolId === userPoolId && family.username === username && family.revokedAt === undefined) {
        family.revokedAt = now;
        changed = true;
      }
    }
    if (changed) this.save();
  }

  /**
   * The claims of a valid access token of a live family, or NotAuthorizedException as Cognito
   * answers an invalid, expired or revoked one.
   */
  async verifyAccessToken(token: string): Promise<JWTPayload & { username: string; client_id: string; origin_jti: string }> {
    const { publicKey } = await this.keys;
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, publicKey, { algorithms: ['RS256'], currentDate: this.clock.date() }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw notAuthorized(MESSAGES.expiredAccessToken);
      throw notAuthorized(MESSAGES.invalidAccessToken);
    }
    const { username, client_id: clientId, origin_jti: originJti, token_use: tokenUse } = payload;
    if (tokenUse !== 'access' || typeof username !== 'string' || typeof clientId !== 'string' || typeof originJti !== 'string') {
      throw notAuthorized(MESSAGES.invalidAccessToken);
    }
    const family = this.families.get(originJti);
    if (family === undefined || family.revokedAt !== undefined) throw notAuthorized(MESSAGES.revokedAccessToken);
    return { ...payload, username, client_id: clientId, origin_jti: originJti };
  }

  private async issue(family: TokenFamily, user: StoredUser, client: AppClient, groups: string[]): Promise<AuthenticationResult> {
    const { privateKey } = await this.keys;
    const validity = clientValidity(client);
    const iat = Math.floor(this.clock.now() / 1000);
    const issuer = `${this.issuerDomain}/${client.UserPoolId}`;
    const sub = attributeValue('sub', user.Attributes) ?? user.Username;
    const common = {
      sub,
      ...(groups.length ? { 'cognito:groups': groups } : {}),
      iss: issuer,
      origin_jti: family.originJti,
      event_id: family.eventId,
      auth_time: family.authTime,
      iat,
    };
    const idClaims: JWTPayload = {
      ...common,
      'cognito:username': user.Username,
      aud: client.ClientId,
      token_use: 'id',
      exp: iat + validity.idSeconds,
      jti: randomUUID(),
    };
    const readable = client.ReadAttributes?.length ? new Set(client.ReadAttributes) : undefined;
    for (const attribute of user.Attributes) {
      if (attribute.Name === 'sub' || attribute.Value === undefined) continue;
      if (readable && !readable.has(attribute.Name)) continue;
      idClaims[attribute.Name] = BOOLEAN_ATTRIBUTES.has(attribute.Name) ? attribute.Value === 'true' : attribute.Value;
    }
    const accessClaims: JWTPayload = {
      ...common,
      client_id: client.ClientId,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      exp: iat + validity.accessSeconds,
      jti: randomUUID(),
      username: user.Username,
    };
    const sign = (claims: JWTPayload) => new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).sign(privateKey);
    return {
      AccessToken: await sign(accessClaims),
      IdToken: await sign(idClaims),
      ExpiresIn: validity.accessSeconds,
      TokenType: 'Bearer',
    };
  }
}
