import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isReplyCode, newReplyCode, phoneKeyOf, REPLY_BODY_MAX, replyCodesIn, REPLY_CODES_PER_MESSAGE, takesReplyCode } from './reply-codes';

describe('SMS reply codes', () => {
  it('are four digits, leading zeros kept, for any draw in [0, 1) (property)', () => {
    expect(newReplyCode(() => 0)).toBe('0000');
    expect(newReplyCode(() => 0.0421)).toBe('0421');
    expect(newReplyCode(() => 0.99999999)).toBe('9999');
    fc.assert(fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (draw) => isReplyCode(newReplyCode(() => draw))));
  });

  it('are asked for by an alarm or a reminder sent by text only', () => {
    expect(takesReplyCode({ kind: 'alarm', provider: 'text' })).toBe(true);
    expect(takesReplyCode({ kind: 'reminder', provider: 'text' })).toBe(true);
    expect(takesReplyCode({ kind: 'normal', provider: 'text' })).toBe(false);
    expect(takesReplyCode({ kind: 'alarm', provider: 'email' })).toBe(false);
    expect(takesReplyCode({ kind: 'alarm', provider: 'voice' })).toBe(false);
    expect(takesReplyCode({ kind: 'alarm' })).toBe(false);
  });

  it('are read from a reply as people write it', () => {
    expect(replyCodesIn('4821')).toEqual(['4821']);
    expect(replyCodesIn('  4821\n')).toEqual(['4821']);
    expect(replyCodesIn('OK 4821, on my way!')).toEqual(['4821']);
    expect(replyCodesIn('Reply 0042 to acknowledge.')).toEqual(['0042']);
    expect(replyCodesIn('4821 or 1234?')).toEqual(['4821', '1234']);
    expect(replyCodesIn('4821 4821')).toEqual(['4821']);
  });

  it('are not found in longer numbers, words, other scripts\' digits or nothing', () => {
    expect(replyCodesIn('')).toEqual([]);
    expect(replyCodesIn('yes')).toEqual([]);
    expect(replyCodesIn('48210')).toEqual([]);
    expect(replyCodesIn('482')).toEqual([]);
    expect(replyCodesIn('A4821 4821b')).toEqual([]);
    expect(replyCodesIn('٤٨٢١')).toEqual([]);
    expect(replyCodesIn('+44 7700 900123')).toEqual(['7700']);
  });

  it('read from a hostile reply are few and from its start only', () => {
    // Prepare: ten thousand codes, then a valid-looking one far beyond what a text holds.
    const flood = Array.from({ length: 10_000 }, (_, index) => String(index).padStart(4, '0')).join(' ');
    // Assess
    expect(replyCodesIn(flood)).toEqual(['0000', '0001', '0002'].slice(0, REPLY_CODES_PER_MESSAGE));
    expect(replyCodesIn(`${'x'.repeat(REPLY_BODY_MAX)} 4821`)).toEqual([]);
    expect(replyCodesIn('\u0000\u202e4821\u0007<script>')).toEqual(['4821']);
    fc.assert(fc.property(fc.string({ maxLength: 3_000 }), (body) => {
      const codes = replyCodesIn(body);
      return codes.length <= REPLY_CODES_PER_MESSAGE && codes.every(isReplyCode);
    }));
  });

  it('belong to phone numbers compared in E.164', () => {
    expect(phoneKeyOf('+447700900123')).toBe('+447700900123');
    expect(phoneKeyOf('+44 (0) 7700-900.123')).toBe('+4407700900123');
    expect(phoneKeyOf('+1 212 555 0101')).toBe('+12125550101');
    expect(phoneKeyOf('07700900123')).toBeUndefined();
    expect(phoneKeyOf('+0123456789')).toBeUndefined();
    expect(phoneKeyOf('')).toBeUndefined();
    expect(phoneKeyOf(`+44${'1'.repeat(100)}`)).toBeUndefined();
  });
});
