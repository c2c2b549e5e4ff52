import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERROR_CODE_HEADER } from '@domain/core/error-headers';
import { MESSAGES } from '@domain/core/messages';
import { endCompressed } from './compression';

/**
 * Admission of API requests to the local gateway's handlers (issue 32 section 2). The local
 * runtime serves every request in one process on a small machine: past what it can serve,
 * requests piled up without bound and connections timed out for everyone. Now at most
 * `maxInFlight` requests run at once, at most `maxQueued` more wait for a slot, and the rest
 * are refused at once (the gateway answers 503 with `Retry-After`). One client (the caller's
 * verified token subject) holds at most `maxPerClient` of the running and waiting slots
 * together, and the waiting ones are served a client at a time in turn, so a client flooding
 * the API cannot keep another's request from being served.
 */

export interface AdmissionLimits {
  /** Requests running in the handlers at once. */
  maxInFlight: number;
  /** Requests waiting for a slot, all clients together. */
  maxQueued: number;
  /** Running and waiting requests of one client together. */
  maxPerClient: number;
  /** The longest a request waits for a slot before it is refused after all. */
  maxWaitMs: number;
}

/**
 * Measured on 2 cores (`npm run bench`, test/bench/gateway-load.mts; docs/performance.md):
 * the handlers serve the most a second at 8 to 16 requests at once, and fewer beyond (more
 * only wait longer); 64 waiting are a quarter to three quarters of a second's work. A browser
 * sends at most 6 at once to one origin and the suites at most 8 (the fuzz test): far below.
 */
export const DEFAULT_ADMISSION_LIMITS: AdmissionLimits = {
  maxInFlight: 16,
  maxQueued: 64,
  maxPerClient: 32,
  maxWaitMs: 3_000,
};

/** Frees the slot a request held; called once its answer is written (further calls do nothing). */
export type Release = () => void;

interface Waiting {
  client: string;
  admit: (release: Release) => void;
  timer: NodeJS.Timeout;
}

/** Whether a request got a slot: run it, then `release()`; or it is refused (answer 503). */
export type Admitted = { admitted: true; release: Release } | { admitted: false };

export class Admission {
  private running = 0;
  private queued = 0;
  /** Running and waiting requests by client. */
  private readonly held = new Map<string, number>();
  /** Waiting requests by client, in arrival order; the map's order is the turn order. */
  private readonly waiting = new Map<string, Waiting[]>();

  constructor(readonly limits: AdmissionLimits = DEFAULT_ADMISSION_LIMITS) {}

  /** Requests running and waiting now (for tests and the bench). */
  get load(): { running: number; queued: number } {
    return { running: this.running, queued: this.queued };
  }

  /**
   * A slot for one request of `client`: at once when one is free, after waiting its turn
   * when the queue has room, or refused (at once when the queue or the client's share is
   * full, or after `maxWaitMs` without a slot). `abandoned` (the client went away) gives up
   * its place in the queue.
   */
  admit(client: string, abandoned?: AbortSignal): Promise<Admitted> {
    const { maxInFlight, maxQueued, maxPerClient, maxWaitMs } = this.limits;
    const holding = this.held.get(client) ?? 0;
    if (holding >= maxPerClient) return Promise.resolve({ admitted: false });
    if (this.running < maxInFlight && this.queued === 0) {
      this.hold(client);
      this.running += 1;
      return Promise.resolve({ admitted: true, release: this.releaserFor(client) });
    }
    if (this.queued >= maxQueued || abandoned?.aborted) return Promise.resolve({ admitted: false });
    return new Promise<Admitted>((resolveAdmitted) => {
      const leave = () => {
        if (!this.dequeue(entry)) return;
        this.unhold(client);
        resolveAdmitted({ admitted: false });
      };
      const entry: Waiting = {
        client,
        admit: (release) => {
          clearTimeout(entry.timer);
          abandoned?.removeEventListener('abort', leave);
          resolveAdmitted({ admitted: true, release });
        },
        timer: setTimeout(leave, maxWaitMs),
      };
      entry.timer.unref();
      abandoned?.addEventListener('abort', leave, { once: true });
      this.hold(client);
      this.queued += 1;
      const queue = this.waiting.get(client);
      if (queue === undefined) this.waiting.set(client, [entry]);
      else queue.push(entry);
    });
  }

  private hold(client: string): void {
    this.held.set(client, (this.held.get(client) ?? 0) + 1);
  }

  private unhold(client: string): void {
    const holding = (this.held.get(client) ?? 1) - 1;
    if (holding <= 0) this.held.delete(client);
    else this.held.set(client, holding);
  }

  /** Takes a waiting request out of the queue; false when it was no longer in it. */
  private dequeue(entry: Waiting): boolean {
    const queue = this.waiting.get(entry.client);
    const index = queue?.indexOf(entry) ?? -1;
    if (queue === undefined || index < 0) return false;
    queue.splice(index, 1);
    if (queue.length === 0) this.waiting.delete(entry.client);
    this.queued -= 1;
    clearTimeout(entry.timer);
    return true;
  }

  private releaserFor(client: string): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
      this.unhold(client);
      this.next();
    };
  }

  /** Gives a free slot to the first waiting request of the client whose turn it is, and moves that client to the back. */
  private next(): void {
    while (this.running < this.limits.maxInFlight) {
      const turn = this.waiting.entries().next();
      if (turn.done === true) return;
      const [client, queue] = turn.value;
      const entry = queue[0];
      if (entry === undefined) return;
      this.dequeue(entry);
      // Round robin: a client with more waiting goes behind every other client waiting.
      const rest = this.waiting.get(client);
      if (rest !== undefined) {
        this.waiting.delete(client);
        this.waiting.set(client, rest);
      }
      this.running += 1;
      entry.admit(this.releaserFor(client));
    }
  }
}

/** How long a client refused for load is asked to wait before trying again. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * Runs `work` (the request's handling) once `client` has a slot, and frees the slot when it
 * is done, even for a client that left meanwhile (its work still ran). Refused, the request is
 * answered 503 at once, with when to try again, rather than left waiting until the client
 * gives up; whatever body it sends is not read.
 */
export async function withAdmission(
  admission: Admission, client: string, request: IncomingMessage, response: ServerResponse, work: () => Promise<void>,
): Promise<void> {
  const gone = new AbortController();
  const onClose = () => gone.abort();
  response.once('close', onClose);
  const slot = await admission.admit(client, gone.signal);
  response.off('close', onClose);
  if (!slot.admitted) {
    if (!response.destroyed) {
      endCompressed(response, 503, {
        'content-type': 'application/json',
        'retry-after': String(BUSY_RETRY_AFTER_SECONDS),
        [ERROR_CODE_HEADER]: 'portalBusy',
      }, JSON.stringify({ message: MESSAGES.portalBusy }));
    }
    request.resume();
    return;
  }
  try {
    await work();
  } finally {
    slot.release();
  }
}
