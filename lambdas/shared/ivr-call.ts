/**
 * An IVR voice call on AWS (issue 14 section 4; docs/decisions/0072-ivr-on-chime-sdk-pstn-audio.md):
 * what the voice provider hands the call (CreateSipMediaApplicationCall's ArgumentsMap)
 * and how the SIP media application's handler reads it back. The call names its delivery
 * (organisation, alarm, delivery key) for the key press, its language, and the script to read,
 * cut into parts because a Speak or SpeakAndGetDigits text is at most 1,000 characters.
 *
 * Limits it keeps: ArgumentsMap holds at most 20 entries, and a response to the call's Lambda
 * holds at most 10 actions, so a script is at most IVR_MAX_SPEECH_PARTS parts of
 * IVR_SPEECH_PART_LENGTH characters (the call's arguments are kept for the call's life as its
 * transaction attributes, at most 100 of them and 20 KB in all).
 */

/** The delivery's context keys the call carries (lambdas/notifier/send.ts `deliver`). */
export const IVR_CONTEXT_KEYS = ['customerId', 'alarmId', 'delivery'] as const;
/** A script part's characters, leaving room for `<speak></speak>` within Speak's 1,000. */
export const IVR_SPEECH_PART_LENGTH = 900;
/** Parts of a script: each but the last read with Speak, the last with SpeakAndGetDigits, in one response of at most 10 actions. */
export const IVR_MAX_SPEECH_PARTS = 8;

const SPEECH_KEY = 'speech';
const SPEAK_ELEMENT = /^\s*<speak>([\s\S]*)<\/speak>\s*$/;

/** The SSML document's inner text (the composer writes `<speak>…</speak>` around escaped words). */
const innerOf = (ssml: string): string => SPEAK_ELEMENT.exec(ssml)?.[1] ?? ssml;

const WORD_PIECE = new RegExp(`[\\s\\S]{1,${String(IVR_SPEECH_PART_LENGTH)}}`, 'g');

/** The script cut at sentence ends (a sentence too long for a part at spaces, a word too long anywhere) into parts a Speak action takes. */
export function speechParts(ssml: string): string[] {
  const sentences = innerOf(ssml).trim().split(/(?<=[.!?])\s+/).filter((sentence) => sentence !== '');
  const units = sentences.flatMap((sentence) => (sentence.length <= IVR_SPEECH_PART_LENGTH
    ? [sentence]
    : sentence.split(' ').flatMap((word) => word.match(WORD_PIECE) ?? [])));
  const parts: string[] = [];
  let current = '';
  for (const unit of units) {
    const joined = current === '' ? unit : `${current} ${unit}`;
    if (joined.length <= IVR_SPEECH_PART_LENGTH) {
      current = joined;
    } else {
      parts.push(current);
      current = unit;
    }
  }
  if (current !== '') parts.push(current);
  return parts;
}

/** The ArgumentsMap of the call: the delivery's context, the language and the script's parts. */
export function ivrCallArguments(ssml: string, language: string, context: Readonly<Record<string, string>>): Record<string, string> {
  const parts = speechParts(ssml);
  if (parts.length === 0) throw new Error('An IVR call needs words to read');
  if (parts.length > IVR_MAX_SPEECH_PARTS) {
    throw new Error(`The call's script is too long for an IVR call (${String(parts.length)} parts of ${String(IVR_SPEECH_PART_LENGTH)} characters; at most ${String(IVR_MAX_SPEECH_PARTS)})`);
  }
  const named = Object.fromEntries(IVR_CONTEXT_KEYS.flatMap((key) => (context[key] === undefined ? [] : [[key, context[key]]])));
  return { ...named, language, ...Object.fromEntries(parts.map((part, index) => [`${SPEECH_KEY}${String(index)}`, part])) };
}

/** The script's parts as SSML documents, in order, from the call's arguments. */
export function speechOf(callArguments: Readonly<Record<string, string | undefined>>): string[] {
  const parts: string[] = [];
  for (let index = 0; index < IVR_MAX_SPEECH_PARTS; index += 1) {
    const part = callArguments[`${SPEECH_KEY}${String(index)}`];
    if (part === undefined) break;
    parts.push(`<speak>${part}</speak>`);
  }
  return parts;
}
