import { randomUUID } from 'node:crypto';
import type { SNSEvent } from 'aws-lambda';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sdkInvocationId, type ChannelFaults } from './channel-faults';
import { isLoopbackRequest } from './loopback';
import type { Outbox, OutboxMessage } from './outbox';

/**
 * A stand-in for AWS End User Messaging SMS and Voice v2 (`pinpoint-sms-voice-v2`, the awsJson1_0
 * protocol: `POST /` with `X-Amz-Target: PinpointSMSVoiceV2.<operation>`), on loopback: the
 * notifications' texts (`SendTextMessage`) and voice calls (`SendVoiceMessage`) go to the outbox
 * (channels 'sms' and 'voice'), with their `Context` (the alarm, the delivery key, `ivr`). Handlers
 * use the real SDK client; `AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2` points it here. While the
 * outbox's switch says so (local/channel-faults.ts), sends fail with the service's
 * InternalServerException (500, which the SDK and the product retry).
 */
export interface LocalSmsVoice {
  endpoint: string;
  stop(): Promise<void>;
}

/** The environment variable the SDK takes this service's endpoint from (its serviceId "Pinpoint SMS Voice V2"). */
export const SMS_VOICE_ENDPOINT_VARIABLE = 'AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2';

const TARGET_PREFIX = 'PinpointSMSVoiceV2.';
const NAMESPACE = 'com.amazonaws.pinpointsmsvoicev2';
const CONTENT_TYPE = 'application/x-amz-json-1.0';
const MAX_REQUEST_BYTES = 1024 * 1024;
/** E.164, as the service requires of a destination phone number. */
const E164 = /^\+[1-9]\d{6,14}$/;
const MAX_TEXT_LENGTH = 1600;
const MAX_VOICE_LENGTH = 6000;
const MESSAGE_TYPES = new Set(['TRANSACTIONAL', 'PROMOTIONAL']);

/** The service's voices (its `VoiceId` enum) and the language each speaks. */
const VOICE_LANGUAGES: Readonly<Record<string, string>> = {
  AMY: 'en-GB', ASTRID: 'sv-SE', BIANCA: 'it-IT', BRIAN: 'en-GB', CAMILA: 'pt-BR', CARLA: 'it-IT',
  CARMEN: 'ro-RO', CELINE: 'fr-FR', CHANTAL: 'fr-CA', CONCHITA: 'es-ES', CRISTIANO: 'pt-PT', DORA: 'is-IS',
  EMMA: 'en-GB', ENRIQUE: 'es-ES', EWA: 'pl-PL', FILIZ: 'tr-TR', GERAINT: 'en-GB-WLS', GIORGIO: 'it-IT',
  GWYNETH: 'cy-GB', HANS: 'de-DE', INES: 'pt-PT', IVY: 'en-US', JACEK: 'pl-PL', JAN: 'pl-PL',
  JOANNA: 'en-US', JOEY: 'en-US', JUSTIN: 'en-US', KARL: 'is-IS', KENDRA: 'en-US', KIMBERLY: 'en-US',
  LEA: 'fr-FR', LIV: 'nb-NO', LOTTE: 'nl-NL', LUCIA: 'es-ES', LUPE: 'es-US', MADS: 'da-DK',
  MAJA: 'pl-PL', MARLENE: 'de-DE', MATHIEU: 'fr-FR', MATTHEW: 'en-US', MAXIM: 'ru-RU', MIA: 'es-MX',
  MIGUEL: 'es-US', MIZUKI: 'ja-JP', NAJA: 'da-DK', NICOLE: 'en-AU', PENELOPE: 'es-US', RAVEENA: 'en-IN',
  RICARDO: 'pt-BR', RUBEN: 'nl-NL', RUSSELL: 'en-AU', SALLI: 'en-US', SEOYEON: 'ko-KR', TAKUMI: 'ja-JP',
  TATYANA: 'ru-RU', VICKI: 'de-DE', VITORIA: 'pt-BR', ZEINA: 'arb', ZHIYU: 'cmn-CN',
};

interface ServiceError {
  status: number;
  type: string;
  body: Record<string, unknown>;
}

class InvalidRequest extends Error {
  constructor(readonly field: string, message: string, readonly reason = 'INVALID_PARAMETER') {
    super(message);
  }
}

function validationError(error: InvalidRequest): ServiceError {
  return {
    status: 400,
    type: 'ValidationException',
    body: { Message: error.message, Reason: error.reason, Fields: [{ Name: error.field, Message: error.message }] },
  };
}

function required(request: Record<string, unknown>, field: string): string {
  const value = request[field];
  if (value === undefined || value === null || value === '') throw new InvalidRequest(field, `${field} is required.`, 'MISSING_PARAMETER');
  if (typeof value !== 'string') throw new InvalidRequest(field, `${field} must be a string.`);
  return value;
}

