import { DEFAULT_MAX_SESSIONS, REFRESH_TOKEN_VALIDITY_DAYS } from '@domain/identity/account';
import { MAX_STORM_WINDOW_MINUTES, STORM_WINDOW_MINUTES } from '@domain/notifications/storm';

/**
 * Configuration from environment variables, read once and failing fast when missing.
 * The same names are set by the CDK (deployed) and by the local runner.
 */
function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') {
    throw new Error(`Missing environment variable ${name}`);
  }
  return value;
}

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`Environment variable ${name} must be a positive whole number`);
  return value;
}

/** The files bucket, where a handler keeps uploaded files. */
export function requireFilesBucket(): string {
  const { filesBucket } = backendConfig();
  if (filesBucket === undefined) throw new Error('Missing environment variable FILES_BUCKET');
  return filesBucket;
}

/** The user pool, where a handler needs the identity service. */
export function requireUserPoolId(): string {
  const { userPoolId } = backendConfig();
  if (userPoolId === undefined) throw new Error('Missing environment variable USER_POOL_ID');
  return userPoolId;
}

/**
 * The storm rule's window (issue 14 section 2: "Configurable"): STORM_WINDOW_MINUTES, 1 to
 * MAX_STORM_WINDOW_MINUTES, the product's 5 minutes when unset. Read by everything that plans,
 * holds or releases messages (the stream, the senders, the alarm clock), so they agree.
 */
export function stormWindowMs(): number {
  const minutes = positiveInteger('STORM_WINDOW_MINUTES', STORM_WINDOW_MINUTES);
  if (minutes > MAX_STORM_WINDOW_MINUTES) throw new Error(`Environment variable STORM_WINDOW_MINUTES must be at most ${MAX_STORM_WINDOW_MINUTES}`);
  return minutes * 60_000;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The local runtime's push service stand-in, the one endpoint origin beside the browsers'
 * push services a push may go to (domain/identity/push-endpoints.ts): LOCAL_PUSH_ORIGIN, an
 * https origin on this machine's loopback, set by whoever runs a stand-in locally; unset on AWS
 * and by default. Anything else in it stops the process rather than widening the rule.
 */
export function localPushOrigins(): string[] {
  const raw = process.env['LOCAL_PUSH_ORIGIN'];
  if (raw === undefined || raw === '') return [];
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (url === undefined || url.protocol !== 'https:' || !LOOPBACK_HOSTS.has(url.hostname) || url.origin !== raw.replace(/\/$/, '')) {
    throw new Error('Environment variable LOCAL_PUSH_ORIGIN must be an https origin on loopback, such as https://127.0.0.1:8443');
  }
  return [url.origin];
}

export interface BackendConfig {
  tableName: string;
  logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  serviceName: string;
  /** Maximum concurrent sessions per user (SPEC section 9). */
  maxSessions: number;
  /** A session ends when unused this long (days): the refresh token's life. */
  sessionLifetimeDays: number;
  /** The Cognito user pool, for the identity calls (sessions, cognito/*). */
  userPoolId: string | undefined;
  /** The files bucket (site PDFs). */
  filesBucket: string | undefined;
  /** The sender of the emails the product sends itself (an SES verified identity on AWS). */
  mailFrom: string;
}

let cached: BackendConfig | undefined;

export function backendConfig(): BackendConfig {
  if (cached === undefined) {
    const level = (process.env['LOG_LEVEL'] ?? 'INFO').toUpperCase();
    cached = {
      tableName: required('TABLE_NAME'),
      logLevel: level === 'DEBUG' || level === 'WARN' || level === 'ERROR' ? level : 'INFO',
      serviceName: process.env['SERVICE_NAME'] ?? 'portal',
      maxSessions: positiveInteger('MAX_SESSIONS', DEFAULT_MAX_SESSIONS),
      sessionLifetimeDays: positiveInteger('SESSION_LIFETIME_DAYS', REFRESH_TOKEN_VALIDITY_DAYS),
      userPoolId: process.env['USER_POOL_ID'] || undefined,
      filesBucket: process.env['FILES_BUCKET'] || undefined,
      mailFrom: process.env['MAIL_FROM'] || 'no-reply@coldchain.local',
    };
  }
  return cached;
}

/** Tests change the environment between cases; this forgets what was read. */
export function resetBackendConfig(): void {
  cached = undefined;
}
