import { useSyncExternalStore } from './transitionStore';
import type { AccountPreferences } from '@domain/identity/account';
import { ALL_MODULES } from '@domain/organisation/modules';
import type { OrganisationModules } from '@domain/organisation/organisation';
import { isRole, type Role } from '@domain/identity/roles';
import { LANGUAGE_STORAGE_KEY, storedLanguage, type Language } from '../i18n';

/**
 * The stored client state (SPEC section 3): what the browser keeps about the signed-in user
 * and their session, in local storage so every tab shares it, typed in one place.
 * The session's values live under one key and go at logout; the language choice and the
 * device id live under their own keys and stay (they belong to the browser, not the session).
 */

export const CLIENT_STATE_STORAGE_KEY = 'clientState';
export const DEVICE_ID_STORAGE_KEY = 'deviceId';
/** Last user activity (epoch ms), shared by the tabs for the idle logout. */
export const LAST_ACTIVITY_STORAGE_KEY = 'lastActivityAt';
/** SPEC section 9: default offset. */
export const DEFAULT_OFFSET = '+00:00';

export type LoginVariant = 'normal' | 'helpdesk';
export type UnitOfMeasure = 'C' | 'F';

export interface SelectedLocation {
  locationId: string | null;
  siteId: string | null;
}

/**
 * The main user's stored values, kept while they act for an organisation (proxy login, SPEC
 * section 3 "proxy-login main-user copies of the stored values"), restored at proxy logout.
 */
export type ProxyMainUser = Pick<SessionState,
  'accountId' | 'userName' | 'profileName' | 'role' | 'customerId' | 'customerGroupId' | 'uom' | 'timezone' | 'offset' | 'tenantName'
  | 'haccpAvailable' | 'locationAdmin' | 'owner' | 'helpdeskDashboard' | 'corporateAdmin' | 'securityGroupIds' | 'pagerEnabled'
  | 'selectedLocation' | 'preferences' | 'organisationModules'>;

/** The proxy session the browser acts in (issue 16 section 3): its token goes with every API call. */
export interface ActiveProxy {
  sessionId: string;
  token: string;
  /** Epoch milliseconds: the banner counts down to it and the proxy ends there. */
  expiresAt: number;
  customerId: string;
  organisationName: string;
  mode: 'read' | 'write';
  actorEmail: string;
  /** A corporate view's one location (an administrator with corporate access, their own organisation). */
  locationId?: string;
  locationName?: string;
}

/** What goes at logout. */
export interface SessionState {
  /** The logged-in flag: a server session exists (false when the session limit stopped the sign-in). */
  loggedIn: boolean;
  /** The login screen used, so logout and the sessions page go back to the same one. */
  loginVariant: LoginVariant;
  /** Signed in through SSO (the sessions page then shows the user's email). */
  sso: boolean;
  accountId: string | null;
  /** The username: the email the user signs in with. */
  userName: string | null;
  /** First and last name, for the user menu. */
  profileName: string | null;
  status: 'ONLINE' | null;
  role: Role | null;
  customerId: string | null;
  customerGroupId: string | null;
  uom: UnitOfMeasure;
  timezone: string | null;
  /** USER_OFFSET: the user's time zone offset, `+HH:mm`. */
  offset: string;
  /** When the ID token expires (epoch ms). */
  tokenExpiresAt: number | null;
  deviceKey: string;
  /** The server session (loginid). */
  sessionId: string | null;
  tenantName: string | null;
  haccpAvailable: boolean;
  /** isowner or islocationadmin equals 1. */
  locationAdmin: boolean;
  owner: boolean;
  helpdeskDashboard: boolean;
  /** hasDefaultLocAccess. */
  corporateAdmin: boolean;
  securityGroupIds: string[];
  pagerEnabled: boolean;
  /** The organisation's modules (issue 16): its HACCP, audit, IVR and pager areas show only with them. */
  organisationModules: OrganisationModules;
  selectedLocation: SelectedLocation | null;
  /** Module audit and feature ivr: hidden until enabled by the user details. */
  preferences: AccountPreferences;
  proxyMainUser: ProxyMainUser | null;
  proxy: ActiveProxy | null;
}

