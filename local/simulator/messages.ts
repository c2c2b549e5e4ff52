import type { ChannelKey } from './spec';

/**
 * What the simulated devices publish: the messages' shapes, apart from the engine (simulation.ts)
 * and the batching (batching.ts), which both use them.
 */

/** The most readings one message may carry (domain/telemetry/telemetry.ts `readingsMessageSchema`). */
export const MAX_BATCH_READINGS = 500;

/** One reading as a device publishes it (domain/telemetry/telemetry.ts `deviceReadingSchema`). */
export interface ReadingPayload {
  deviceId?: string;
  time: string;
  channels: Partial<Record<ChannelKey, number | null>>;
  battery: number;
  signal: number;
  snr: number;
}

export interface ReadingsBatchPayload {
  readings: ReadingPayload[];
  sentAt: string;
}

/** A gateway's heartbeat (domain/telemetry/telemetry.ts `gatewayStatusSchema`). */
export interface GatewayStatusPayload {
  time: string;
  signal: number;
  firmware: string;
  uptimeSeconds: number;
}

/** A command's outcome (domain/devices/device-commands.ts `commandAcknowledgementSchema`). */
export interface AcknowledgementPayload {
  commandId: string;
  status: 'executed' | 'failed';
  response: string | Record<string, unknown>;
  executedAt: string;
  targetDeviceId?: string;
}

export type SimulatedMessage =
  | { publisherId: string; kind: 'readings'; at: number; payload: ReadingPayload | ReadingsBatchPayload }
  | { publisherId: string; kind: 'status'; at: number; payload: GatewayStatusPayload }
  | { publisherId: string; kind: 'commands/ack'; at: number; payload: AcknowledgementPayload };
