import type { IncomingMessage, ServerResponse } from 'node:http';
import { isFaultChannel, MAX_FAULTS, type ChannelFaults } from './channel-faults';
import { isLoopbackRequest } from './loopback';
import type { OutboxMessage } from './outbox';

/**
 * The outbox page's two actions, served by the gateway (local/gateway.ts):
 * - `POST /outbox/faults` (`channel`, `count`): the channel fails its next `count` sends;
 * - `POST /outbox/voice/{messageId}/keypress` (`digit`): the person called by an IVR voice
 *   message (context `ivr` = 'true') presses a key, handed to the stack's `onVoiceKeyPress`
 *   as the voice provider's event would be (501 until that hook is wired);
 * - `POST /outbox/sms/{messageId}/reply` (`body`): the person texted replies from that phone,
 *   handed to the stack's `onTextReply` as End User Messaging's two-way SMS would publish it
 *   (501 until that hook is wired).
 * Bodies are forms (the page's) or JSON. Both answer this machine only, and only the outbox's
 * own page: a POST whose Origin is not the gateway's own is refused, so a web page the
 * developer visits cannot flip the switch or acknowledge an alarm.
 */
export interface OutboxActionOptions {
  faults?: ChannelFaults;
  /** An outbox message by id. */
  findMessage: (id: string) => OutboxMessage | undefined;
  /** The product's IVR handler, given the voice message and the key pressed. */
  onVoiceKeyPress?: (message: OutboxMessage, digit: string) => Promise<void>;
  /** The product's SMS reply handler, given the text replied to and the reply's words. */
  onTextReply?: (message: OutboxMessage, body: string) => Promise<void>;
}

const MAX_ACTION_BYTES = 4096;
const KEY_PRESS_PATH = /^\/outbox\/voice\/([^/]+)\/keypress$/;
const DIGIT = /^[0-9*#]$/;
const REPLY_PATH = /^\/outbox\/sms\/([^/]+)\/reply$/;
/** A text's most characters (End User Messaging's limit of a concatenated message). */
const MAX_REPLY_LENGTH = 1600;

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

/** Back to the page after its form, or the result for a JSON caller. */
function done(request: IncomingMessage, response: ServerResponse, body: unknown): void {
  if ((request.headers['content-type'] ?? '').startsWith('application/json')) {
    answer(response, 200, body);
    return;
  }
  response.writeHead(303, { location: '/outbox', 'cache-control': 'no-store' });
  response.end();
}

async function readFields(request: IncomingMessage): Promise<Record<string, string> | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_ACTION_BYTES) return undefined;
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if ((request.headers['content-type'] ?? '').startsWith('application/json')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
      return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, String(value)]));
    } catch {
      return undefined;
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** Whether the request is the outbox page's own: no Origin (not a browser's cross-site POST) or the gateway's. */
export function isSameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  return origin === undefined || origin === `http://${request.headers.host ?? ''}`;
}

/** Handles the outbox's actions; false when the request is none of them. */
export async function handleOutboxAction(request: IncomingMessage, response: ServerResponse, url: URL, options: OutboxActionOptions): Promise<boolean> {
  const keyPress = KEY_PRESS_PATH.exec(url.pathname);
  const reply = REPLY_PATH.exec(url.pathname);
  if (url.pathname !== '/outbox/faults' && keyPress === null && reply === null) return false;
  if (request.method !== 'POST') {
    response.setHeader('allow', 'POST');
    answer(response, 405, { message: `${url.pathname} takes POST only.` });
    return true;
  }
  if (!isLoopbackRequest(request)) {
    answer(response, 403, { message: 'The outbox answers this machine only, at localhost or 127.0.0.1.' });
    return true;
  }
  if (!isSameOrigin(request)) {
    answer(response, 403, { message: 'The outbox takes its actions from its own page only (the Origin is not the gateway\'s).' });
    return true;
  }
  const fields = await readFields(request);
  if (fields === undefined) {
    answer(response, 400, { message: 'The action\'s body must be a small form or JSON object.' });
    return true;
  }

  if (reply !== null) return replyToText(request, response, reply[1] ?? '', fields, options);
  if (keyPress === null) {
    const { channel } = fields;
    const count = Number(fields['count']);
    if (!isFaultChannel(channel)) {
      answer(response, 400, { message: 'channel must be email, text, voice or push.' });
      return true;
    }
    if (fields['count'] === undefined || fields['count'].trim() === '' || !Number.isInteger(count) || count < 0 || count > MAX_FAULTS) {
      answer(response, 400, { message: `count must be a whole number from 0 to ${MAX_FAULTS}.` });
      return true;
    }
    if (options.faults === undefined) {
      answer(response, 501, { message: 'This outbox has no channel fault switch.' });
      return true;
    }
    options.faults.failNext(channel, count);
    done(request, response, { faults: options.faults.state() });
    return true;
  }

  let messageId: string;
  try {
    messageId = decodeURIComponent(keyPress[1] ?? '');
  } catch {
    answer(response, 400, { message: 'The message id in the address does not decode.' });
    return true;
  }
  const digit = fields['digit'] ?? '';
  if (!DIGIT.test(digit)) {
    answer(response, 400, { message: 'digit must be one key of the phone pad: 0-9, * or #.' });
    return true;
  }
  const message = options.findMessage(messageId);
  if (message === undefined) {
    answer(response, 404, { message: `The outbox has no message ${messageId}.` });
    return true;
  }
  if (message.channel !== 'voice' || message.context?.['ivr'] !== 'true') {
    answer(response, 409, { message: `Message ${messageId} is not an IVR voice call: there is no key to press.` });
    return true;
  }
  if (options.onVoiceKeyPress === undefined) {
    answer(response, 501, { message: 'Pressing a key on a voice call is not wired yet: the local stack has no onVoiceKeyPress hook (local/stack.ts) to hand it to the IVR handler.' });
    return true;
  }
  await options.onVoiceKeyPress(message, digit);
  done(request, response, { pressed: digit, messageId });
  return true;
}

/** A reply to a text from the phone it went to (the outbox's Reply). */
async function replyToText(request: IncomingMessage, response: ServerResponse, encodedId: string, fields: Record<string, string>, options: OutboxActionOptions): Promise<true> {
  let messageId: string;
  try {
    messageId = decodeURIComponent(encodedId);
  } catch {
    answer(response, 400, { message: 'The message id in the address does not decode.' });
    return true;
  }
  const body = fields['body'] ?? '';
  if (body.trim() === '' || body.length > MAX_REPLY_LENGTH) {
    answer(response, 400, { message: `body must be the reply's text, 1 to ${MAX_REPLY_LENGTH} characters.` });
    return true;
  }
  const message = options.findMessage(messageId);
  if (message === undefined) {
    answer(response, 404, { message: `The outbox has no message ${messageId}.` });
    return true;
  }
  if (message.channel !== 'sms') {
    answer(response, 409, { message: `Message ${messageId} is not a text: there is nothing to reply to.` });
    return true;
  }
  if (options.onTextReply === undefined) {
    answer(response, 501, { message: 'Replying to a text is not wired yet: the local stack has no onTextReply hook (local/stack.ts) to hand it to the SMS reply handler.' });
    return true;
  }
  await options.onTextReply(message, body);
  done(request, response, { replied: messageId });
  return true;
}
