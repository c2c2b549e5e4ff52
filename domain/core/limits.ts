/**
 * How long the texts the API takes may be (issue 11): every string of every request schema
 * has a maximum, so no request can make a record larger than DynamoDB's 400 KB item, nor a
 * key longer than its 1,024-byte sort key. Fields with a meaning of their own keep their own
 * limit (a name, an address); these are the shared ones.
 */

/** Ids of records and devices (UUIDs, EUIs, sensor ids, the portal's own ids). */
export const ID_MAX = 100;
/** An email address (RFC 5321: a path of at most 254 characters). */
export const EMAIL_MAX = 254;
/** A date or a date and time as text (ISO 8601, or `YYYY-MM-DD HH:mm:ss`). */
export const DATE_TEXT_MAX = 40;
/** An IANA time zone name (the longest is 32 characters). */
export const TIME_ZONE_MAX = 64;
/** A MIME content type. */
export const CONTENT_TYPE_MAX = 100;

/** The length of `bytes` bytes once written in base64. */
export function base64Length(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}