function optionalString(request: Record<string, unknown>, field: string): string | undefined {
  const value = request[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new InvalidRequest(field, `${field} must be a string.`);
  return value;
}

function phoneNumber(request: Record<string, unknown>): string {
  const phone = required(request, 'DestinationPhoneNumber');
  if (!E164.test(phone)) throw new InvalidRequest('DestinationPhoneNumber', 'DestinationPhoneNumber must be a phone number in E.164 format (+ and country code).');
  return phone;
}

function messageBody(request: Record<string, unknown>, maxLength: number): string {
  const body = required(request, 'MessageBody');
  if (body.length > maxLength) throw new InvalidRequest('MessageBody', `MessageBody must be at most ${maxLength} characters.`, 'MAXIMUM_SIZE_EXCEEDED');
  return body;
}

function contextOf(request: Record<string, unknown>): Record<string, string> | undefined {
  const value = request['Context'];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw new InvalidRequest('Context', 'Context must be a map of strings.');
  const context: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
    if (key.length < 1 || key.length > 100) throw new InvalidRequest('Context', 'Context keys are 1 to 100 characters.');
    if (typeof entry !== 'string' || entry.length < 1 || entry.length > 800) throw new InvalidRequest('Context', `Context value ${key} must be a string of 1 to 800 characters.`);
    context[key] = entry;
  }
  return context;
}

/** The language an SSML script declares on its `<speak>` element. */
function ssmlLanguage(ssml: string): string | undefined {
  return /<speak\b[^>]*\bxml:lang\s*=\s*["']([^"']+)["']/i.exec(ssml)?.[1];
}

type Recorded = Omit<OutboxMessage, 'id' | 'at'>;

function textMessage(request: Record<string, unknown>): Recorded {
  const to = phoneNumber(request);
  const body = messageBody(request, MAX_TEXT_LENGTH);
  const messageType = optionalString(request, 'MessageType');
  if (messageType !== undefined && !MESSAGE_TYPES.has(messageType)) throw new InvalidRequest('MessageType', 'MessageType must be TRANSACTIONAL or PROMOTIONAL.');
  const context = contextOf(request);
  const from = optionalString(request, 'OriginationIdentity');
  const language = context?.['language'];
  return { channel: 'sms', to, body, ...(from ? { from } : {}), ...(language ? { language } : {}), ...(context ? { context } : {}) };
}

function voiceMessage(request: Record<string, unknown>): Recorded {
  const to = phoneNumber(request);
  // The service requires who calls: a phone number, pool or their ARN.
  const from = required(request, 'OriginationIdentity');
  const body = messageBody(request, MAX_VOICE_LENGTH);
  const textType = optionalString(request, 'MessageBodyTextType') ?? 'TEXT';
  if (textType !== 'TEXT' && textType !== 'SSML') throw new InvalidRequest('MessageBodyTextType', 'MessageBodyTextType must be TEXT or SSML.');
  if (textType === 'SSML' && !/^\s*<speak\b[\s\S]*<\/speak>\s*$/.test(body)) {
    throw new InvalidRequest('MessageBody', 'An SSML MessageBody must be one <speak> element.');
  }
  const voiceId = optionalString(request, 'VoiceId');
  if (voiceId !== undefined && VOICE_LANGUAGES[voiceId] === undefined) throw new InvalidRequest('VoiceId', `VoiceId ${voiceId} is not one of the service's voices.`);
  const context = contextOf(request);
  const language = context?.['language'] ?? (textType === 'SSML' ? ssmlLanguage(body) : undefined) ?? (voiceId ? VOICE_LANGUAGES[voiceId] : undefined);
  return {
    channel: 'voice', to, from, body,
    voice: { textType, ...(voiceId ? { voiceId } : {}) },
    ...(language ? { language } : {}),
    ...(context ? { context } : {}),
  };
}

const OPERATIONS = {
  SendTextMessage: { channel: 'text', message: textMessage },
  SendVoiceMessage: { channel: 'voice', message: voiceMessage },
} as const;
type Operation = keyof typeof OPERATIONS;

function reply(response: ServerResponse, status: number, body: unknown, errorType?: string): void {
  const requestId = randomUUID();
  const payload = errorType === undefined ? body : { __type: `${NAMESPACE}#${errorType}`, ...(body as object) };
  response.writeHead(status, {
    'content-type': CONTENT_TYPE,
    'x-amzn-requestid': requestId,
    ...(errorType === undefined ? {} : { 'x-amzn-errortype': errorType }),
  });
  response.end(JSON.stringify(payload));
}

function replyError(response: ServerResponse, error: ServiceError): void {
  reply(response, error.status, error.body, error.type);
}