export interface ClientState extends SessionState {
  /** Default en; kept at logout. */
  language: Language;
  /** A stable id of this browser; kept at logout. */
  deviceId: string;
}

export const DEFAULT_SESSION_STATE: SessionState = {
  loggedIn: false,
  loginVariant: 'normal',
  sso: false,
  accountId: null,
  userName: null,
  profileName: null,
  status: null,
  role: null,
  customerId: null,
  customerGroupId: null,
  uom: 'C',
  timezone: null,
  offset: DEFAULT_OFFSET,
  tokenExpiresAt: null,
  deviceKey: '',
  sessionId: null,
  tenantName: null,
  haccpAvailable: false,
  locationAdmin: false,
  owner: false,
  helpdeskDashboard: false,
  corporateAdmin: false,
  securityGroupIds: [],
  pagerEnabled: false,
  // A state stored before the flags reached the browser shows what it showed then; the API refuses what the organisation has not got.
  organisationModules: ALL_MODULES,
  selectedLocation: null,
  preferences: { module: { audit: { isVisible: false } }, feature: { ivr: { isVisible: false } } },
  proxyMainUser: null,
  proxy: null,
};

// Checked by hand, not with zod: this module is part of the first load.
type Check = (value: unknown) => boolean;
const isBoolean: Check = (value) => typeof value === 'boolean';
const isString: Check = (value) => typeof value === 'string';
const isOptionalText: Check = (value) => value === null || typeof value === 'string';
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isVisibleFlag = (value: unknown): boolean => isRecord(value) && typeof value['isVisible'] === 'boolean';

const CHECKS: Record<keyof SessionState, Check> = {
  loggedIn: isBoolean,
  loginVariant: (value) => value === 'normal' || value === 'helpdesk',
  sso: isBoolean,
  accountId: isOptionalText,
  userName: isOptionalText,
  profileName: isOptionalText,
  status: (value) => value === null || value === 'ONLINE',
  role: (value) => value === null || isRole(value),
  customerId: isOptionalText,
  customerGroupId: isOptionalText,
  uom: (value) => value === 'C' || value === 'F',
  timezone: isOptionalText,
  offset: (value) => typeof value === 'string' && /^[+-]\d{2}:\d{2}$/.test(value),
  tokenExpiresAt: (value) => value === null || Number.isFinite(value),
  deviceKey: isString,
  sessionId: isOptionalText,
  tenantName: isOptionalText,
  haccpAvailable: isBoolean,
  locationAdmin: isBoolean,
  owner: isBoolean,
  helpdeskDashboard: isBoolean,
  corporateAdmin: isBoolean,
  securityGroupIds: (value) => Array.isArray(value) && value.every((id) => typeof id === 'string'),
  pagerEnabled: isBoolean,
  organisationModules: (value) => isRecord(value) && (Object.keys(ALL_MODULES) as (keyof OrganisationModules)[]).every((flag) => typeof value[flag] === 'boolean'),
  selectedLocation: (value) => value === null || (isRecord(value) && isOptionalText(value['locationId']) && isOptionalText(value['siteId'])),
  preferences: (value) =>
    isRecord(value) && isRecord(value['module']) && isVisibleFlag(value['module']['audit'])
    && isRecord(value['feature']) && isVisibleFlag(value['feature']['ivr']),
  proxyMainUser: (value) => value === null || isRecord(value),
  proxy: (value) => value === null || (isRecord(value) && typeof value['token'] === 'string' && typeof value['customerId'] === 'string'
    && typeof value['expiresAt'] === 'number' && (value['mode'] === 'read' || value['mode'] === 'write')),
};

