/**
 * The guard on SMS reply codes (issue 32 item 1): a reply is known by its sender's number only,
 * and anyone who can send texts as that number can name codes, so a number may name at most
 * WRONG_REPLY_CODE_LIMIT wrong codes in any WRONG_REPLY_CODE_WINDOW_MS (sliding); the next code
 * it names locks it, and a locked number's replies are not read (counted only) until
 * REPLY_LOCK_MS has passed without a reply from it (sliding: a flood keeps it locked). With
 * 6-digit codes open 48 hours, that is at most a few hundred guesses of a million per code.
 *
 * A code is counted before it is looked up (an attempt is taken, then given back when the code
 * was one sent to the number), so replies arriving at once cannot try more codes than the limit
 * between them: the storage writes each new state on the state read (lambdas/data/entities/
 * sms-reply-guard.ts). The state is per number: one number's flood locks no other.
 */

export const WRONG_REPLY_CODE_LIMIT = 5;
export const WRONG_REPLY_CODE_WINDOW_MS = 60 * 60_000;
/** How long a locked number stays locked after its last reply. */
export const REPLY_LOCK_MS = 60 * 60_000;

/** A number's guard: the codes it named that were wrong (or are being looked up), and its lock. */
export interface ReplyGuardState {
  /** Epoch milliseconds of each code counted in the window, oldest first (at most WRONG_REPLY_CODE_LIMIT). */
  triedAt: number[];
  /** Epoch milliseconds: when the lock began (the number's latest lock). */
  lockedAt?: number;
  /** Epoch milliseconds: until when the number's replies are not read. */
  lockedUntil?: number;
  /** Replies received while locked, since the lock began (recorded, never read). */
  ignoredReplies: number;
  /** Epoch milliseconds of the latest of those. */
  lastIgnoredAt?: number;
}

export const NO_REPLY_GUARD: ReplyGuardState = { triedAt: [], ignoredReplies: 0 };

export const isReplyLocked = (state: ReplyGuardState, now: number): boolean => state.lockedUntil !== undefined && state.lockedUntil > now;

/**
 * What becomes of a reply naming `codes` codes: `locked` (already locked: none is read; the lock
 * slides on), `lockedNow` (this reply's codes pass the limit: the number is locked from now, and
 * the codes within the limit are read still), `open` (all are read). `admitted` codes, the
 * reply's first, may be looked up; each is counted in `state` until given back.
 */
export interface ReplyAdmission {
  verdict: 'open' | 'lockedNow' | 'locked';
  admitted: number;
  state: ReplyGuardState;
}

export function admitReply(state: ReplyGuardState, codes: number, now: number): ReplyAdmission {
  if (isReplyLocked(state, now)) {
    return {
      verdict: 'locked', admitted: 0,
      state: { ...state, lockedUntil: Math.max(state.lockedUntil ?? 0, now + REPLY_LOCK_MS), ignoredReplies: state.ignoredReplies + 1, lastIgnoredAt: now },
    };
  }
  const recent = state.triedAt.filter((at) => at > now - WRONG_REPLY_CODE_WINDOW_MS);
  // A lock that has run out is over: its counts go with it (its history stays in the audit trail).
  const unlocked: ReplyGuardState = { triedAt: recent, ignoredReplies: 0 };
  const wanted = Math.max(0, Math.floor(codes));
  const admitted = Math.min(wanted, WRONG_REPLY_CODE_LIMIT - recent.length);
  const triedAt = [...recent, ...Array.from({ length: admitted }, () => now)];
  if (admitted < wanted) {
    return { verdict: 'lockedNow', admitted, state: { triedAt, lockedAt: now, lockedUntil: now + REPLY_LOCK_MS, ignoredReplies: 1, lastIgnoredAt: now } };
  }
  return { verdict: 'open', admitted, state: { ...unlocked, triedAt } };
}

/**
 * Gives back `count` codes counted at `at` that were not wrong (a code sent to the number, or
 * one not looked up because an earlier one of the reply was right): they do not count.
 */
export function giveBackCodes(state: ReplyGuardState, at: number, count: number): ReplyGuardState {
  const triedAt = [...state.triedAt];
  for (let left = count; left > 0; left -= 1) {
    const index = triedAt.lastIndexOf(at);
    if (index === -1) break;
    triedAt.splice(index, 1);
  }
  return { ...state, triedAt };
}

/** When the state is of no more use (epoch milliseconds): its lock and its window both over. */
export function replyGuardExpiry(state: ReplyGuardState): number {
  return Math.max(state.lockedUntil ?? 0, ...state.triedAt.map((at) => at + WRONG_REPLY_CODE_WINDOW_MS));
}
