import type { SNSEvent } from 'aws-lambda';
import { REPLY_BODY_MAX } from '@domain/notifications/reply-codes';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { invocationLogger, observedHandler } from '../shared/observability';
import { acknowledgeByText, type InboundText, type TextReplyOutcome } from './sms-acknowledge';

/**
 * Texts received on the portal's number on AWS (lib/sms-replies.ts): End User Messaging SMS's
 * two-way channel publishes each to an SNS topic as JSON (`originationNumber`,
 * `destinationNumber`, `messageKeyword`, `messageBody`, `inboundMessageId`,
 * `previousPublishedMessageId`); each is handed to acknowledgeByText. A message that is not
 * such JSON is logged (its size only: a reply is a person's words) and dropped: SNS trying it
 * again would not make it readable.
 */

/** The size of an SNS message read; a two-way SMS payload is far smaller. */
const MAX_MESSAGE_LENGTH = 16 * 1024;

const text = (value: unknown, max: number): string | undefined => (typeof value === 'string' ? value.slice(0, max) : undefined);

/** The inbound text an SNS message carries, or undefined when it is not End User Messaging's two-way payload. */
export function inboundTextOf(message: string): InboundText | undefined {
  if (message.length > MAX_MESSAGE_LENGTH) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const payload = parsed as Record<string, unknown>;
  const originationNumber = text(payload['originationNumber'], 40);
  const messageBody = text(payload['messageBody'], REPLY_BODY_MAX);
  if (originationNumber === undefined || messageBody === undefined) return undefined;
  const inboundMessageId = text(payload['inboundMessageId'], 100);
  return { originationNumber, messageBody, ...(inboundMessageId === undefined ? {} : { inboundMessageId }) };
}

/** Each record's text to `acknowledge`, in order; the outcomes, undefined for a record that carried none. */
export async function handleTextReplies(event: SNSEvent, acknowledge: (inbound: InboundText) => Promise<TextReplyOutcome>): Promise<(TextReplyOutcome | undefined)[]> {
  const outcomes: (TextReplyOutcome | undefined)[] = [];
  for (const record of event.Records) {
    const inbound = inboundTextOf(record.Sns.Message);
    outcomes.push(inbound === undefined ? undefined : await acknowledge(inbound));
  }
  return outcomes;
}

export const handler = observedHandler('smsReply', async (event: SNSEvent, context): Promise<void> => {
  const logger = invocationLogger(context, { handler: 'smsReply' });
  const deps = { client: dynamoDocumentClient(), tableName: backendConfig().tableName };
  const outcomes = await handleTextReplies(event, (inbound) => acknowledgeByText(deps, inbound));
  outcomes.forEach((outcome, index) => {
    const record = event.Records[index];
    if (outcome === undefined) logger.warn('sms reply: not a two-way SMS payload', { messageId: record?.Sns.MessageId, size: record?.Sns.Message.length });
    else logger.info('sms reply', { messageId: record?.Sns.MessageId, outcome });
  });
});
