import type { CabinetSpec, DoorSpec, FryerSpec, RoomSpec } from './environment';

/**
 * What a simulation is made of: the environment (rooms, doors, cabinets, fryers) and the
 * devices that measure it (sensors) and relay them (gateways), with the faults each one
 * shows. Plain data, so the demo fleet, a synthetic fleet and a test's fleet are all just
 * values of `FleetSpec`.
 */

export type ChannelKey = '1' | '2' | '3' | '4';

/** What a channel measures. */
export type ChannelSource =
  | { cabinet: string; read: 'air' | 'product' | 'humidity'; offset?: number }
  | { door: string }
  | { room: string }
  | { fryer: string; read: 'polarMaterial' | 'oilTemperature' };

/**
 * A fault that comes back: active for `forMinutes` every `everyHours`, starting
 * `offsetHours` after the fleet's origin (windows are anchored there, so a restart of the
 * simulator does not move them).
 */
export interface RecurringWindow {
  everyHours: number;
  forMinutes: number;
  offsetHours: number;
}

export interface SimulatedChannel {
  source: ChannelSource;
  /** A probe drifting away from the truth: this many units per hour since the origin, up to `max` (signed). */
  drift?: { perHour: number; max: number };
  /** The probe is unplugged (the channel reports null) during these windows. */
  unplugged?: RecurringWindow;
}

export interface SimulatedSensorSpec {
  /** The device id, normalised (upper case). */
  id: string;
  /** The catalogue model code (domain/devices/device-catalogue.ts). */
  model: string;
  /** The gateway that relays it by radio; none for a sensor on Wi-Fi, which publishes for itself. */
  gatewayId?: string;
  reportSeconds: number;
  channels: Partial<Record<ChannelKey, SimulatedChannel>>;
  /** Battery percent at the origin, falling `drainPerHour`, never below `floor`. */
  battery: { start: number; drainPerHour: number; floor: number };
  /** Typical received signal strength, dBm. */
  rssi: number;
  /** The sensor falls silent (sends nothing at all) during these windows. */
  silent?: RecurringWindow;
  /** Store and forward (a Wi-Fi sensor only): it keeps its readings and uploads them together; without it each reading is sent as taken. */
  upload?: SensorUploadSpec;
}

/**
 * A Wi-Fi sensor that stores and forwards, as battery Wi-Fi cold-chain sensors do (a
 * heartbeat and an "aware" state): it keeps its readings and publishes them as one batch of
 * its own readings every `everySeconds`, and at once, with everything it holds, when a
 * reading is outside one of its `alertBands` (its own thresholds, set on the device: the
 * simulator does not know the portal's alarm settings) or a banded channel reads nothing (a
 * probe unplugged). Also at once when it holds the 500 readings a message may carry.
 */
export interface SensorUploadSpec {
  everySeconds: number;
  /** Per channel, the band outside which a reading is sent at once (bounds inclusive: a reading on a bound waits). */
  alertBands?: Partial<Record<ChannelKey, { low: number; high: number }>>;
}

export interface SimulatedGatewaySpec {
  /** The gateway's id: its EUI, upper case. */
  id: string;
  model: string;
  firmware: string;
  /** Status heartbeats every this many seconds (5 minutes by default). */
  heartbeatSeconds: number;
  /** Its backhaul's signal strength, dBm. */
  rssi: number;
  /** The backhaul is down during these windows: readings are buffered and sent late, in one batch. */
  outage?: RecurringWindow;
}

export interface FleetSpec {
  rooms: RoomSpec[];
  doors: DoorSpec[];
  cabinets: CabinetSpec[];
  fryers: FryerSpec[];
  gateways: SimulatedGatewaySpec[];
  sensors: SimulatedSensorSpec[];
}

const HOUR_MS = 3_600_000;

/** Whether `at` is inside one of the window's occurrences. */
export function inWindow(window: RecurringWindow | undefined, origin: number, at: number): boolean {
  if (!window) return false;
  const period = window.everyHours * HOUR_MS;
  const phase = (((at - origin - window.offsetHours * HOUR_MS) % period) + period) % period;
  return phase < window.forMinutes * 60_000;
}

/** The first start or end of an occurrence strictly after `after`. */
export function nextWindowEdge(window: RecurringWindow, origin: number, after: number): number {
  const period = window.everyHours * HOUR_MS;
  const length = window.forMinutes * 60_000;
  const first = origin + window.offsetHours * HOUR_MS;
  const cycle = Math.floor((after - first) / period);
  for (let index = cycle; index <= cycle + 1; index += 1) {
    const start = first + index * period;
    if (start > after) return start;
    if (start + length > after) return start + length;
  }
  return first + (cycle + 2) * period;
}