/** Keeps each stored value that has the right type; the others take their default. */
export function sessionStateFrom(stored: unknown): SessionState {
  const state: Record<string, unknown> = { ...DEFAULT_SESSION_STATE };
  if (isRecord(stored)) {
    for (const field of Object.keys(CHECKS) as (keyof SessionState)[]) {
      if (field in stored && CHECKS[field](stored[field])) state[field] = stored[field];
    }
  }
  return state as unknown as SessionState;
}

function readItem(storage: 'localStorage' | 'sessionStorage', key: string): string | null {
  try {
    return window[storage].getItem(key);
  } catch {
    return null;
  }
}

function writeItem(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable (private mode, quota): the state lasts for this page only.
  }
}

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; an http address other than localhost has none.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** This browser's id, made once and kept across sessions (SPEC section 3: device id). */
export function deviceId(): string {
  const stored = readItem('localStorage', DEVICE_ID_STORAGE_KEY);
  if (stored !== null && stored !== '') return stored;
  const id = randomId();
  writeItem(DEVICE_ID_STORAGE_KEY, id);
  return id;
}

let cachedRaw: string | null | undefined;
let cachedLanguage: Language | undefined;
let cachedState: ClientState | undefined;
const listeners = new Set<() => void>();

function parse(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** The stored client state now; the same object until something changes it. */
export function getClientState(): ClientState {
  const raw = readItem('localStorage', CLIENT_STATE_STORAGE_KEY);
  const language = storedLanguage();
  const device = deviceId();
  if (cachedState === undefined || raw !== cachedRaw || language !== cachedLanguage || device !== cachedState.deviceId) {
    cachedRaw = raw;
    cachedLanguage = language;
    cachedState = { ...sessionStateFrom(parse(raw)), language, deviceId: device };
  }
  return cachedState;
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Changes some session values; every tab sees it. */
export function updateClientState(patch: Partial<SessionState>): void {
  const { language: _language, deviceId: _deviceId, ...current } = getClientState();
  writeItem(CLIENT_STATE_STORAGE_KEY, JSON.stringify({ ...current, ...patch }));
  notify();
}

/** Replaces the session values whole (at sign-in). */
export function replaceClientState(state: SessionState): void {
  writeItem(CLIENT_STATE_STORAGE_KEY, JSON.stringify(state));
  notify();
}

/**
 * SPEC section 4, Logout: the browser keeps nothing of the session: local and session
 * storage are cleared, except the language choice and the device id.
 */
export function clearStoredState(): void {
  const kept = [LANGUAGE_STORAGE_KEY, DEVICE_ID_STORAGE_KEY]
    .map((key) => [key, readItem('localStorage', key)] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== null);
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    // Storage unavailable: nothing was kept there either.
  }
  for (const [key, value] of kept) writeItem(key, value);
  notify();
}

export function subscribeClientState(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// Another tab changed the stored state (a sign-in, a logout, a location choice).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === CLIENT_STATE_STORAGE_KEY || event.key === LANGUAGE_STORAGE_KEY) notify();
  });
}

/** The stored client state, re-rendering the caller when it changes (in this tab or another). */
export function useClientState(): ClientState {
  return useSyncExternalStore(subscribeClientState, getClientState, getClientState);
}

/** Last user activity in any tab (epoch ms); null when none is recorded. */
export function lastActivityAt(): number | null {
  const stored = Number(readItem('localStorage', LAST_ACTIVITY_STORAGE_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}

export function recordActivity(at: number = Date.now()): void {
  writeItem(LAST_ACTIVITY_STORAGE_KEY, String(at));
}

/** `+HH:mm` of a time zone at a moment (USER_OFFSET); the default for an unknown zone. */
export function offsetOf(timeZone: string | null, at: Date = new Date()): string {
  if (timeZone === null || timeZone === '') return DEFAULT_OFFSET;
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
    // `GMT+01:00`, or plain `GMT` for UTC itself.
    const match = /^GMT([+-]\d{2}:\d{2})?$/.exec(name ?? '');
    return match === null ? DEFAULT_OFFSET : (match[1] ?? DEFAULT_OFFSET);
  } catch {
    return DEFAULT_OFFSET;
  }
}
