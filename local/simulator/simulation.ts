import { MAX_BATCH_READINGS, type AcknowledgementPayload, type ReadingPayload, type SimulatedMessage } from './messages';
import { answerCommand, simulatedCommandSchema, type SimulatedCommand } from './commands';
import { Cabinet, Door, Fryer, Room } from './environment';
import { streamFor, type Random } from './random';
import {
  inWindow,
  nextWindowEdge,
  type ChannelKey,
  type FleetSpec,
  type SimulatedChannel,
  type SensorUploadSpec,
  type SimulatedGatewaySpec,
  type SimulatedSensorSpec,
} from './spec';

/**
 * The simulation engine: a discrete-event simulation of a fleet, driven by a clock it is
 * given (real time, faster than real time, or a test's). Nothing here does I/O: it returns
 * the MQTT messages the devices would publish, each with the simulated time it is sent at,
 * and the caller (runner.ts) publishes them. Given the same fleet, seed and start, it
 * produces the same messages.
 */

export type { AcknowledgementPayload, GatewayStatusPayload, ReadingPayload, ReadingsBatchPayload, SimulatedMessage } from './messages';

export interface SimulationOptions {
  seed: number | string;
  /** Simulated time the simulation starts at, ms since the epoch. */
  start: number;
  /** Where slow trends and recurring faults are anchored (a battery's start, a drift's zero); `start` by default. */
  origin?: number;
  /** How long a device takes to carry out a command, simulated ms. */
  commandDelayMs?: number;
}

const HOUR_MS = 3_600_000;
const SENSOR_FIRMWARE = '1.8.2';
/** While a device cannot be reached, a held command is tried again this often. */
const COMMAND_RETRY_MS = 30_000;

interface ScheduledEvent { at: number; order: number; run: () => void }

/** A binary heap of events by time; equal times keep the order they were scheduled in. */
class EventQueue {
  private readonly heap: ScheduledEvent[] = [];
  private counter = 0;

  private at(index: number): ScheduledEvent {
    const event = this.heap[index];
    if (event === undefined) throw new Error(`no event at ${index}`);
    return event;
  }

  private swap(a: number, b: number): void {
    const first = this.at(a);
    this.heap[a] = this.at(b);
    this.heap[b] = first;
  }

  push(at: number, run: () => void): void {
    this.heap.push({ at, order: this.counter++, run });
    let index = this.heap.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!before(this.at(index), this.at(parent))) break;
      this.swap(index, parent);
      index = parent;
    }
  }

  peek(): ScheduledEvent | undefined { return this.heap[0]; }

  pop(): ScheduledEvent | undefined {
    const top = this.heap[0];
    const last = this.heap.pop();
    if (top === undefined || last === undefined || this.heap.length === 0) return top;
    this.heap[0] = last;
    let index = 0;
    for (;;) {
      const left = 2 * index + 1;
      const right = left + 1;
      let smallest = index;
      if (left < this.heap.length && before(this.at(left), this.at(smallest))) smallest = left;
      if (right < this.heap.length && before(this.at(right), this.at(smallest))) smallest = right;
      if (smallest === index) break;
      this.swap(index, smallest);
      index = smallest;
    }
    return top;
  }
}

/** Whether a store-and-forward sensor sends this reading at once: a banded channel outside its band, or reading nothing. */
function needsAttention(upload: SensorUploadSpec, reading: ReadingPayload): boolean {
  return Object.entries(upload.alertBands ?? {}).some(([key, band]) => {
    if (band === undefined) return false;
    const value = reading.channels[key as ChannelKey];
    return value === null || (value !== undefined && (value < band.low || value > band.high));
  });
}

const before = (a: ScheduledEvent, b: ScheduledEvent) => a.at < b.at || (a.at === b.at && a.order < b.order);

const round = (value: number, step: number) => Math.round(value / step) * step;
/** Rounded for JSON: 0.1 steps without 0.30000000000000004. */
const tidy = (value: number, decimals: number) => Number(value.toFixed(decimals));
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

