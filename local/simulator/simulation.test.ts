import { describe, expect, it } from 'vitest';
import { channelRange } from '@domain/devices/device-catalogue';
import { gatewayStatusSchema, readingsMessageSchema } from '@domain/telemetry/telemetry';
import { commandAcknowledgementSchema } from '@domain/devices/device-commands';
import { DEMO_GATEWAYS, DEMO_SENSORS, demoFleet } from '../demo-devices';
import { coalesce, countReadings } from './batching';
import { singleSensorFleet, syntheticFleet } from './fleet';
import { localHour } from './local-time';
import { Simulation, type ReadingPayload, type SimulatedMessage } from './simulation';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = Date.parse('2026-03-02T00:00:00Z');

interface Received { publisherId: string; sentAt: number; reading: ReadingPayload & { deviceId: string } }

/** Every reading the messages carry, with who sent it and when. */
function readingsOf(messages: readonly SimulatedMessage[]): Received[] {
  return messages.flatMap((message) => {
    if (message.kind !== 'readings') return [];
    const payload = message.payload;
    const readings = 'readings' in payload ? payload.readings : [payload];
    return readings.map((reading) => ({ publisherId: message.publisherId, sentAt: message.at, reading: { ...reading, deviceId: reading.deviceId ?? message.publisherId } }));
  });
}

const of = (received: Received[], sensorId: string) => received.filter((entry) => entry.reading.deviceId === sensorId);
const values = (received: Received[], channel: '1' | '2') => received.map((entry) => entry.reading.channels[channel]);
const numbers = (list: (number | null | undefined)[]) => list.filter((value): value is number => typeof value === 'number');
const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;

const sensorNamed = (name: string) => {
  const sensor = DEMO_SENSORS.find((candidate) => candidate.name === name);
  if (!sensor) throw new Error(name);
  return sensor;
};

