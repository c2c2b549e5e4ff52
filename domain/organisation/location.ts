import * as z from 'zod';
import { EMAIL_MAX, ID_MAX } from '../core/limits';
import { MESSAGES } from '../core/messages';

/**
 * Locations (SPEC sections 3, 4, 5 and 6): the fields, their rules, the access levels and
 * sharing with another organisation's users. One set of schemas for the handlers, the
 * OpenAPI document and the web app, so the browser and the API say the same thing.
 */

export const LOCATION_NAME_MAX = 100;
export const ADDRESS_MAX = 200;
export const PLACE_MAX = 100;
export const POSTAL_CODE_MAX = 10;

/** Names start with a letter or digit; the rest is what names of places carry. */
const NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} .,'&()/#+_-]*$/u;
/** A street address: letters, digits and the punctuation addresses use; no markup. */
const ADDRESS_PATTERN = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} .,'&()/#:;°+_-]*$/u;
/** Cities, states and countries: words of letters, with spaces, dots, apostrophes and hyphens. */
const PLACE_PATTERN = /^\p{L}[\p{L}\p{M} .'()-]*$/u;
/** Postal codes of the world: 2 to 10 letters and digits, with an inner space or hyphen. */
const POSTAL_CODE_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 -]{0,8}[A-Za-z0-9])$/;

/** A required text: trimmed, present, at most `max`, matching `pattern`. */
export function requiredText(pattern: RegExp, max: number, messages: { required: string; invalid: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(max, { error: messages.invalid })
    .regex(pattern, { error: messages.invalid });
}

/** An optional text: an empty or blank value (a form's empty field) is the same as none. */
export function optionalText(pattern: RegExp, max: number, invalid: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '') || value === null ? undefined : value,
    z.string({ error: invalid }).trim().max(max, { error: invalid }).regex(pattern, { error: invalid }).optional(),
  );
}

/** A coordinate: a number (or a form's numeric text) within bounds; empty means none. */
export function optionalCoordinate(bound: number, message: string) {
  return z.preprocess(
    (value) => {
      if (value === null || value === undefined) return undefined;
      if (typeof value === 'string') return value.trim() === '' ? undefined : Number(value.trim());
      return value;
    },
    z.number({ error: message }).refine(Number.isFinite, { error: message }).min(-bound, { error: message }).max(bound, { error: message }).optional(),
  );
}

export const locationNameSchema = requiredText(NAME_PATTERN, LOCATION_NAME_MAX, {
  required: MESSAGES.locationNameRequired,
  invalid: MESSAGES.locationNameInvalid,
});

/** The postal address shared by locations, sites and billing addresses (SPEC section 3). */
export const postalAddressFields = {
  address: requiredText(ADDRESS_PATTERN, ADDRESS_MAX, { required: MESSAGES.addressRequired, invalid: MESSAGES.addressInvalid }),
  city: requiredText(PLACE_PATTERN, PLACE_MAX, { required: MESSAGES.cityRequired, invalid: MESSAGES.cityInvalid }),
  state: requiredText(PLACE_PATTERN, PLACE_MAX, { required: MESSAGES.stateRequired, invalid: MESSAGES.stateInvalid }),
  country: requiredText(PLACE_PATTERN, PLACE_MAX, { required: MESSAGES.countryRequired, invalid: MESSAGES.countryInvalid }),
  postalCode: requiredText(POSTAL_CODE_PATTERN, POSTAL_CODE_MAX, { required: MESSAGES.postalCodeRequired, invalid: MESSAGES.postalCodeInvalid }),
};
export const postalAddressSchema = z.object(postalAddressFields);
export type PostalAddress = z.infer<typeof postalAddressSchema>;

/** The same fields, each optional but valid when given (a site's own address). */
export const optionalPostalAddressFields = {
  address: optionalText(ADDRESS_PATTERN, ADDRESS_MAX, MESSAGES.addressInvalid),
  city: optionalText(PLACE_PATTERN, PLACE_MAX, MESSAGES.cityInvalid),
  state: optionalText(PLACE_PATTERN, PLACE_MAX, MESSAGES.stateInvalid),
  country: optionalText(PLACE_PATTERN, PLACE_MAX, MESSAGES.countryInvalid),
  postalCode: optionalText(POSTAL_CODE_PATTERN, POSTAL_CODE_MAX, MESSAGES.postalCodeInvalid),
};

export const coordinateFields = {
  latitude: optionalCoordinate(90, MESSAGES.latitudeInvalid),
  longitude: optionalCoordinate(180, MESSAGES.longitudeInvalid),
};

/** SPEC section 5 "Location": name, address, city, state, country, postal code required and valid; latitude and longitude valid. */
export const locationInputSchema = z.object({
  name: locationNameSchema,
  ...postalAddressFields,
  ...coordinateFields,
});
export type LocationInput = z.infer<typeof locationInputSchema>;
/** What a form holds before validation (numbers may still be text). */
export type LocationFormValues = z.input<typeof locationInputSchema>;

/** PATCH-like updates take the same fields, each optional. */
export const locationPatchSchema = locationInputSchema.partial();
export type LocationPatch = z.infer<typeof locationPatchSchema>;