interface SensorState {
  spec: SimulatedSensorSpec;
  random: Random;
  bootedAt: number;
  firmware: string;
  /** A store-and-forward sensor's readings not uploaded yet. */
  held: ReadingPayload[];
}

interface GatewayState {
  spec: SimulatedGatewaySpec;
  random: Random;
  bootedAt: number;
  firmware: string;
  /** Readings received while the backhaul was down, sent in one batch when it is back. */
  buffer: ReadingPayload[];
}

export class Simulation {
  private readonly queue = new EventQueue();
  private readonly output: SimulatedMessage[] = [];
  private readonly rooms = new Map<string, Room>();
  private readonly doors = new Map<string, Door>();
  private readonly cabinets = new Map<string, Cabinet>();
  private readonly fryers = new Map<string, Fryer>();
  private readonly sensors = new Map<string, SensorState>();
  private readonly gateways = new Map<string, GatewayState>();
  private readonly origin: number;
  private readonly commandDelayMs: number;
  private time: number;

  constructor(fleet: FleetSpec, private readonly options: SimulationOptions) {
    const { seed, start } = options;
    this.time = start;
    this.origin = options.origin ?? start;
    this.commandDelayMs = options.commandDelayMs ?? 2000;
    for (const room of fleet.rooms) this.rooms.set(room.id, new Room(room));
    for (const door of fleet.doors) this.doors.set(door.id, new Door(door, streamFor(seed, `door:${door.id}`), start));
    for (const cabinet of fleet.cabinets) {
      const door = cabinet.door === undefined ? undefined : this.doors.get(cabinet.door);
      if (cabinet.door !== undefined && door === undefined) throw new Error(`cabinet ${cabinet.id}: no door ${cabinet.door}`);
      this.cabinets.set(cabinet.id, new Cabinet(cabinet, this.room(cabinet.room), door, streamFor(seed, `cabinet:${cabinet.id}`), start));
    }
    for (const fryer of fleet.fryers) this.fryers.set(fryer.id, new Fryer(fryer, this.room(fryer.room)));
    for (const gateway of fleet.gateways) this.addGateway(gateway);
    for (const sensor of fleet.sensors) this.addSensor(sensor);
  }

  get now(): number { return this.time; }

  private room(id: string): Room {
    const room = this.rooms.get(id);
    if (!room) throw new Error(`no room ${id}`);
    return room;
  }

  private addGateway(spec: SimulatedGatewaySpec): void {
    const random = streamFor(this.options.seed, `gateway:${spec.id}`);
    const state: GatewayState = { spec, random, bootedAt: this.time - Math.round(random.between(2, 40) * HOUR_MS), firmware: spec.firmware, buffer: [] };
    this.gateways.set(spec.id, state);
    const heartbeatMs = spec.heartbeatSeconds * 1000;
    const heartbeat = (at: number) => {
      if (!this.gatewayOffline(state, at)) this.emitStatus(state, at);
      this.queue.push(at + heartbeatMs, () => heartbeat(at + heartbeatMs));
    };
    const first = this.time + Math.round(random.between(0, heartbeatMs));
    this.queue.push(first, () => heartbeat(first));
    if (spec.outage) {
      const outage = spec.outage;
      const edge = (at: number) => {
        // Back online: what was buffered goes now, in one batch, with the readings' own times.
        if (!this.gatewayOffline(state, at) && state.buffer.length > 0) this.emitBatch(state.spec.id, state.buffer.splice(0), at);
        const next = nextWindowEdge(outage, this.origin, at);
        this.queue.push(next, () => edge(next));
      };
      const next = nextWindowEdge(outage, this.origin, this.time);
      this.queue.push(next, () => edge(next));
    }
  }

