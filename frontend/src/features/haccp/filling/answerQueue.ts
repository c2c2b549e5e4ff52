import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import { ApiError } from '../../../api/ApiError';
import { putAnswer, submitInstance, type AnswerBody } from '../../../api/haccp';

/**
 * The answers of HACCP checklists on their way to the API (issue 15 section 2, offline): each
 * is kept in IndexedDB first, then sent, in the order given, when the browser is online; it
 * leaves the store once the API has it. A kitchen's Wi-Fi drops mid-checklist: nothing typed
 * is lost, and a reload or a closed tab does not lose it either. Each entry carries its own
 * idempotency key, so an answer whose response was lost and is sent again is stored once.
 */

export interface QueuedAnswer {
  kind: 'answer';
  instanceId: string;
  questionId: string;
  body: AnswerBody;
}

export interface QueuedSubmission {
  kind: 'submit';
  instanceId: string;
  body: { idempotencyKey: string };
}

export type QueuedItem = (QueuedAnswer | QueuedSubmission) & {
  /** Whose answer it is: sent only while that account is signed in (a kitchen's tablet is shared). */
  owner: string;
  /** Position in the queue: sent in this order. */
  sequence: number;
  /** The API's refusal (an answer it will never take as it is): kept to show, not sent again. */
  rejection?: { message: string; code?: string | undefined } | undefined;
};

export type NewQueuedItem = QueuedAnswer | QueuedSubmission;

/** How often a queue left waiting after a failed send is tried again (besides the online event). */
export const RETRY_INTERVAL_MS = 15_000;

let store: UseStore | undefined;
// Opened on first use: the module is imported by pages that may never queue anything.
const queueStore = (): UseStore => (store ??= createStore('coldchain-haccp', 'answer-queue'));

/** What the pages read; replaced (never mutated) on every change so React sees it change. */
let snapshot: readonly QueuedItem[] = [];
let loaded: Promise<void> | undefined;
const listeners = new Set<() => void>();
let sequence = Date.now();
/** The entry being sent: a newer answer to the same question waits for it rather than replacing it. */
let inFlight: string | undefined;
let flushing: Promise<void> | undefined;
let rerun = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
/** The signed-in account: answers are kept and sent as theirs. */
let owner: string | undefined;

const keyOf = (item: NewQueuedItem) => item.body.idempotencyKey;

function publish(items: readonly QueuedItem[]): void {
  snapshot = [...items].sort((left, right) => left.sequence - right.sequence);
  for (const listener of listeners) listener();
}

async function readStore(): Promise<QueuedItem[]> {
  const stored = await entries<string, QueuedItem>(queueStore());
  return stored.map(([, item]) => item);
}

/** Reads what an earlier visit left in the store (once). */
export function loadQueue(): Promise<void> {
  loaded ??= readStore().then((items) => {
    sequence = Math.max(sequence, ...items.map((item) => item.sequence + 1));
    publish(items);
  });
  return loaded;
}

export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function queueSnapshot(): readonly QueuedItem[] {
  return snapshot;
}

/** The signed-in account's entries (another's wait for them to sign in again). */
export function ownEntries(items: readonly QueuedItem[], account: string | undefined): QueuedItem[] {
  return items.filter((item) => item.owner === account);
}

/** The entries still to send (refused ones are not: they wait for a new answer). */
export function waitingCount(items: readonly QueuedItem[]): number {
  return items.filter((item) => item.rejection === undefined).length;
}

/**
 * Keeps an answer or a submission on the device and starts sending. A newer answer to the same
 * question replaces an older one still waiting: the API would keep the newer anyway.
 */
export async function enqueue(item: NewQueuedItem): Promise<void> {
  if (owner === undefined) throw new Error('No signed-in account to keep the answer for');
  await loadQueue();
  const entry: QueuedItem = { ...item, owner, sequence: sequence++ };
  await set(keyOf(item), entry, queueStore());
  // A new submission replaces one held back earlier (its refusal no longer stands once answered again).
  const replaced = item.kind === 'answer'
    ? snapshot.filter((queued) => queued.kind === 'answer' && queued.owner === owner && queued.instanceId === item.instanceId && queued.questionId === item.questionId && keyOf(queued) !== inFlight)
    : snapshot.filter((queued) => queued.kind === 'submit' && queued.owner === owner && queued.instanceId === item.instanceId && queued.rejection !== undefined);
  for (const old of replaced) await del(keyOf(old), queueStore());
  publish([...snapshot.filter((queued) => !replaced.includes(queued)), entry]);
  void flushQueue();
}