/** SPEC section 3 "Location mapping: id and fields to update". */
export const locationMappingSchema = z.object({
  id: z.string().max(ID_MAX, { error: MESSAGES.fieldTooLong }).optional(),
  fieldsToUpdate: locationPatchSchema.refine((fields) => Object.keys(fields).length > 0, { error: MESSAGES.mappingFieldsRequired }),
});
export type LocationMapping = z.infer<typeof locationMappingSchema>;

/** SPEC section 6: location access level owner, admin (non-owner), user. */
export const LOCATION_ACCESS_LEVELS = ['owner', 'admin', 'user'] as const;
export type LocationAccessLevel = (typeof LOCATION_ACCESS_LEVELS)[number];

/** How the caller stands towards a location (SPEC section 3's flags). */
export interface LocationStanding {
  isOwner: boolean;
  isAdmin: boolean;
  isShared: boolean;
  isAcceptancePending: boolean;
}

export function locationAccessLevel(standing: Pick<LocationStanding, 'isOwner' | 'isAdmin'>): LocationAccessLevel {
  if (standing.isOwner) return 'owner';
  return standing.isAdmin ? 'admin' : 'user';
}

/** SPEC section 6: "Edit access: owner, or shared and admin." A pending share gives nothing yet. */
export function mayEditLocation(standing: LocationStanding): boolean {
  if (standing.isAcceptancePending) return false;
  return standing.isOwner || (standing.isShared && standing.isAdmin);
}

/** SPEC section 6: deleting needs corporate access; only the owning organisation deletes. */
export function mayDeleteLocation(standing: Pick<LocationStanding, 'isOwner'>, hasCorporateAccess: boolean): boolean {
  return standing.isOwner && hasCorporateAccess;
}

/** SPEC section 5: "Locations shown to a user exclude those shared and still pending acceptance." */
export function countsForUser(location: Pick<LocationStanding, 'isAcceptancePending'>): boolean {
  return !location.isAcceptancePending;
}

const auditFields = {
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string(),
  updatedBy: z.string(),
  version: z.number().int(),
};

/** A location as the API returns it to one caller: its fields, its standing, `displayName` = `name`. */
export const locationSchema = z.object({
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  postalCode: z.string(),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
  /** The organisation the location belongs to. */
  ownerCustomerId: z.string(),
  isOwner: z.boolean(),
  isAdmin: z.boolean(),
  isShared: z.boolean(),
  isAcceptancePending: z.boolean(),
  accessLevel: z.enum(LOCATION_ACCESS_LEVELS),
  /** For a location shared with the caller: the owning organisation's name. */
  ownerOrganisationName: z.string().optional(),
  ...auditFields,
});
export type Location = z.infer<typeof locationSchema>;

export const locationPageSchema = z.object({ items: z.array(locationSchema), nextCursor: z.string().optional() });
export type LocationPage = z.infer<typeof locationPageSchema>;

/** A user's locations (SPEC section 7: "list of locations with name"), never the pending ones. */
export const userLocationsSchema = z.object({ items: z.array(locationSchema) });

/** GET the corporate node: the organisation at the top of its locations. */
export const corporateNodeSchema = z.object({
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  isCorporate: z.literal(true),
  locations: z.array(z.object({ id: z.string(), name: z.string(), displayName: z.string() })),
});
export type CorporateNode = z.infer<typeof corporateNodeSchema>;

/**
 * GET locations/names: the names of every location and site the caller reaches, for the lists'
 * Site and Location columns (issue 17 item 11). A user invited to a site of a location not
 * assigned to them still reads that location's name; the navbar keeps to the assigned ones.
 */
export const placeNamesSchema = z.object({
  locations: z.array(z.object({ id: z.string(), name: z.string() })),
  sites: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PlaceNames = z.infer<typeof placeNamesSchema>;

/** GET the existence check by name. */
export const locationExistsSchema = z.object({ exists: z.boolean() });

/** Sharing a location with a user of another organisation, by email. */
export const locationShareInputSchema = z.object({
  email: z
    .string({ error: MESSAGES.shareEmailRequired })
    .trim()
    .min(1, { error: MESSAGES.shareEmailRequired })
    .max(EMAIL_MAX, { error: MESSAGES.shareEmailInvalid })
    .pipe(z.email({ error: MESSAGES.shareEmailInvalid })),
  /** Whether the invitee administers the location (may edit it). */
  isAdmin: z.boolean().default(false),
});
export type LocationShareInput = z.infer<typeof locationShareInputSchema>;
export type LocationShareFormValues = z.input<typeof locationShareInputSchema>;

/** One share of a location, as its owner sees it. */
export const locationShareSchema = z.object({
  locationId: z.string(),
  email: z.string(),
  accountId: z.string(),
  customerId: z.string(),
  isAdmin: z.boolean(),
  isAcceptancePending: z.boolean(),
  sharedAt: z.string(),
  sharedBy: z.string(),
  acceptedAt: z.string().optional(),
});
export type LocationShare = z.infer<typeof locationShareSchema>;
export const locationShareListSchema = z.object({ items: z.array(locationShareSchema) });

/** The invitee's answer to a shared location. */
export const shareAnswerSchema = z.object({ accept: z.boolean({ error: MESSAGES.shareAnswerRequired }) });
export type ShareAnswer = z.infer<typeof shareAnswerSchema>;

/** Lists of locations carry `displayName` equal to `name` (SPEC section 3). */
export function withDisplayName<T extends { name: string }>(item: T): T & { displayName: string } {
  return { ...item, displayName: item.name };
}
