import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Texts, pager, push and voice messages the product sends locally (emails are kept by the
 * SES emulator). One JSON line per message, persisted so a restart keeps them.
 */
export type OutboxChannel = 'sms' | 'pager' | 'push' | 'voice';

export interface OutboxMessage {
  id: string;
  at: string;
  channel: OutboxChannel;
  to: string;
  /** Who it is sent from: a voice call's origination identity (phone number, pool, sender id). */
  from?: string;
  subject?: string;
  body: string;
  /** The recipient's language (BCP 47), when the sender or the message tells it. */
  language?: string;
  /** What the sender passed along with the message (End User Messaging's `Context`: the alarm, the delivery key, `ivr`). */
  context?: Record<string, string>;
  /** A voice message's Amazon Polly voice and whether its body is plain text or SSML. */
  voice?: { voiceId?: string; textType: 'TEXT' | 'SSML' };
}

export class Outbox {
  constructor(private readonly file: string) {
    mkdirSync(dirname(file), { recursive: true });
  }

  record(message: Omit<OutboxMessage, 'id' | 'at'>): OutboxMessage {
    const stored: OutboxMessage = { id: crypto.randomUUID(), at: new Date().toISOString(), ...message };
    appendFileSync(this.file, `${JSON.stringify(stored)}\n`);
    return stored;
  }

  find(id: string): OutboxMessage | undefined {
    return this.list().find((message) => message.id === id);
  }

  list(): OutboxMessage[] {
    if (!existsSync(this.file)) return [];
    return readFileSync(this.file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as OutboxMessage);
  }
}
