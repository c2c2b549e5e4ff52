import { DELIVERY_PROVIDER_NAMES, type DeliveryProvider } from '@domain/notifications/channels';

/**
 * The outbox's fault switch: "fail the next N sends" of a channel, so a person can watch the
 * notification retries and the dead-letter store at work locally. One instance per stack,
 * shared by the channels' stand-ins (local/sms-voice.ts for texts and voice calls, the SES
 * emulator's wrapper in local/ses.ts for emails) and by the outbox page that flips it. A push
 * sender consults it with `faults.check('push')` (or `take`) before it records its message.
 * One switch per provider of the channels' catalogue (domain/notifications/channels.ts).
 */
export const FAULT_CHANNELS = DELIVERY_PROVIDER_NAMES;
export type FaultChannel = DeliveryProvider;
export type ChannelFaultState = Record<FaultChannel, number>;

/** The most failures one switch holds: enough to exhaust any retry policy, small enough to be a typo's ceiling. */
export const MAX_FAULTS = 1000;

/** How many SDK invocations a failed send is remembered by (so its own retries fail too). */
const REMEMBERED_SENDS = 1000;

export function isFaultChannel(value: unknown): value is FaultChannel {
  return typeof value === 'string' && (FAULT_CHANNELS as readonly string[]).includes(value);
}

/** What a send made to fail by the switch throws (or its stand-in answers). */
export class ChannelFaultError extends Error {
  constructor(readonly channel: FaultChannel, readonly remaining: number) {
    super(`This ${channel} send failed on purpose: the outbox's "fail the next sends" switch made it fail (${remaining} more to fail).`);
    this.name = 'ChannelFaultError';
  }
}

export class ChannelFaults {
  private readonly remaining = Object.fromEntries(FAULT_CHANNELS.map((channel) => [channel, 0])) as ChannelFaultState;
  /** Sends (SDK invocation ids) the switch failed, with their channel: their retries fail too. */
  private readonly failedSends = new Map<string, FaultChannel>();

  /** Makes the next `count` sends of `channel` fail (0 clears the switch). */
  failNext(channel: FaultChannel, count: number): void {
    if (!isFaultChannel(channel)) throw new Error(`No such channel: ${String(channel)} (one of ${FAULT_CHANNELS.join(', ')}).`);
    if (!Number.isInteger(count) || count < 0 || count > MAX_FAULTS) {
      throw new Error(`The number of sends to fail must be a whole number from 0 to ${MAX_FAULTS}, not ${count}.`);
    }
    this.remaining[channel] = count;
  }

  /** Whether this send must fail: true takes one off the channel's count. */
  take(channel: FaultChannel): boolean {
    if (this.remaining[channel] <= 0) return false;
    this.remaining[channel] -= 1;
    return true;
  }

  /**
   * `take`, for a send identified by its SDK invocation (`amz-sdk-invocation-id`, the same on
   * each of the SDK's own retries of one send): a send the switch failed fails on each retry
   * too, without taking another, so "the next N sends" are N of the product's sends (each one
   * the product's retry policy sees fail), not N HTTP attempts. Without an id, as `take`.
   */
  takeFor(channel: FaultChannel, sendId: string | undefined): boolean {
    if (sendId === undefined || sendId === '') return this.take(channel);
    if (this.failedSends.get(sendId) === channel) return true;
    if (!this.take(channel)) return false;
    this.failedSends.set(sendId, channel);
    if (this.failedSends.size > REMEMBERED_SENDS) {
      const oldest = this.failedSends.keys().next().value;
      if (oldest !== undefined) this.failedSends.delete(oldest);
    }
    return true;
  }

  /** Throws `ChannelFaultError` when this send must fail (for an in-process sender, such as push). */
  check(channel: FaultChannel, sendId?: string): void {
    if (this.takeFor(channel, sendId)) throw new ChannelFaultError(channel, this.remaining[channel]);
  }

  /** How many sends of each channel are still to fail. */
  state(): ChannelFaultState {
    return { ...this.remaining };
  }
}

/** The SDK's id of one send (the same on each of its retries), from a request's headers. */
export function sdkInvocationId(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers['amz-sdk-invocation-id'];
  return typeof value === 'string' ? value : undefined;
}
