import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  admitReply, giveBackCodes, isReplyLocked, NO_REPLY_GUARD, REPLY_LOCK_MS, replyGuardExpiry, WRONG_REPLY_CODE_LIMIT, WRONG_REPLY_CODE_WINDOW_MS, type ReplyGuardState,
} from './reply-guard';

const T0 = Date.parse('2026-11-26T09:00:00.000Z');
const MINUTE = 60_000;

/** The state after `replies`, each naming `codes` codes that were all wrong, one a minute from T0. */
function wrongReplies(replies: number, codes: number, from: ReplyGuardState = NO_REPLY_GUARD): ReplyGuardState {
  let state = from;
  for (let index = 0; index < replies; index += 1) state = admitReply(state, codes, T0 + index * MINUTE).state;
  return state;
}

describe('the guard on SMS reply codes', () => {
  it('reads up to five wrong codes an hour from a number; the sixth locks it for an hour', () => {
    // Act
    const fiveWrong = wrongReplies(5, 1);
    const sixth = admitReply(fiveWrong, 1, T0 + 5 * MINUTE);
    // Assess
    expect(WRONG_REPLY_CODE_LIMIT).toBe(5);
    expect(fiveWrong.triedAt).toHaveLength(5);
    expect(isReplyLocked(fiveWrong, T0 + 5 * MINUTE)).toBe(false);
    expect(sixth).toMatchObject({ verdict: 'lockedNow', admitted: 0 });
    expect(sixth.state).toMatchObject({ lockedAt: T0 + 5 * MINUTE, lockedUntil: T0 + 5 * MINUTE + REPLY_LOCK_MS, ignoredReplies: 1 });
    expect(REPLY_LOCK_MS).toBe(60 * MINUTE);
  });

  it('counts each code of a reply: two replies of three codes lock the number on the sixth, the first five read', () => {
    // Act
    const first = admitReply(NO_REPLY_GUARD, 3, T0);
    const second = admitReply(first.state, 3, T0 + 1);
    // Assess
    expect([first.verdict, first.admitted]).toEqual(['open', 3]);
    expect([second.verdict, second.admitted]).toEqual(['lockedNow', 2]);
    expect(second.state.triedAt).toHaveLength(WRONG_REPLY_CODE_LIMIT);
  });

  it('reads nothing from a locked number, counts its replies, and keeps it locked an hour after its last one', () => {
    // Prepare
    const locked = admitReply(wrongReplies(5, 1), 1, T0 + 5 * MINUTE).state;
    // Act: a reply 50 minutes into the lock (even one with no code), then one 59 minutes after that.
    const during = admitReply(locked, 0, T0 + 55 * MINUTE);
    const later = admitReply(during.state, 1, T0 + 114 * MINUTE);
    // Assess
    expect([during.verdict, during.admitted]).toEqual(['locked', 0]);
    expect(during.state).toMatchObject({ lockedAt: T0 + 5 * MINUTE, lockedUntil: T0 + 115 * MINUTE, ignoredReplies: 2, lastIgnoredAt: T0 + 55 * MINUTE });
    expect([later.verdict, later.admitted]).toEqual(['locked', 0]);
    expect(later.state).toMatchObject({ lockedUntil: T0 + 174 * MINUTE, ignoredReplies: 3 });
  });

  it('reads a number again once its lock is over, with its count started afresh', () => {
    // Prepare
    const locked = admitReply(wrongReplies(5, 1), 1, T0 + 5 * MINUTE).state;
    // Act
    const after = admitReply(locked, 1, T0 + 5 * MINUTE + REPLY_LOCK_MS);
    // Assess
    expect([after.verdict, after.admitted]).toEqual(['open', 1]);
    expect(after.state).toEqual({ triedAt: [T0 + 5 * MINUTE + REPLY_LOCK_MS], ignoredReplies: 0 });
  });

  it('forgets a wrong code an hour after it (sliding window)', () => {
    // Prepare: five wrong codes a minute apart.
    const fiveWrong = wrongReplies(5, 1);
    // Act: a code just before the first is an hour old, then just after.
    const early = admitReply(fiveWrong, 1, T0 + WRONG_REPLY_CODE_WINDOW_MS - 1);
    const onTime = admitReply(fiveWrong, 1, T0 + WRONG_REPLY_CODE_WINDOW_MS + 1);
    // Assess
    expect(early.verdict).toBe('lockedNow');
    expect([onTime.verdict, onTime.admitted]).toEqual(['open', 1]);
    expect(onTime.state.triedAt).toHaveLength(5);
  });

  it('does not count the codes given back (right ones), so a recipient who replies right is never locked', () => {
    // Act: twenty replies with one right code each, given back as a right code is.
    let state = NO_REPLY_GUARD;
    for (let index = 0; index < 20; index += 1) {
      const at = T0 + index;
      const admission = admitReply(state, 1, at);
      expect(admission.verdict).toBe('open');
      state = giveBackCodes(admission.state, at, 1);
    }
    // Assess
    expect(state.triedAt).toEqual([]);
  });

  it('gives back only the codes of the reply named, never more than it counted', () => {
    // Prepare
    const state: ReplyGuardState = { triedAt: [T0, T0 + 1, T0 + 1], ignoredReplies: 0 };
    // Act / Assess
    expect(giveBackCodes(state, T0 + 1, 1).triedAt).toEqual([T0, T0 + 1]);
    expect(giveBackCodes(state, T0 + 1, 5).triedAt).toEqual([T0]);
    expect(giveBackCodes(state, T0 + 2, 1).triedAt).toEqual(state.triedAt);
  });

  it('lets no sequence of replies read more than five wrong codes within an hour (property)', () => {
    const reply = fc.record({ gapMs: fc.integer({ min: 0, max: 20 * MINUTE }), codes: fc.integer({ min: 0, max: 3 }) });
    fc.assert(fc.property(fc.array(reply, { maxLength: 60 }), (replies) => {
      let state = NO_REPLY_GUARD;
      let now = T0;
      const read: number[] = [];
      for (const { gapMs, codes } of replies) {
        now += gapMs;
        const admission = admitReply(state, codes, now);
        if (admission.verdict === 'locked') expect(admission.admitted).toBe(0);
        read.push(...Array.from({ length: admission.admitted }, () => now));
        state = admission.state;
      }
      return read.every((at) => read.filter((other) => other > at - WRONG_REPLY_CODE_WINDOW_MS && other <= at).length <= WRONG_REPLY_CODE_LIMIT);
    }));
  });

  it('keeps the state as long as its lock or its window lasts', () => {
    // Prepare
    const locked = admitReply(wrongReplies(5, 1), 1, T0 + 5 * MINUTE).state;
    // Act / Assess
    expect(replyGuardExpiry(wrongReplies(2, 1))).toBe(T0 + MINUTE + WRONG_REPLY_CODE_WINDOW_MS);
    expect(replyGuardExpiry(locked)).toBe(T0 + 5 * MINUTE + REPLY_LOCK_MS);
    expect(replyGuardExpiry(NO_REPLY_GUARD)).toBe(0);
  });
});
