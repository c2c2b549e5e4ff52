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
  subject?: string;
  body: string;
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

  list(): OutboxMessage[] {
    if (!existsSync(this.file)) return [];
    return readFileSync(this.file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as OutboxMessage);
  }
}