export async function startSmsVoice(outbox: Outbox, faults: ChannelFaults, port = 0): Promise<LocalSmsVoice> {
  const handle = (request: IncomingMessage, response: ServerResponse, raw: Buffer) => {
    const target = request.headers['x-amz-target'];
    const operation = typeof target === 'string' && target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : undefined;
    if (request.method !== 'POST' || (request.url ?? '/') !== '/' || operation === undefined) {
      replyError(response, { status: 400, type: 'UnknownOperationException', body: { message: 'The local End User Messaging SMS and Voice stand-in takes POST / with X-Amz-Target: PinpointSMSVoiceV2.SendTextMessage or .SendVoiceMessage.' } });
      return;
    }
    if (!(operation in OPERATIONS)) {
      replyError(response, { status: 400, type: 'UnknownOperationException', body: { message: `The local End User Messaging SMS and Voice stand-in offers SendTextMessage and SendVoiceMessage only, not ${operation}.` } });
      return;
    }
    const { channel, message } = OPERATIONS[operation as Operation];
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8') || '{}');
    } catch {
      replyError(response, { status: 400, type: 'SerializationException', body: { message: 'The request body is not JSON.' } });
      return;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      replyError(response, { status: 400, type: 'SerializationException', body: { message: 'The request body must be a JSON object.' } });
      return;
    }
    const input = parsed as Record<string, unknown>;
    let recorded: Recorded;
    try {
      recorded = message(input);
    } catch (error) {
      if (error instanceof InvalidRequest) {
        replyError(response, validationError(error));
        return;
      }
      throw error;
    }
    if (faults.takeFor(channel, sdkInvocationId(request.headers))) {
      replyError(response, {
        status: 500,
        type: 'InternalServerException',
        body: {
          Message: `Local ${operation} failed on purpose: the outbox's "fail the next sends" switch for ${channel} made it fail (${faults.state()[channel]} more to fail).`,
          RequestId: randomUUID(),
        },
      });
      return;
    }
    // DryRun checks the request and sends nothing, as the service does.
    if (input['DryRun'] === true) {
      reply(response, 200, { MessageId: randomUUID() });
      return;
    }
    reply(response, 200, { MessageId: outbox.record(recorded).id });
  };

  const server: Server = createServer((request, response) => {
    if (!isLoopbackRequest(request)) {
      replyError(response, { status: 403, type: 'AccessDeniedException', body: { Message: 'The local End User Messaging SMS and Voice stand-in answers this machine only, at localhost or 127.0.0.1.' } });
      request.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES && !refused) {
        refused = true;
        replyError(response, { status: 413, type: 'ValidationException', body: { Message: 'The request is larger than 1 MB.', Reason: 'MAXIMUM_SIZE_EXCEEDED' } });
      }
      if (!refused) chunks.push(chunk);
    });
    request.on('end', () => {
      if (refused) return;
      try {
        handle(request, response, Buffer.concat(chunks));
      } catch (error) {
        process.stderr.write(`[sms-voice] ${error instanceof Error ? error.stack : String(error)}\n`);
        if (!response.headersSent) replyError(response, { status: 500, type: 'InternalServerException', body: { Message: 'The local End User Messaging SMS and Voice stand-in failed; see its log.' } });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${bound}`,
    stop: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

/** The number local texts are sent from when the sender names none, and replies go to (fictional: Ofcom's drama range). */
export const LOCAL_SMS_NUMBER = '+441632960002';

/**
 * A reply to a text the outbox holds, from the phone it went to, as AWS delivers it: End User
 * Messaging SMS's two-way payload (`originationNumber`, `destinationNumber`, `messageKeyword`,
 * `messageBody`, `inboundMessageId`, `previousPublishedMessageId`) published to the replies'
 * SNS topic, in the event SNS invokes a function with.
 */
export function twoWaySmsEvent(message: Pick<OutboxMessage, 'id' | 'to' | 'from'>, body: string, now = new Date()): SNSEvent {
  const topicArn = 'arn:aws:sns:eu-west-1:000000000000:local-sms-replies';
  const payload = {
    originationNumber: message.to,
    destinationNumber: message.from ?? LOCAL_SMS_NUMBER,
    messageKeyword: 'KEYWORD_000000000000',
    messageBody: body,
    inboundMessageId: randomUUID(),
    previousPublishedMessageId: message.id,
  };
  return {
    Records: [{
      EventSource: 'aws:sns',
      EventVersion: '1.0',
      EventSubscriptionArn: `${topicArn}:${randomUUID()}`,
      Sns: {
        Type: 'Notification', MessageId: randomUUID(), TopicArn: topicArn, Subject: '', Message: JSON.stringify(payload), Timestamp: now.toISOString(),
        SignatureVersion: '1', Signature: '', SigningCertUrl: '', UnsubscribeUrl: '', MessageAttributes: {},
      },
    }],
  };
}
