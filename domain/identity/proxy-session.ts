import * as z from 'zod';
import { MESSAGES } from '@domain/core/messages';

/**
 * Proxy login (issue 16 section 3, SPEC sections 3 and 4): a helpdesk user or a
 * super-administrator acts for an organisation, or an administrator with corporate access
 * for a location of their own (the corporate view), for at most `PROXY_SESSION_MINUTES`,
 * read-only unless started for changes. Never renewed: a new one is started instead.
 */
export const PROXY_SESSION_MINUTES = 30;
export const PROXY_SESSION_MS = PROXY_SESSION_MINUTES * 60_000;
export const PROXY_REASON_MAX = 500;
export const PROXY_MODES = ['read', 'write'] as const;
export type ProxyMode = (typeof PROXY_MODES)[number];

/** The request header that carries the proxy token beside the user's own ID token. */
export const PROXY_TOKEN_HEADER = 'x-proxy-token';

export const proxySessionInputSchema = z.object({
  customerId: z.string().trim().min(1, MESSAGES.organisationNotFound).max(128, MESSAGES.organisationNotFound),
  reason: z.string({ error: MESSAGES.proxyReasonRequired }).trim().min(1, MESSAGES.proxyReasonRequired).max(PROXY_REASON_MAX, MESSAGES.proxyReasonTooLong),
  mode: z.enum(PROXY_MODES),
  /** A corporate view (an administrator with corporate access, for one location of their own organisation). */
  locationId: z.string().trim().min(1, MESSAGES.proxyLocationRequired).max(128, MESSAGES.locationNotFound).optional(),
});
export type ProxySessionInput = z.output<typeof proxySessionInputSchema>;

/** Who started a proxy session: the real, signed-in user. */
export const proxyActorSchema = z.object({
  userId: z.string(),
  email: z.string(),
  role: z.string(),
  customerId: z.string(),
});
export type ProxyActor = z.output<typeof proxyActorSchema>;

export const proxySessionSchema = z.object({
  sessionId: z.string(),
  actor: proxyActorSchema,
  customerId: z.string(),
  organisationName: z.string(),
  locationId: z.string().optional(),
  /** The location's name when the session is a corporate view (for the banner). */
  locationName: z.string().optional(),
  reason: z.string(),
  mode: z.enum(PROXY_MODES),
  startedAt: z.string(),
  expiresAt: z.string(),
  endedAt: z.string().optional(),
});
export type ProxySession = z.output<typeof proxySessionSchema>;

/** What starting a proxy answers: the session and its token (sent back as `x-proxy-token`). */
export const proxySessionStartedSchema = z.object({
  sessionId: z.string(),
  token: z.string(),
  expiresAt: z.string(),
  customerId: z.string(),
  organisationName: z.string(),
  mode: z.enum(PROXY_MODES),
  locationId: z.string().optional(),
  locationName: z.string().optional(),
  actor: proxyActorSchema,
});
export type ProxySessionStarted = z.output<typeof proxySessionStartedSchema>;

/** A proxy session is over once ended or past its expiry. */
export function isProxySessionOpen(session: Pick<ProxySession, 'expiresAt' | 'endedAt'>, now: Date): boolean {
  return session.endedAt === undefined && Date.parse(session.expiresAt) > now.getTime();
}
