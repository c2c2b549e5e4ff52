import type { NotificationStepKind } from './escalation';
import type { DeliveryProvider } from './delivery';

/**
 * The SMS reply code (issue 14 section 2: "a reply code to the SMS" acknowledges like the
 * portal): an alarm's or reminder's text names a code ("Reply 482193 to acknowledge."); a
 * text back from the phone it went to, naming that code, acknowledges the alarm as its
 * recipient. A code is open per phone number (the sender of a reply is known by its number
 * only), unique among that number's open codes, and closes when it expires or is used
 * (docs/decisions/0073-sms-reply-codes.md, 0077-sms-reply-guard.md). Six digits: with the
 * guard's limit on wrong codes (reply-guard.ts), guessing one is hopeless.
 */

export const REPLY_CODE_DIGITS = 6;
/** How long a code stays open after its text: a reply later than this goes to the portal instead. */
export const REPLY_CODE_OPEN_MS = 48 * 60 * 60_000;
/** Fresh codes tried when the ones drawn are taken by the same phone's other open codes. */
export const REPLY_CODE_DRAWS = 8;
/** How much of a reply is read (a text is at most 1,600 characters; anything longer is not a person's reply). */
export const REPLY_BODY_MAX = 1_600;
/** Codes looked up per reply, at most ("482193 or 567801?"): a reply is never a way to try many. */
export const REPLY_CODES_PER_MESSAGE = 3;

/** Whether a message asks for a reply: an alarm or reminder (still waiting for someone) sent by text. */
export const takesReplyCode = (delivery: { kind: NotificationStepKind; provider?: DeliveryProvider }): boolean =>
  delivery.provider === 'text' && (delivery.kind === 'alarm' || delivery.kind === 'reminder');

/** A new code, `REPLY_CODE_DIGITS` digits (leading zeros kept), from `random` in [0, 1). */
export function newReplyCode(random: () => number): string {
  const range = 10 ** REPLY_CODE_DIGITS;
  const drawn = Math.min(range - 1, Math.max(0, Math.floor(random() * range)));
  return String(drawn).padStart(REPLY_CODE_DIGITS, '0');
}

const CODE_SHAPE = new RegExp(`^\\d{${REPLY_CODE_DIGITS}}$`);
export const isReplyCode = (text: string): boolean => CODE_SHAPE.test(text);

/**
 * The codes a reply names, in order, each once, at most REPLY_CODES_PER_MESSAGE: runs of exactly
 * REPLY_CODE_DIGITS ASCII digits standing alone ("482193", "ok 482193!", not "4821930" or "a482193").
 * Only the first REPLY_BODY_MAX characters are read.
 */
export function replyCodesIn(body: string): string[] {
  const found: string[] = [];
  for (const match of body.slice(0, REPLY_BODY_MAX).matchAll(/(?<![0-9A-Za-z])[0-9]+(?![0-9A-Za-z])/g)) {
    const candidate = match[0];
    if (!isReplyCode(candidate) || found.includes(candidate)) continue;
    found.push(candidate);
    if (found.length === REPLY_CODES_PER_MESSAGE) break;
  }
  return found;
}

/**
 * A phone number as a reply's sender and a text's recipient are compared: E.164 (`+` and 7 to
 * 15 digits), spaces, dots, dashes and brackets dropped; undefined when it is not one.
 */
export function phoneKeyOf(number: string): string | undefined {
  const compact = number.slice(0, 40).replace(/[\s().-]/g, '');
  return /^\+[1-9]\d{6,14}$/.test(compact) ? compact : undefined;
}
