import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isReplyCode, newReplyCode, phoneKeyOf, REPLY_BODY_MAX, replyCodesIn, REPLY_CODES_PER_MESSAGE, takesReplyCode } from './reply-codes';

describe('SMS reply codes', () => {
  it('are six digits, leading zeros kept, for any draw in [0, 1) (property)', () => {
    expect(newReplyCode(() => 0)).toBe('000000');
    expect(newReplyCode(() => 0.0421)).toBe('042100');
    expect(newReplyCode(() => 0.99999999)).toBe('999999');
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
    expect(replyCodesIn('482193')).toEqual(['482193']);
    expect(replyCodesIn('  482193\n')).toEqual(['482193']);
    expect(replyCodesIn('OK 482193, on my way!')).toEqual(['482193']);
    expect(replyCodesIn('Reply 004217 to acknowledge.')).toEqual(['004217']);
    expect(replyCodesIn('482193 or 123456?')).toEqual(['482193', '123456']);
    expect(replyCodesIn('482193 482193')).toEqual(['482193']);
  });

  it('are not found in longer or shorter numbers, words, other scripts\' digits or nothing', () => {
    expect(replyCodesIn('')).toEqual([]);
    expect(replyCodesIn('yes')).toEqual([]);
    expect(replyCodesIn('4821930')).toEqual([]);
    expect(replyCodesIn('4821')).toEqual([]);
    expect(replyCodesIn('48219')).toEqual([]);
    expect(replyCodesIn('A482193 482193b')).toEqual([]);
    expect(replyCodesIn('٤٨٢١٩٣')).toEqual([]);
    expect(replyCodesIn('+44 7700 900123')).toEqual(['900123']);
  });

  it('read from a hostile reply are few and from its start only', () => {
    // Prepare: ten thousand codes, then a valid-looking one far beyond what a text holds.
    const flood = Array.from({ length: 10_000 }, (_, index) => String(index).padStart(6, '0')).join(' ');
    // Assess
    expect(replyCodesIn(flood)).toEqual(['000000', '000001', '000002'].slice(0, REPLY_CODES_PER_MESSAGE));
    expect(replyCodesIn(`${'x'.repeat(REPLY_BODY_MAX)} 482193`)).toEqual([]);
    expect(replyCodesIn('\u0000\u202e482193\u0007<script>')).toEqual(['482193']);
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