  private addSensor(spec: SimulatedSensorSpec): void {
    if (spec.gatewayId !== undefined && !this.gateways.has(spec.gatewayId)) throw new Error(`sensor ${spec.id}: no gateway ${spec.gatewayId}`);
    const random = streamFor(this.options.seed, `sensor:${spec.id}`);
    const state: SensorState = { spec, random, bootedAt: this.time - Math.round(random.between(1, 200) * HOUR_MS), firmware: SENSOR_FIRMWARE, held: [] };
    this.sensors.set(spec.id, state);
    if (spec.upload) {
      if (spec.gatewayId !== undefined) throw new Error(`sensor ${spec.id}: only a Wi-Fi sensor stores and forwards (it has gateway ${spec.gatewayId})`);
      const uploadMs = spec.upload.everySeconds * 1000;
      if (!(uploadMs > 0)) throw new Error(`sensor ${spec.id}: an upload interval must be positive`);
      const upload = (at: number) => {
        this.flush(state, at);
        this.queue.push(at + uploadMs, () => upload(at + uploadMs));
      };
      // Its own stream, so the sensor's readings are the same with or without store and forward.
      const first = this.time + Math.round(streamFor(this.options.seed, `upload:${spec.id}`).between(0, uploadMs));
      this.queue.push(first, () => upload(first));
    }
    const intervalMs = spec.reportSeconds * 1000;
    const report = (at: number) => {
      this.report(state, at);
      this.queue.push(at + intervalMs, () => report(at + intervalMs));
    };
    // Each sensor has its own phase, as real ones do: they were switched on at different times.
    const first = this.time + Math.round(random.between(0, intervalMs));
    this.queue.push(first, () => report(first));
    // A door contact also reports the moment its door opens or closes.
    for (const channel of Object.values(spec.channels)) {
      if (!channel || !('door' in channel.source)) continue;
      const door = this.doors.get(channel.source.door);
      if (!door) throw new Error(`sensor ${spec.id}: no door ${channel.source.door}`);
      const change = (at: number) => {
        this.report(state, at);
        const next = door.nextChange(at);
        this.queue.push(next, () => change(next));
      };
      const next = door.nextChange(this.time);
      this.queue.push(next, () => change(next));
    }
  }

  /** Runs every event up to and including `until`, and returns the messages published meanwhile, in time order. */
  runUntil(until: number): SimulatedMessage[] {
    for (let event = this.queue.peek(); event !== undefined && event.at <= until; event = this.queue.peek()) {
      this.queue.pop();
      this.time = Math.max(this.time, event.at);
      event.run();
    }
    this.time = Math.max(this.time, until);
    return this.output.splice(0);
  }

  /** A reading from this sensor now, off its schedule (a test's "publish now"); returned by the next `runUntil`. */
  reportNow(sensorId: string): void {
    const state = this.sensors.get(sensorId);
    if (!state) throw new Error(`no simulated sensor ${sensorId}`);
    const at = this.time;
    this.queue.push(at, () => this.report(state, at));
  }

  /**
   * A command arrived on `receiverId`'s commands topic (now). It is carried out after the
   * device's delay, or once the device can be reached again; the acknowledgement comes
   * from the receiver, echoing the sensor it was for.
   */
  receiveCommand(receiverId: string, raw: unknown): void {
    const parsed = simulatedCommandSchema.safeParse(raw);
    // A device ignores what it cannot read: the portal sees the command expire.
    if (!parsed.success) return;
    const command = parsed.data;
    const attempt = (at: number) => {
      if (!this.reachable(receiverId, command.targetDeviceId, at)) {
        this.queue.push(at + COMMAND_RETRY_MS, () => attempt(at + COMMAND_RETRY_MS));
        return;
      }
      this.carryOut(receiverId, command, at);
    };
    const at = this.time + this.commandDelayMs;
    this.queue.push(at, () => attempt(at));
  }

  /** Whether the device publishes at `at` (a gateway outside its outage, a sensor outside its silence). */
  isOnline(deviceId: string, at: number = this.time): boolean {
    const gateway = this.gateways.get(deviceId);
    if (gateway) return !this.gatewayOffline(gateway, at);
    const sensor = this.sensors.get(deviceId);
    if (!sensor) return false;
    if (inWindow(sensor.spec.silent, this.origin, at)) return false;
    const relay = sensor.spec.gatewayId === undefined ? undefined : this.gateways.get(sensor.spec.gatewayId);
    return relay === undefined || !this.gatewayOffline(relay, at);
  }

