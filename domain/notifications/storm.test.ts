import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NotificationChannel } from './notification-group';
import { moreAlarmsBySite, stormSends, STORM_WINDOW_MINUTES, type PendingMessage } from './storm';

const MINUTE = 60_000;
const WINDOW = STORM_WINDOW_MINUTES * MINUTE;
const T = Date.UTC(2026, 10, 27, 8, 0);

const message = (key: string, overrides: Partial<PendingMessage> = {}): PendingMessage => ({
  key, accountId: 'admin', channel: 'text', dueAt: T, alarmId: key, siteId: 'main-kitchen', ...overrides,
});

describe('the storm rule', () => {
  it('sends one message per user and channel with the others grouped in it', () => {
    const pending = [message('a'), message('b', { dueAt: T - MINUTE }), message('c'), message('d', { channel: 'email' })];
    const { sends } = stormSends(pending, () => undefined, T);
    expect(sends.map((send) => [send.message.key, send.grouped.map((grouped) => grouped.key)])).toEqual([['b', ['a', 'c']], ['d', []]]);
  });

  it('holds a user\'s messages on a channel until a window after the last one, and says when', () => {
    const lastSent = (_account: string, channel: NotificationChannel) => (channel === 'text' ? T - MINUTE : undefined);
    const { sends, nextAt } = stormSends([message('a'), message('d', { channel: 'email' })], lastSent, T);
    expect(sends.map((send) => send.message.key)).toEqual(['d']);
    expect(nextAt).toBe(T - MINUTE + WINDOW);
  });

  it('leaves what is not due yet', () => {
    expect(stormSends([message('a', { dueAt: T + MINUTE })], () => undefined, T)).toEqual({ sends: [] });
  });

  it('counts the grouped alarms by site, each alarm once', () => {
    const grouped = [message('a'), message('b', { alarmId: 'a' }), message('c', { siteId: 'bakery' })];
    expect(moreAlarmsBySite(grouped)).toEqual(new Map([['main-kitchen', 1], ['bakery', 1]]));
  });

  it('for any storm: at most one message per user and channel per window, every message sent exactly once (property)', () => {
    const arbitraryMessage = fc.record({
      accountId: fc.constantFrom('admin', 'user'),
      channel: fc.constantFrom<NotificationChannel>('email', 'text', 'push'),
      dueMinute: fc.integer({ min: 0, max: 30 }),
      siteId: fc.constantFrom('main-kitchen', 'bakery'),
    });
    fc.assert(fc.property(fc.array(arbitraryMessage, { maxLength: 60 }), (drawn) => {
      let pending = drawn.map((entry, index) => message(`m${index}`, { accountId: entry.accountId, channel: entry.channel, siteId: entry.siteId, dueAt: T + entry.dueMinute * MINUTE }));
      const lastSent = new Map<string, number>();
      const sentAt = new Map<string, number[]>();
      const delivered: string[] = [];
      // The clock's ticks, a minute apart, until nothing is left (a window past the last due).
      for (let now = T; now <= T + 30 * MINUTE + 2 * WINDOW; now += MINUTE) {
        const { sends } = stormSends(pending, (account, channel) => lastSent.get(`${account}#${channel}`), now);
        for (const send of sends) {
          const recipient = `${send.message.accountId}#${send.message.channel}`;
          lastSent.set(recipient, now);
          sentAt.set(recipient, [...(sentAt.get(recipient) ?? []), now]);
          delivered.push(send.message.key, ...send.grouped.map((grouped) => grouped.key));
          expect(send.grouped.every((grouped) => `${grouped.accountId}#${grouped.channel}` === recipient)).toBe(true);
        }
        const gone = new Set(sends.flatMap((send) => [send.message.key, ...send.grouped.map((grouped) => grouped.key)]));
        pending = pending.filter((entry) => !gone.has(entry.key));
      }
      expect(pending).toEqual([]);
      expect([...delivered].sort()).toEqual(drawn.map((_entry, index) => `m${index}`).sort());
      for (const times of sentAt.values()) {
        times.slice(1).forEach((time, index) => expect(time - (times[index] ?? 0)).toBeGreaterThanOrEqual(WINDOW));
      }
    }), { numRuns: 200 });
  });
});
