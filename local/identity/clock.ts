/**
 * The identity service's clock: real time plus an offset that tests move forward (through
 * `POST <identity endpoint>/_local/clock?advanceMs=<ms>`, and `?reset=1`) to see sessions,
 * codes and tokens expire without waiting. One per process: the hosted-UI stand-in in the
 * gateway reads the same clock as the identity service beside it.
 */
export class IdentityClock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  date(): Date {
    return new Date(this.now());
  }

  /** cognito-local's clock interface. */
  get(): Date {
    return this.date();
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}

export const identityClock = new IdentityClock();