describe('the demo fleet over a day', () => {
  const simulation = new Simulation(demoFleet(), { seed: 42, start: START });
  const messages = simulation.runUntil(START + 24 * HOUR);
  const received = readingsOf(messages);

  it('every message is one the portal accepts (the payload schemas of domain/telemetry/telemetry.ts)', () => {
    for (const message of messages) {
      if (message.kind === 'readings') expect(readingsMessageSchema.safeParse(message.payload).success).toBe(true);
      if (message.kind === 'status') expect(gatewayStatusSchema.safeParse(message.payload).success).toBe(true);
    }
    // And in time order.
    const times = messages.map((message) => message.at);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it("every reading is one the ingest stores: only the sensor's registered channels, each within its type's range", () => {
    for (const sensor of DEMO_SENSORS) {
      for (const entry of of(received, sensor.id)) {
        expect(Object.keys(entry.reading.channels).map(Number), sensor.name).toEqual(sensor.channels.map((_channel, index) => index + 1));
        sensor.channels.forEach((channel, index) => {
          const value = entry.reading.channels[String(index + 1) as '1'];
          if (value === null || value === undefined) return;
          const range = channelRange(channel.sensorType, channel.sensorSubType);
          expect(value, `${sensor.name} channel ${index + 1}`).toBeGreaterThanOrEqual(range.min);
          expect(value, `${sensor.name} channel ${index + 1}`).toBeLessThanOrEqual(range.max);
        });
      }
    }
  });

  it('every sensor reports on its interval, radio ones through their gateway and Wi-Fi ones for themselves', () => {
    for (const sensor of DEMO_SENSORS) {
      const own = of(received, sensor.id);
      expect(own.length, sensor.name).toBeGreaterThan(0);
      const publishers = new Set(own.map((entry) => entry.publisherId));
      expect([...publishers], sensor.name).toEqual([sensor.connectionType === 'wifi' ? sensor.id : sensor.gatewayId]);
    }
    const cooler = of(received, sensorNamed('Walk-in Cooler').id);
    expect(cooler.length).toBe(24 * 12);
    // A Wi-Fi sensor's single reading leaves its id out (the topic says who it is).
    const vaccine = messages.find((message) => message.publisherId === sensorNamed('Vaccine Fridge').id);
    expect(vaccine?.kind === 'readings' && !('readings' in vaccine.payload) && vaccine.payload.deviceId === undefined).toBe(true);
  });

  it('the walk-in cooler stays in its band around 3 °C', () => {
    const temperatures = numbers(values(of(received, sensorNamed('Walk-in Cooler').id), '1'));
    expect(Math.min(...temperatures)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...temperatures)).toBeLessThanOrEqual(6);
    expect(mean(temperatures)).toBeGreaterThan(2.5);
    expect(mean(temperatures)).toBeLessThan(3.6);
    const humidity = numbers(values(of(received, sensorNamed('Walk-in Cooler').id), '2'));
    expect(Math.min(...humidity)).toBeGreaterThan(60);
    expect(Math.max(...humidity)).toBeLessThanOrEqual(99);
  });

  it('the walk-in freezer defrosts: peaks near -5 °C a few times a day', () => {
    const temperatures = of(received, sensorNamed('Walk-in Freezer').id).map((entry) => ({ at: Date.parse(entry.reading.time), value: entry.reading.channels['1'] ?? 0 }));
    const peaks = temperatures.filter((point, index) => point.value > -12 && (temperatures[index - 1]?.value ?? -99) <= -12);
    expect(peaks.length).toBeGreaterThanOrEqual(2);
    expect(peaks.length).toBeLessThanOrEqual(4);
    expect(Math.max(...temperatures.map((point) => point.value))).toBeGreaterThan(-8);
    expect(Math.max(...temperatures.map((point) => point.value))).toBeLessThan(-1);
    const median = [...temperatures.map((point) => point.value)].sort((a, b) => a - b)[Math.floor(temperatures.length / 2)] ?? 0;
    expect(median).toBeGreaterThan(-22);
    expect(median).toBeLessThan(-18);
  });

  it('the vaccine fridge glycol probe holds 2-8 °C around 5 °C; its second channel is the room', () => {
    const vaccine = of(received, sensorNamed('Vaccine Fridge').id);
    const glycol = numbers(values(vaccine, '1'));
    expect(Math.min(...glycol)).toBeGreaterThan(2);
    expect(Math.max(...glycol)).toBeLessThan(8);
    expect(mean(glycol)).toBeCloseTo(5, 0);
    expect(mean(numbers(values(vaccine, '2')))).toBeGreaterThan(18);
  });

  it('the door contact opens (1) and closes (0) in business hours only, and reports each change', () => {
    const door = of(received, sensorNamed('Walk-in Cooler Door').id);
    const opens = door.filter((entry) => entry.reading.channels['1'] === 1);
    expect(opens.length).toBeGreaterThan(15 * 2);
    for (const entry of opens) {
      const hour = localHour(Date.parse(entry.reading.time), 'Europe/London');
      expect(hour).toBeGreaterThanOrEqual(7);
      expect(hour).toBeLessThan(22);
    }
    expect(door.filter((entry) => entry.reading.channels['1'] === 0).length).toBeGreaterThan(opens.length);
  });

  it('the drifting probe moves away from the air it sits in, more as time goes on', () => {
    const probe = of(received, sensorNamed('Reach-in Fridge Probe').id);
    const gap = (slice: Received[]) => mean(slice.map((entry) => (entry.reading.channels['1'] ?? 0) - (entry.reading.channels['2'] ?? 0)));
    const early = gap(probe.slice(12, 36));
    const late = gap(probe.slice(-24));
    // 0.05 °C an hour for about 21 hours between the two stretches.
    expect(late - early).toBeGreaterThan(0.7);
    expect(late - early).toBeLessThan(1.5);
  });

  it('the prep fridge battery falls steadily toward low battery', () => {
    const battery = of(received, sensorNamed('Prep Fridge').id).map((entry) => entry.reading.battery);
    expect(battery[0]).toBe(30);
    expect(battery.at(-1)).toBeLessThanOrEqual(19);
    expect(battery.every((value, index) => index === 0 || value <= (battery[index - 1] ?? 100))).toBe(true);
    // The others keep theirs.
    const cooler = of(received, sensorNamed('Walk-in Cooler').id).map((entry) => entry.reading.battery);
    expect(Math.min(...cooler)).toBe(Math.max(...cooler));
  });

  it('the chest freezer probe reports null while it is unplugged, then comes back', () => {
    const probe = of(received, sensorNamed('Chest Freezer Probe').id);
    const unplugged = probe.filter((entry) => entry.reading.channels['1'] === null);
    // 45 minutes every 6 hours, one reading in 5 minutes: about 9 a window, 4 windows.
    expect(unplugged.length).toBeGreaterThanOrEqual(4 * 8);
    expect(unplugged.length).toBeLessThanOrEqual(4 * 10);
    for (const entry of unplugged) {
      const phase = ((Date.parse(entry.reading.time) - START - HOUR) % (6 * HOUR)) / MINUTE;
      expect(phase).toBeLessThan(45);
    }
    // The air channel never goes.
    expect(probe.every((entry) => typeof entry.reading.channels['2'] === 'number')).toBe(true);
    expect(probe.at(-1)?.reading.channels['1']).not.toBeNull();
  });

  it('the dry store sensor falls silent, so it goes offline, and talks again later', () => {
    const store = of(received, sensorNamed('Dry Store').id).map((entry) => Date.parse(entry.reading.time));
    const gaps = store.slice(1).map((at, index) => at - (store[index] ?? at));
    // 3 hours without a word (silent 11-14 h after the origin), beyond the offline threshold of 3 intervals + 10 minutes.
    expect(Math.max(...gaps)).toBeGreaterThanOrEqual(3 * HOUR - 5 * MINUTE);
    expect(store.some((at) => at > START + 14 * HOUR)).toBe(true);
    expect(store.some((at) => at >= START + 11 * HOUR && at < START + 14 * HOUR)).toBe(false);
  });

  it('the LoRaWAN gateway goes quiet for 20 minutes, then sends the buffered readings in one late batch with their own times', () => {
    const gatewayId = DEMO_GATEWAYS[1]?.id ?? '';
    const outageStart = START + 3.75 * HOUR;
    const outageEnd = outageStart + 20 * MINUTE;
    const duringOutage = messages.filter((message) => message.publisherId === gatewayId && message.at >= outageStart && message.at < outageEnd);
    expect(duringOutage).toEqual([]);
    const late = messages.find((message) => message.publisherId === gatewayId && message.at === outageEnd);
    expect(late?.kind).toBe('readings');
    const batch = late?.kind === 'readings' && 'readings' in late.payload ? late.payload : undefined;
    // Two sensors, one reading each 5 minutes, for 20 minutes.
    expect(batch?.readings.length).toBe(8);
    expect(batch?.sentAt).toBe(new Date(outageEnd).toISOString());
    for (const reading of batch?.readings ?? []) {
      const at = Date.parse(reading.time);
      expect(at).toBeGreaterThanOrEqual(outageStart);
      expect(at).toBeLessThan(outageEnd);
    }
  });

  it('signal strength and SNR are realistic, and gateways send a heartbeat every 5 minutes', () => {
    for (const entry of received) {
      expect(entry.reading.signal).toBeGreaterThanOrEqual(-110);
      expect(entry.reading.signal).toBeLessThanOrEqual(-40);
      expect(entry.reading.snr).toBeGreaterThanOrEqual(-5);
      expect(entry.reading.snr).toBeLessThanOrEqual(12);
    }
    const radio = received.filter((entry) => entry.publisherId !== entry.reading.deviceId).map((entry) => entry.reading.signal);
    expect(Math.max(...radio)).toBeLessThanOrEqual(-60);
    const kitchenGateway = messages.filter((message) => message.kind === 'status' && message.publisherId === DEMO_GATEWAYS[0]?.id);
    expect(kitchenGateway.length).toBe(24 * 12);
    const lorawan = messages.filter((message) => message.kind === 'status' && message.publisherId === DEMO_GATEWAYS[1]?.id);
    // Its outages (20 minutes in every 4 hours, plus one overlapping the start) cost it heartbeats.
    expect(lorawan.length).toBeLessThan(24 * 12 - 20);
  });
});

describe('determinism', () => {
  it('the same seed gives the same messages; another seed, other ones', () => {
    const run = (seed: number) => new Simulation(demoFleet(), { seed, start: START }).runUntil(START + 6 * HOUR);
    expect(run(7)).toEqual(run(7));
    expect(run(8)).not.toEqual(run(7));
  });

  it('a device does not change when another is added to the fleet', () => {
    const alone = readingsOf(new Simulation(singleSensorFleet({ sensorId: 'AB000001', model: 'CT-100', gatewayId: 'AB000000000000F1' }), { seed: 1, start: START }).runUntil(START + 2 * HOUR));
    const fleet = singleSensorFleet({ sensorId: 'AB000001', model: 'CT-100', gatewayId: 'AB000000000000F1' });
    const other = singleSensorFleet({ sensorId: 'AB000002', model: 'CT-100', gatewayId: 'AB000000000000F1' });
    const together = new Simulation({
      ...fleet, rooms: [...fleet.rooms, ...other.rooms], cabinets: [...fleet.cabinets, ...other.cabinets], sensors: [...fleet.sensors, ...other.sensors],
    }, { seed: 1, start: START }).runUntil(START + 2 * HOUR);
    expect(of(readingsOf(together), 'AB000001')).toEqual(alone);
  });

  it('slow trends and faults are anchored at the origin, so a later start continues them', () => {
    const origin = START - 24 * HOUR;
    const later = readingsOf(new Simulation(demoFleet(), { seed: 3, start: START, origin }).runUntil(START + HOUR));
    const battery = of(later, sensorNamed('Prep Fridge').id)[0]?.reading.battery;
    expect(battery).toBe(18);
  });
});

describe('commands', () => {
  const gatewayId = 'AB000000000000F1';
  const sensorId = 'AB000001';
  const fleet = () => singleSensorFleet({ sensorId, model: 'CT-100', gatewayId });
  const acknowledgements = (messages: SimulatedMessage[]) => messages.filter((message) => message.kind === 'commands/ack');

  it('answers a command after a short delay, with what it did', () => {
    const simulation = new Simulation(fleet(), { seed: 1, start: START });
    simulation.runUntil(START + MINUTE);
    simulation.receiveCommand(gatewayId, { commandId: 'C1', command: 'ping', parameters: {}, issuedAt: new Date(START + MINUTE).toISOString() });
    expect(acknowledgements(simulation.runUntil(START + MINUTE + 1000))).toEqual([]);
    const [ack] = acknowledgements(simulation.runUntil(START + MINUTE + 5000));
    expect(ack?.publisherId).toBe(gatewayId);
    expect(commandAcknowledgementSchema.parse(ack?.payload)).toMatchObject({ commandId: 'C1', status: 'executed', response: 'Pong' });
  });

  it('a firmware update with a bad file name fails; a good one changes the firmware the heartbeats report', () => {
    const simulation = new Simulation(fleet(), { seed: 1, start: START });
    simulation.receiveCommand(gatewayId, { commandId: 'C2', command: 'firmwareUpdate', parameters: { fileName: 'firmware.exe' } });
    simulation.receiveCommand(gatewayId, { commandId: 'C3', command: 'firmwareUpdate', parameters: { fileName: 'gw-sg1-2.5.0.bin' } });
    const messages = simulation.runUntil(START + 10 * MINUTE);
    const acks = acknowledgements(messages).map((message) => message.payload);
    expect(acks).toEqual([
      expect.objectContaining({ commandId: 'C2', status: 'failed', response: 'Firmware file "firmware.exe" not found' }),
      expect.objectContaining({ commandId: 'C3', status: 'executed' }),
    ]);
    const statuses = messages.filter((message) => message.kind === 'status' && message.at > START + 2000);
    expect(statuses.at(-1)?.payload).toMatchObject({ firmware: '2.5.0' });
  });

  it('a command for a relayed sensor is answered by its gateway, echoing the sensor; an unknown one fails', () => {
    const simulation = new Simulation(fleet(), { seed: 1, start: START });
    simulation.receiveCommand(gatewayId, { commandId: 'C4', command: 'setPriority', parameters: { priority: 7 }, targetDeviceId: sensorId });
    simulation.receiveCommand(gatewayId, { commandId: 'C5', command: 'selfDestruct', parameters: {}, targetDeviceId: sensorId });
    simulation.receiveCommand(gatewayId, { commandId: 'C6', command: 'reboot', parameters: {}, targetDeviceId: 'AB0000FF' });
    simulation.receiveCommand(gatewayId, 'not a command');
    const acks = acknowledgements(simulation.runUntil(START + MINUTE)).map((message) => message.payload);
    expect(acks).toEqual([
      expect.objectContaining({ commandId: 'C4', status: 'executed', response: 'Priority set to 7', targetDeviceId: sensorId }),
      expect.objectContaining({ commandId: 'C5', status: 'failed', targetDeviceId: sensorId }),
      expect.objectContaining({ commandId: 'C6', status: 'failed', targetDeviceId: 'AB0000FF' }),
    ]);
  });

  it('a gateway in an outage answers when its backhaul is back', () => {
    const base = fleet();
    const simulation = new Simulation({
      ...base, gateways: base.gateways.map((gateway) => ({ ...gateway, outage: { everyHours: 24, forMinutes: 20, offsetHours: 0 } })),
    }, { seed: 1, start: START });
    simulation.receiveCommand(gatewayId, { commandId: 'C7', command: 'requestStatus', parameters: {} });
    const messages = simulation.runUntil(START + HOUR);
    const ack = acknowledgements(messages)[0];
    expect(ack?.at).toBeGreaterThanOrEqual(START + 20 * MINUTE);
    expect(ack?.payload).toMatchObject({ commandId: 'C7', status: 'executed', response: expect.objectContaining({ firmware: '2.4.1' }) });
  });
});

describe('batching', () => {
  it('a back-fill goes out as gateway batches of at most 500 readings, losing none, with one heartbeat per gateway', () => {
    const simulation = new Simulation(syntheticFleet({ count: 150, perGateway: 100 }), { seed: 1, start: START });
    const messages = simulation.runUntil(START + 24 * HOUR);
    const batches = coalesce(messages);
    expect(countReadings(batches)).toBe(countReadings(messages));
    expect(countReadings(messages)).toBe(150 * 24 * 12);
    for (const message of batches) {
      if (message.kind === 'readings' && 'readings' in message.payload) expect(message.payload.readings.length).toBeLessThanOrEqual(500);
    }
    expect(batches.filter((message) => message.kind === 'status').length).toBe(2);
    expect(batches.filter((message) => message.kind === 'readings').length).toBe(Math.ceil(100 * 288 / 500) + Math.ceil(50 * 288 / 500));
  });

  it('a sensor reports only the channels it was registered with', () => {
    const simulation = new Simulation(singleSensorFleet({ sensorId: 'ABCDEF012345', model: 'WF-900', channels: [1] }), { seed: 1, start: START });
    const received = readingsOf(simulation.runUntil(START + HOUR));
    expect(received.length).toBe(12);
    expect(received.every((entry) => Object.keys(entry.reading.channels).join() === '1')).toBe(true);
  });

  it('a lone reading of a Wi-Fi sensor stays a single message', () => {
    const simulation = new Simulation(singleSensorFleet({ sensorId: 'ABCDEF012345', model: 'WF-900' }), { seed: 1, start: START });
    const batches = coalesce(simulation.runUntil(START + 5 * MINUTE));
    expect(batches).toHaveLength(1);
    expect(batches[0]?.kind === 'readings' && !('readings' in batches[0].payload)).toBe(true);
  });

  it('a store-and-forward Wi-Fi sensor uploads its own readings as one batch every upload interval, and at once (with all it holds) on a reading outside its band', () => {
    const sensor = { sensorId: 'ABCDEF012345', model: 'WF-900', channels: [1] };
    const asTaken = readingsOf(new Simulation(singleSensorFleet(sensor), { seed: 1, start: START }).runUntil(START + 6 * HOUR));
    const held = new Simulation(singleSensorFleet({ ...sensor, upload: { everySeconds: 900 } }), { seed: 1, start: START }).runUntil(START + 6 * HOUR);
    // The same readings (less those still held at the end), now in batches of its own readings (no deviceId), 3 a batch (every 5 minutes, uploaded every 15).
    const sameAsTaken = (messages: SimulatedMessage[]) => {
      const readings = readingsOf(messages).map((entry) => entry.reading);
      expect(readings.length).toBeGreaterThanOrEqual(asTaken.length - 3);
      expect(readings).toEqual(asTaken.slice(0, readings.length).map((entry) => entry.reading));
    };
    sameAsTaken(held);
    expect(held.every((message) => message.kind === 'readings' && message.publisherId === 'ABCDEF012345' && readingsMessageSchema.safeParse(message.payload).success)).toBe(true);
    expect(held.every((message) => 'readings' in message.payload && message.payload.readings.every((reading) => reading.deviceId === undefined))).toBe(true);
    expect(held.length).toBeGreaterThanOrEqual(23);
    expect(held.length).toBeLessThanOrEqual(25);
    for (const entry of readingsOf(held)) expect(entry.sentAt - Date.parse(entry.reading.time)).toBeLessThan(15 * MINUTE);

    // With a band: a reading above 4.0 °C goes at once, the last of its batch; the others wait for the upload.
    const alerting = new Simulation(singleSensorFleet({ ...sensor, upload: { everySeconds: 900, alertBands: { '1': { low: 0, high: 4 } } } }), { seed: 1, start: START }).runUntil(START + 6 * HOUR);
    sameAsTaken(alerting);
    const received = readingsOf(alerting);
    const outside = received.filter((entry) => (entry.reading.channels['1'] ?? 0) > 4);
    expect(outside.length).toBeGreaterThan(0);
    for (const entry of outside) expect(entry.sentAt).toBe(Date.parse(entry.reading.time));
    expect(alerting.length).toBeGreaterThan(held.length);
  });

  it('only a Wi-Fi sensor stores and forwards', () => {
    expect(() => new Simulation(singleSensorFleet({ sensorId: 'A1B2C3D4', model: 'CT-100', gatewayId: 'AFACADE000000001', upload: { everySeconds: 900 } }), { seed: 1, start: START }))
      .toThrow(/only a Wi-Fi sensor stores and forwards/);
  });
});