  /**
   * The devices that publish on their own MQTT connection: gateways, and sensors on Wi-Fi.
   * Each listens on its own commands topic; a gateway also answers for the sensors it relays.
   */
  publishers(): string[] {
    return [...this.gateways.keys(), ...[...this.sensors.values()].filter((sensor) => sensor.spec.gatewayId === undefined).map((sensor) => sensor.spec.id)];
  }

  /** The cabinet's state, for tests and the bench: what the sensors measure before noise. */
  cabinet(id: string): Cabinet {
    const cabinet = this.cabinets.get(id);
    if (!cabinet) throw new Error(`no cabinet ${id}`);
    return cabinet;
  }

  private gatewayOffline(gateway: GatewayState, at: number): boolean {
    return inWindow(gateway.spec.outage, this.origin, at);
  }

  private reachable(receiverId: string, targetId: string | undefined, at: number): boolean {
    if (!this.isOnline(receiverId, at)) return false;
    if (targetId === undefined || targetId.toUpperCase() === receiverId) return true;
    const target = this.sensors.get(targetId.toUpperCase());
    // A radio sensor hears its gateway unless it is silent; an unknown target is answered (failed) by the gateway.
    return target === undefined || !inWindow(target.spec.silent, this.origin, at);
  }

  private carryOut(receiverId: string, command: SimulatedCommand, at: number): void {
    const targetId = command.targetDeviceId?.toUpperCase() ?? receiverId;
    const gateway = this.gateways.get(targetId);
    const sensor = this.sensors.get(targetId);
    const echo = command.targetDeviceId === undefined ? {} : { targetDeviceId: targetId };
    const acknowledge = (status: 'executed' | 'failed', response: AcknowledgementPayload['response']) =>
      this.output.push({
        publisherId: receiverId, kind: 'commands/ack', at,
        payload: { commandId: command.commandId, status, response, executedAt: new Date(at).toISOString(), ...echo },
      });
    const device = gateway ?? sensor;
    if (!device) {
      acknowledge('failed', `Sensor ${targetId} is not paired with this gateway`);
      return;
    }
    const reading = sensor ? this.measure(sensor, at) : undefined;
    const outcome = answerCommand(command, {
      kind: gateway ? 'gateway' : 'sensor',
      firmware: device.firmware,
      uptimeSeconds: Math.round((at - device.bootedAt) / 1000),
      battery: reading?.battery,
      signal: reading?.signal ?? (gateway ? this.gatewaySignal(gateway) : undefined),
      snr: reading?.snr,
    });
    if (outcome.firmware !== undefined) device.firmware = outcome.firmware;
    if (outcome.restarted) device.bootedAt = at;
    acknowledge(outcome.status, outcome.response);
    // Asked for its status, a device also reports at once.
    if (command.command === 'requestStatus') {
      if (gateway) this.emitStatus(gateway, at);
      if (sensor) this.report(sensor, at);
    }
  }

  private report(sensor: SensorState, at: number): void {
    if (inWindow(sensor.spec.silent, this.origin, at)) return;
    const reading = this.measure(sensor, at);
    const gatewayId = sensor.spec.gatewayId;
    if (gatewayId === undefined) {
      if (sensor.spec.upload === undefined) {
        this.output.push({ publisherId: sensor.spec.id, kind: 'readings', at, payload: reading });
        return;
      }
      sensor.held.push(reading);
      if (needsAttention(sensor.spec.upload, reading) || sensor.held.length >= MAX_BATCH_READINGS) this.flush(sensor, at);
      return;
    }
    const gateway = this.gateways.get(gatewayId);
    if (!gateway) throw new Error(`sensor ${sensor.spec.id}: no gateway ${gatewayId}`);
    const relayed = { deviceId: sensor.spec.id, ...reading };
    if (this.gatewayOffline(gateway, at)) gateway.buffer.push(relayed);
    else this.emitBatch(gatewayId, [relayed], at);
  }