async function send(item: QueuedItem): Promise<void> {
  if (item.kind === 'answer') await putAnswer(item.instanceId, item.questionId, item.body);
  else await submitInstance(item.instanceId, item.body);
}

/** A refusal the same request will always get (a rule, a missing instance), not a connection or server failure. */
function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403 && error.status !== 408 && error.status !== 429;
}

function scheduleRetry(): void {
  if (retryTimer !== undefined) return;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void flushQueue();
  }, RETRY_INTERVAL_MS);
}

/** Listeners told when an entry reached the API (the pages refresh what they show). */
const sentListeners = new Set<(item: QueuedItem) => void>();
export function onSent(listener: (item: QueuedItem) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

async function drain(): Promise<void> {
  await loadQueue();
  for (;;) {
    const next = snapshot.find((item) => item.rejection === undefined && item.owner === owner);
    if (next === undefined) return;
    if (typeof navigator !== 'undefined' && !navigator.onLine) {
      scheduleRetry();
      return;
    }
    // A submission goes only after every answer before it reached the API: one of its
    // instance's answers refused holds it back with that refusal (submitted, the checklist
    // could no longer take the corrected answer). A new submission replaces it.
    const refusedAnswer = next.kind === 'submit'
      ? snapshot.find((item) => item.kind === 'answer' && item.owner === owner && item.instanceId === next.instanceId && item.rejection !== undefined)
      : undefined;
    if (refusedAnswer?.rejection !== undefined) {
      const held: QueuedItem = { ...next, rejection: refusedAnswer.rejection };
      await set(keyOf(next), held, queueStore());
      publish(snapshot.map((item) => (item === next ? held : item)));
      continue;
    }
    inFlight = keyOf(next);
    try {
      await send(next);
    } catch (error) {
      if (isRefusal(error)) {
        const rejected: QueuedItem = { ...next, rejection: { message: error.message, code: error.code } };
        await set(keyOf(next), rejected, queueStore());
        publish(snapshot.map((item) => (item === next ? rejected : item)));
        continue;
      }
      // Offline, the server down, the session ended: everything stays, in order, for later.
      scheduleRetry();
      return;
    } finally {
      inFlight = undefined;
    }
    await del(keyOf(next), queueStore());
    publish(snapshot.filter((item) => keyOf(item) !== keyOf(next)));
    for (const listener of sentListeners) listener(next);
  }
}

/**
 * Sends what waits, oldest first, one at a time. Called again while it runs (the online event
 * and a new answer at once), it joins the run under way: an entry is never sent twice.
 */
export function flushQueue(): Promise<void> {
  if (flushing !== undefined) {
    // The run under way may already have stopped short (it found the browser offline just
    // before the online event): it goes round once more rather than starting a second sender.
    rerun = true;
    return flushing;
  }
  const run: Promise<void> = (async () => {
    do {
      rerun = false;
      await drain();
    } while (rerun);
  })().finally(() => {
    if (flushing === run) flushing = undefined;
  });
  flushing = run;
  return run;
}

/** Drops a refused entry (its question shows as not answered again). */
export async function discard(item: QueuedItem): Promise<void> {
  await del(keyOf(item), queueStore());
  publish(snapshot.filter((queued) => keyOf(queued) !== keyOf(item)));
}

let started = false;
/** Keeps and sends answers as `account`'s: the queue is sent when the connection returns and at once. */
export function startQueue(account: string): void {
  owner = account;
  if (!started && typeof window !== 'undefined') {
    started = true;
    window.addEventListener('online', () => void flushQueue());
  }
  void flushQueue();
}

/** For tests: forgets the module's state (the store itself is the test's to clear). */
export function resetQueueForTests(): void {
  snapshot = [];
  loaded = undefined;
  listeners.clear();
  sentListeners.clear();
  inFlight = undefined;
  flushing = undefined;
  rerun = false;
  if (retryTimer !== undefined) clearTimeout(retryTimer);
  retryTimer = undefined;
  store = undefined;
  started = false;
  owner = undefined;
}
