import { MESSAGES, type MessageKey } from './messages';

/**
 * Typed errors of the product's rules. Each carries the message a user sees (the spec's
 * words), a kind, a stable code and, when it is about one input, that input's field; the
 * back end maps kinds to HTTP statuses in one place and sends the code and field beside the
 * message, so a client translates by code and places the message by field, never by its text.
 */
export type DomainErrorKind =
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  /** The request, or what it would store, is larger than the product takes. */
  | 'too-large';

/** The catalogue key of the message (`MESSAGES`), or the kind for a message that is none of the product's. */
export type ErrorCode = MessageKey | DomainErrorKind;

export { ERROR_CODE_HEADER, ERROR_FIELD_HEADER } from './error-headers';

const keyByText = new Map<string, MessageKey>(
  (Object.entries(MESSAGES) as [MessageKey, string][]).map(([key, text]) => [text, key]),
);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The messages with `{{values}}`: a filled one is recognised by its fixed words. */
const templates: [RegExp, MessageKey][] = (Object.entries(MESSAGES) as [MessageKey, string][])
  .filter(([, text]) => text.includes('{{'))
  .map(([key, text]) => [new RegExp(`^${text.split(/\{\{\w+\}\}/).map(escape).join('[\\s\\S]*')}$`), key]);

/**
 * The code of a message: every throw site names a `MESSAGES` entry, so the code is found
 * once, here, where the error is made (the call sites stay the spec's words).
 */
export function errorCodeOf(message: string, kind: DomainErrorKind): ErrorCode {
  return keyByText.get(message) ?? templates.find(([pattern]) => pattern.test(message))?.[1] ?? kind;
}

/**
 * The input each rule refusal is about, for refusals a rule makes after the schema passed
 * (a taken name, an unknown site); a schema's refusal names its own field (the path).
 */
export const FIELD_OF_REFUSAL: Partial<Record<ErrorCode, string>> = {
  // Users
  userAlreadyInvited: 'email',
  userRegisteredByAnotherClient: 'email',
  emailAlreadyRegistered: 'email',
  roleNotAssignable: 'role',
  siteSelectionRequired: 'siteIds',
  mfaNeedsVerifiedPhone: 'mfaEnabled',
  mfaOffSupportOnly: 'mfaEnabled',
  smsNeedsVerifiedPhone: 'smsEnabled',
  pagerTypeRequired: 'pagerType',
  pagerNumberRequired: 'pagerNumber',
  pagerEmailInvalid: 'pagerNumber',
  // Locations and sites
  locationNameTaken: 'name',
  siteNameTaken: 'name',
  siteIdTaken: 'siteId',
  siteLocationNotFound: 'locationIds',
  siteLocationRequired: 'locationIds',
  haccpEndBeforeStart: 'haccpSubscriptionEnd',
  monitoringEndBeforeStart: 'monitoringSubscriptionEnd',
  // Sensors and gateways
  sensorAlreadyAdded: 'id',
  sensorAddedToAnotherSite: 'id',
  sensorIdInvalid: 'id',
  sensorIdSpecialCharacters: 'id',
  gatewayUnknown: 'gatewayId',
  sensorGatewayOtherSite: 'gatewayId',
  sensorSiteNotOnLocation: 'siteId',
  connectionTypeNotForModel: 'connectionType',
  gatewayAlreadyAdded: 'eui',
  gatewayEuiFixed: 'eui',
  gatewaySiteNotInLocations: 'siteId',
  gatewaySiteRequired: 'siteId',
  gatewayLocationsRequired: 'locationIds',
  // Named records (departments, divisions, groups, views, profiles): the name is taken
  departmentNameTaken: 'name',
  divisionNameTaken: 'name',
  securityGroupNameTaken: 'name',
  userViewNameTaken: 'name',
  correctiveActionNameTaken: 'name',
  informationItemNameTaken: 'name',
  checklistGroupNameTaken: 'name',
  dataLoggingProfileNameTaken: 'name',
  noteNameTaken: 'name',
  // User views and security groups naming what does not exist
  unknownSite: 'siteIds',
  unknownDepartment: 'departmentIds',
  unknownDivision: 'divisionIds',
};

/** The field of a schema's refusal: the path of the issue whose message the error carries. */
function fieldOfDetails(message: string, details: Record<string, string> | undefined): string | undefined {
  if (details === undefined) return undefined;
  const path = Object.entries(details).find(([, text]) => text === message)?.[0];
  // `_` is the body as a whole (lambdas/shared/http.ts names an issue without a path so).
  return path === undefined || path === '_' ? undefined : path;
}

export class DomainError extends Error {
  readonly code: ErrorCode;
  /** The input field the error is about (a dotted path for nested inputs), when it is about one. */
  readonly field: string | undefined;

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Field-level details for validation errors: path -> message. */
    readonly details?: Record<string, string>,
    about: { code?: ErrorCode; field?: string } = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.code = about.code ?? errorCodeOf(message, kind);
    this.field = about.field ?? fieldOfDetails(message, details) ?? FIELD_OF_REFUSAL[this.code];
  }
}

export const validationError = (message: string, details?: Record<string, string>) =>
  new DomainError('validation', message, details);
export const notFound = (message: string = MESSAGES.notFound) => new DomainError('not-found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const forbidden = (message: string = MESSAGES.noPageAccess) => new DomainError('forbidden', message);
export const unauthorized = (message: string = MESSAGES.sessionTimeout) => new DomainError('unauthorized', message);
export const tooLarge = (message: string = MESSAGES.requestTooLarge) => new DomainError('too-large', message);