  /** A store-and-forward sensor uploads what it holds: one batch of its own readings (without deviceId). */
  private flush(sensor: SensorState, at: number): void {
    if (sensor.held.length > 0) this.emitBatch(sensor.spec.id, sensor.held.splice(0), at);
  }

  private emitBatch(publisherId: string, readings: ReadingPayload[], at: number): void {
    this.output.push({ publisherId, kind: 'readings', at, payload: { readings, sentAt: new Date(at).toISOString() } });
  }

  private emitStatus(gateway: GatewayState, at: number): void {
    this.output.push({
      publisherId: gateway.spec.id, kind: 'status', at,
      payload: {
        time: new Date(at).toISOString(),
        signal: this.gatewaySignal(gateway),
        firmware: gateway.firmware,
        uptimeSeconds: Math.round((at - gateway.bootedAt) / 1000),
      },
    });
  }

  private gatewaySignal(gateway: GatewayState): number {
    return Math.round(clamp(gateway.spec.rssi + gateway.random.normal(0, 2), -110, -40));
  }

  /** What the sensor measures at `at`: each channel, its battery and its radio. */
  private measure(sensor: SensorState, at: number): ReadingPayload {
    const { spec, random } = sensor;
    const channels: ReadingPayload['channels'] = {};
    for (const [key, channel] of Object.entries(spec.channels) as [ChannelKey, SimulatedChannel | undefined][]) {
      if (!channel) continue;
      channels[key] = this.channelValue(channel, random, at);
    }
    const hours = (at - this.origin) / HOUR_MS;
    const battery = Math.round(clamp(spec.battery.start - spec.battery.drainPerHour * hours, spec.battery.floor, 100));
    const signal = Math.round(clamp(spec.rssi + random.normal(0, 2), -110, -40));
    // SNR falls with the signal: about 12 dB when strong, near 0 at the edge of range.
    const snr = tidy(clamp(12 + (signal + 70) * 0.35 + random.normal(0, 0.8), -5, 12), 1);
    return { time: new Date(at).toISOString(), channels, battery, signal, snr };
  }

  private channelValue(channel: SimulatedChannel, random: Random, at: number): number | null {
    const source = channel.source;
    let value: number;
    let step = 0.1;
    if ('door' in source) {
      const door = this.doors.get(source.door);
      if (!door) throw new Error(`no door ${source.door}`);
      return door.isOpen(at) ? 1 : 0;
    } else if ('cabinet' in source) {
      const cabinet = this.cabinet(source.cabinet);
      cabinet.advanceTo(at);
      if (source.read === 'humidity') value = cabinet.relativeHumidity() + random.normal(0, 0.6);
      else value = (source.read === 'air' ? cabinet.airTemperature() : cabinet.productTemperature()) + (source.offset ?? 0) + random.normal(0, 0.05);
    } else if ('room' in source) {
      value = this.room(source.room).temperatureAt(at) + random.normal(0, 0.1);
    } else {
      const fryer = this.fryers.get(source.fryer);
      if (!fryer) throw new Error(`no fryer ${source.fryer}`);
      value = source.read === 'polarMaterial' ? fryer.polarMaterial(at) + random.normal(0, 0.2) : fryer.oilTemperature(at) + random.normal(0, 0.8);
      step = source.read === 'polarMaterial' ? 0.5 : 0.1;
    }
    if (channel.drift) {
      const drifted = channel.drift.perHour * Math.max(0, (at - this.origin) / HOUR_MS);
      value += channel.drift.max >= 0 ? Math.min(drifted, channel.drift.max) : Math.max(drifted, channel.drift.max);
    }
    // Unplugged: the sensor still measured (the noise above is drawn either way, so the rest of its stream stays the same).
    if (inWindow(channel.unplugged, this.origin, at)) return null;
    return tidy(round(value, step), 1);
  }
}
