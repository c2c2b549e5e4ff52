import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient, type ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import mqtt, { type MqttClient } from 'mqtt';
import type { Alarm } from '@domain/alarms/alarm';
import type { AlarmProfile } from '@domain/alarms/alarm-profile';
import { inactivityWindowMs } from '@domain/alarms/engine';
import { deviceTopic } from '@domain/telemetry/telemetry';
import { runAlarmClock } from '../../lambdas/alarm-engine/clock';
import { minuteOf, minuteStart, sensorConfigOf, writeClockCursor, deviceKey, ENTITY } from '../../lambdas/data';
import { engineSensorOf } from '../../lambdas/alarm-engine/engine';
import { ingestMetrics } from '../../lambdas/ingest/handler';
import type { IngestCounters } from '../../lambdas/data/ingest-metrics';
import { createPortalLogger } from '../../lambdas/shared/observability';
import { deviceCredentials } from '../../local/device-credentials';
import { LOCAL_REGION } from '../../local/identity';
import { freePorts } from '../../local/ports';
import { syntheticFleet } from '../../local/simulator/fleet';
import type { FleetSpec } from '../../local/simulator/spec';
import { registerSyntheticFleet } from '../../local/simulator/synthetic-registration';
import { startLocalStack } from '../../local/stack';
import { api, createUser, provisionAccount, type TestUser } from '../support/identity';
import { percentile, stackUnderTest } from './measure';

/**
 * `npm run bench` (alarms, issue 13 section 4), measured in one run on a fresh local stack:
 * 1. what the alarm engine adds to the ingest per reading with no alarm condition: 1,000
 *    sensors with an alarm profile (out of range, inactivity, low battery) next to 1,000
 *    sensors without one, published alike through MQTT in alternating rounds; the ingest's
 *    own counters (lambdas/data/ingest-metrics.ts: the engine's calls count there too, with the
 *    ConsumedCapacity DynamoDB returns);
 * 2. p50/p95 from a reading's MQTT publish to its alarm listed by GET /api/alarms (delay 0);
 * 3. inactivity of the 1,000 sensors silent at once: the alarm clock (lambdas/alarm-engine/
 *    clock.ts) run in-process minute by minute on a controlled clock past the window, how long
 *    after the window each alarm was raised, and how long the tick with 1,000 due took;
 * 4. the clock's requests and capacity units per tick, nothing due and 1,000 due (every call
 *    the clock makes, counted on its DynamoDB client).
 * Figures, not assertions; recorded in docs/performance.md.
 */

const SENSORS = Number(process.env['ALARM_BENCH_SENSORS'] ?? 1000);
const PER_GATEWAY = 100;
/** Rounds of one reading per sensor, per fleet (the first is the engine's one-time arming). */
const ROUNDS = 6;
const LATENCY_SAMPLES = 20;
const MINUTE = 60_000;
const ORG = 'bench-alarms-org';
const REPORT_SECONDS = 60;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const iso = (ms: number) => new Date(ms).toISOString();

/** Requests and capacity units, reads and writes apart. */
interface Consumption { readRequests: number; readUnits: number; writeRequests: number; writeUnits: number }
const noConsumption = (): Consumption => ({ readRequests: 0, readUnits: 0, writeRequests: 0, writeUnits: 0 });
const unitsOf = (consumed: ConsumedCapacity | ConsumedCapacity[] | undefined) =>
  (consumed === undefined ? [] : Array.isArray(consumed) ? consumed : [consumed]).reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0);
const READ_COMMANDS = new Set(['GetItemCommand', 'BatchGetItemCommand', 'QueryCommand', 'ScanCommand', 'TransactGetItemsCommand']);

/**
 * A DynamoDB document client that counts every call it makes and the capacity DynamoDB says it
 * consumed (ReturnConsumedCapacity TOTAL asked of each): the clock's reads per tick, all of them.
 */
function countingClient(endpoint: string, credentials: { accessKeyId: string; secretAccessKey: string }) {
  const counted = { current: noConsumption() };
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials });
  client.middlewareStack.add((next, context) => async (args) => {
    const input = args.input as Record<string, unknown>;
    input['ReturnConsumedCapacity'] ??= 'TOTAL';
    const result = await next(args);
    const units = unitsOf((result.output as { ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[] }).ConsumedCapacity);
    if (READ_COMMANDS.has(context.commandName ?? '')) {
      counted.current.readRequests += 1;
      counted.current.readUnits += units;
    } else {
      counted.current.writeRequests += 1;
      counted.current.writeUnits += units;
    }
    return result;
  }, { step: 'initialize', name: 'benchConsumedCapacity' });
  return { documents: DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } }), counted };
}

const dataDir = mkdtempSync(join(tmpdir(), 'coldchain-bench-alarms-'));
const startedAt = Date.now();
const local = await startLocalStack({ ports: await freePorts(), dataDir });
const startSeconds = (Date.now() - startedAt) / 1000;
const clients: MqttClient[] = [];
const benchStarted = Date.now();
try {
  const stack = stackUnderTest(local);
  const { tableName } = local;
  const { documents, counted } = countingClient(local.urls.dynamodb, local.credentials);

  // The organisation: an administrator, a location, a site, a 1-minute data logging profile and the alarm profile.
  const admin: TestUser = await createUser(stack, 'admin', ORG);
  await provisionAccount(stack, { email: admin.email, role: 'admin', customerId: ORG, accountId: admin.accountId, hasDefaultLocAccess: true, isOwner: true });
  const address = { address: '9 Bench Road', city: 'Leeds', state: 'Yorkshire', country: 'United Kingdom', postalCode: 'LS1 1AA' };
  const locationId = ((await api(stack, admin, 'POST', '/locations', { name: 'Bench Depot', ...address })).body as { id: string }).id;
  const siteId = ((await api(stack, admin, 'POST', '/sites', { name: 'Bench Kitchen', locationIds: [locationId], timezone: 'Europe/London', billingAddressSameAsSite: false, billingAddress: address })).body as { id: string }).id;
  const dataLoggingProfileId = ((await api(stack, admin, 'POST', '/dataloggingprofiles', { name: 'Every minute', valueToLog: 'instant', intervalMinutes: 1, calculationWindowMinutes: 1, deviation: 0.5 })).body as { id: string }).id;
  const created = await api(stack, admin, 'POST', '/alarmprofiles', {
    name: 'Bench fridge', description: 'Out of range 0-8 °C, inactivity (default window), low battery 20 %', types: ['outOfRange', 'inactivity', 'lowBattery'],
    alarmDelayMinutes: 0, notificationDelayMinutes: 0, snoozeIntervalMinutes: 30, snoozeLimit: 3, min: 0, max: 8, batteryThresholdPercent: 20, batteryLifeDays: 365,
  });
  if (created.status !== 201) throw new Error(`The alarm profile was refused: ${JSON.stringify(created.body)}`);
  const profile = created.body as AlarmProfile;
  // The latency sensors' profile: out of range alone (no inactivity timer of theirs joins the clock's figures).
  const latencyProfile = await api(stack, admin, 'POST', '/alarmprofiles', {
    name: 'Bench vaccine fridge', description: 'Out of range 0-8 °C, delay 0', types: ['outOfRange'],
    alarmDelayMinutes: 0, notificationDelayMinutes: 0, snoozeIntervalMinutes: 30, snoozeLimit: 3, min: 0, max: 8,
  });
  if (latencyProfile.status !== 201) throw new Error(`The alarm profile was refused: ${JSON.stringify(latencyProfile.body)}`);

  // Two fleets of 1,000 sensors (10 gateways each) in the same organisation and site: "on" names the alarm profile, "off" none.
  const placement = { customerId: ORG, siteId, locationId, dataLoggingProfileId };
  const fleets = {
    off: syntheticFleet({ count: SENSORS, perGateway: PER_GATEWAY, reportSeconds: REPORT_SECONDS, seed: 'bench-off', idPrefix: 'B' }),
    on: syntheticFleet({ count: SENSORS, perGateway: PER_GATEWAY, reportSeconds: REPORT_SECONDS, seed: 'bench-on', idPrefix: 'C' }),
    latency: syntheticFleet({ count: LATENCY_SAMPLES, perGateway: PER_GATEWAY, reportSeconds: REPORT_SECONDS, seed: 'bench-latency', idPrefix: 'D' }),
  };
  for (const fleet of Object.values(fleets)) await registerSyntheticFleet(documents, tableName, fleet, { mode: 'batch', placement });
  // The alarm profiles, set on the configuration items before the ingest first reads them.
  const assign = async (ids: readonly string[], profileId: string) => {
    for (let index = 0; index < ids.length; index += 50) {
      await Promise.all(ids.slice(index, index + 50).map((id) => documents.send(new UpdateCommand({
        TableName: tableName, Key: deviceKey(ORG, ENTITY.sensor, id), UpdateExpression: 'SET alarmProfileId = :profile', ExpressionAttributeValues: { ':profile': profileId },
      }))));
    }
  };
  const onIds = fleets.on.sensors.map((sensor) => sensor.id);
  await assign(onIds, profile.id);
  await assign(fleets.latency.sensors.map((sensor) => sensor.id), (latencyProfile.body as AlarmProfile).id);

  // The inactivity window as the engine reckons it: the profile's, or by default from the sensor model's report interval.
  const configItem = await documents.send(new GetCommand({ TableName: tableName, Key: deviceKey(ORG, ENTITY.sensor, onIds[0] ?? ''), ConsistentRead: true }));
  const engineDevice = engineSensorOf(ORG, sensorConfigOf(onIds[0] ?? '', configItem.Item ?? {}));
  const windowMs = inactivityWindowMs(profile, engineDevice.reportSeconds, engineDevice.gatewayHeartbeatSeconds);

  const clientOf = new Map<string, MqttClient>();
  for (const fleet of Object.values(fleets)) {
    for (const gateway of fleet.gateways) {
      const client = await mqtt.connectAsync(local.urls.mqtt, { ...deviceCredentials(local.dataDir, ORG, gateway.id), reconnectPeriod: 0, protocolVersion: 4 });
      clients.push(client);
      clientOf.set(gateway.id, client);
    }
  }
  /** One gateway batch per gateway: each of its sensors' reading at `time`, in range, battery high. */
  const publishFleet = async (fleet: FleetSpec, time: number, value: (index: number) => number) => {
    await Promise.all(fleet.gateways.map((gateway) => {
      const readings = fleet.sensors.flatMap((sensor, index) => (sensor.gatewayId === gateway.id
        ? [{ deviceId: sensor.id, time: iso(time), channels: { '1': value(index) }, battery: 90, signal: -72, snr: 9 }] : []));
      return clientOf.get(gateway.id)?.publishAsync(deviceTopic(ORG, gateway.id, 'readings'), JSON.stringify({ readings, sentAt: iso(time) }), { qos: 1 });
    }));
  };
  /** Waits for `expected` stored readings, then for the counters to settle (the writes that follow the readings). */
  const settle = async (expected: number) => {
    const deadline = Date.now() + 5 * MINUTE;
    while (ingestMetrics.readingsStored < expected && Date.now() < deadline) await sleep(5);
    let before = '';
    while (JSON.stringify(ingestMetrics.snapshot()) !== before) {
      before = JSON.stringify(ingestMetrics.snapshot());
      await sleep(300);
    }
  };
  /** What the ingest (all its calls) and the engine (its own) spent between two snapshots. */
  const spentBetween = (before: IngestCounters, after: IngestCounters) => ({
    readings: after.readingsStored - before.readingsStored,
    ingest: {
      readRequests: after.readRequests - before.readRequests, readUnits: after.readCapacityUnits - before.readCapacityUnits,
      writeRequests: after.writeRequests - before.writeRequests, writeUnits: after.writeCapacityUnits - before.writeCapacityUnits,
    },
    engine: {
      readRequests: after.alarmReadRequests - before.alarmReadRequests, readUnits: after.alarmReadCapacityUnits - before.alarmReadCapacityUnits,
      writeRequests: after.alarmWriteRequests - before.alarmWriteRequests, writeUnits: after.alarmWriteCapacityUnits - before.alarmWriteCapacityUnits,
    },
  });
  const add = (into: Consumption, more: Consumption) => {
    into.readRequests += more.readRequests; into.readUnits += more.readUnits;
    into.writeRequests += more.writeRequests; into.writeUnits += more.writeUnits;
  };

  // 1. Rounds of one reading per sensor, "off" and "on" in alternating order; readings a few seconds apart, all in range (3.5-5.5 °C).
  const side = () => ({ ingest: { arming: noConsumption(), steady: noConsumption() }, engine: { arming: noConsumption(), steady: noConsumption() }, readings: { arming: 0, steady: 0 } });
  const totals = { off: side(), on: side() };
  let lastRoundTime = 0;
  let firstOnTime = 0;
  const roundsStarted = Date.now();
  for (let round = 0; round < ROUNDS; round += 1) {
    const order: Array<'off' | 'on'> = round % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
    for (const which of order) {
      // The last reading at least 150 s after the first (as of sensors reporting every few minutes), so the clock's
      // re-arming of the first timers lands a minute or more ahead (a timer due within the minute goes a minute later).
      if (which === 'on' && round === ROUNDS - 1) await sleep(Math.max(0, firstOnTime + 150_000 - Date.now()));
      const time = Math.floor(Date.now() / 1000) * 1000;
      if (which === 'on') lastRoundTime = time;
      if (which === 'on' && round === 0) firstOnTime = time;
      const before = ingestMetrics.snapshot();
      await publishFleet(fleets[which], time, (index) => 4.5 + Math.sin(index + round) * 0.8);
      await settle(before.readingsStored + SENSORS);
      const spent = spentBetween(before, ingestMetrics.snapshot());
      const part = round === 0 ? 'arming' : 'steady';
      add(totals[which].ingest[part], spent.ingest);
      add(totals[which].engine[part], spent.engine);
      totals[which].readings[part] += spent.readings;
      await sleep(1000);
    }
  }
  const roundsSeconds = (Date.now() - roundsStarted) / 1000;
  const perReading = (which: 'off' | 'on', part: 'arming' | 'steady', whose: 'ingest' | 'engine' = 'ingest'): Consumption => {
    const spent = totals[which][whose][part];
    const readings = Math.max(1, totals[which].readings[part]);
    return { readRequests: spent.readRequests / readings, readUnits: spent.readUnits / readings, writeRequests: spent.writeRequests / readings, writeUnits: spent.writeUnits / readings };
  };
  const added = (part: 'arming' | 'steady'): Consumption => {
    const on = perReading('on', part);
    const off = perReading('off', part);
    return { readRequests: on.readRequests - off.readRequests, readUnits: on.readUnits - off.readUnits, writeRequests: on.writeRequests - off.writeRequests, writeUnits: on.writeUnits - off.writeUnits };
  };
  const listAlarms = async (query: string): Promise<Alarm[]> => {
    const items: Alarm[] = [];
    let cursor: string | undefined;
    do {
      const page = await api(stack, admin, 'GET', `/alarms?${query}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      if (page.status !== 200) throw new Error(`GET /api/alarms: ${page.status} ${JSON.stringify(page.body)}`);
      const body = page.body as { items: Alarm[]; nextCursor?: string };
      items.push(...body.items);
      cursor = body.nextCursor;
    } while (cursor !== undefined);
    return items;
  };
  const alarmsAfterRounds = (await listAlarms('status=active')).length;

  // 2. Publish → listed: one out-of-range reading (12 °C, delay 0) of a sensor at a time (sensors of their own, out of range
  // only, so the 1,000 above stay silent from their last round on), GET /api/alarms?deviceId= polled every 20 ms.
  const latencies: number[] = [];
  const serverSide: number[] = [];
  for (let sample = 0; sample < LATENCY_SAMPLES; sample += 1) {
    const sensor = fleets.latency.sensors[sample];
    if (sensor === undefined) break;
    const time = Date.now();
    const started = process.hrtime.bigint();
    const gatewayId = sensor.gatewayId ?? '';
    await clientOf.get(gatewayId)?.publishAsync(deviceTopic(ORG, gatewayId, 'readings'),
      JSON.stringify({ readings: [{ deviceId: sensor.id, time: iso(time), channels: { '1': 12 }, battery: 90, signal: -72, snr: 9 }], sentAt: iso(time) }), { qos: 1 });
    const deadline = Date.now() + MINUTE;
    let found: Alarm | undefined;
    while (found === undefined && Date.now() < deadline) {
      const page = await api(stack, admin, 'GET', `/alarms?status=active&deviceId=${sensor.id}&limit=10`);
      found = (page.body as { items?: Alarm[] }).items?.find((alarm) => alarm.type !== 'inactivity');
      if (found === undefined) await sleep(20);
    }
    latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (found !== undefined) serverSide.push(Date.parse(found.raisedAt) - time);
    await sleep(200);
  }

  // 3 and 4. The clock in-process, a tick a minute on a controlled clock (EventBridge's times: on the minute), from
  // the current minute until every sensor's window has passed. Its cursor is put a little behind first; the stack's
  // own cron (real time) then finds the cursor ahead of it and does nothing meanwhile.
  const logger = createPortalLogger();
  const newestReading = lastRoundTime;
  const firstTick = minuteStart(minuteOf(Date.now())) + MINUTE;
  const lastTick = minuteStart(minuteOf(newestReading + windowMs)) + 2 * MINUTE;
  await writeClockCursor(documents, tableName, minuteOf(firstTick - 2 * MINUTE));
  const ticks: Array<{ at: number; due: number; failed: number; ms: number; consumed: Consumption }> = [];
  for (let at = firstTick; at <= lastTick; at += MINUTE) {
    counted.current = noConsumption();
    const started = process.hrtime.bigint();
    const run = await runAlarmClock({ client: documents, tableName, now: at, logger });
    ticks.push({ at, due: run.due, failed: run.failed, ms: Number(process.hrtime.bigint() - started) / 1e6, consumed: counted.current });
  }
  const inactivity = (await listAlarms('status=active&type=inactivity')).filter((alarm) => onIds.includes(alarm.deviceId));
  const afterWindow = inactivity.map((alarm) => (Date.parse(alarm.raisedAt) - (Date.parse(alarm.startedAt) + windowMs)) / 1000);
  const idle = ticks.filter((tick) => tick.due === 0);
  const busy = ticks.filter((tick) => tick.due > 0);
  const raiseTick = busy.find((tick) => tick.at > lastRoundTime + windowMs);
  const rearmTicks = busy.filter((tick) => tick !== raiseTick);
  const idleAverage = (key: keyof Consumption) => idle.reduce((sum, tick) => sum + tick.consumed[key], 0) / Math.max(1, idle.length);
  const describeTick = (tick: { due: number; failed: number; ms: number; consumed: Consumption }) =>
    `${String(tick.due).padStart(5)} due, ${(tick.ms / 1000).toFixed(2).padStart(6)} s: ${tick.consumed.readRequests} read requests (${tick.consumed.readUnits.toFixed(1)} RU), ${tick.consumed.writeRequests} write requests (${tick.consumed.writeUnits.toFixed(1)} WU)${tick.failed > 0 ? `, ${tick.failed} failed` : ''}`;
  const rearm = rearmTicks.reduce((most, tick) => (tick.due > (most?.due ?? 0) ? tick : most), undefined as (typeof ticks)[number] | undefined);
  const readingsPerWindow = windowMs / (engineDevice.reportSeconds * 1000);
  const difference = added('steady');
  const engine = perReading('on', 'steady', 'engine');
  const arming = perReading('on', 'arming', 'engine');
  const on = perReading('on', 'steady');
  const off = perReading('off', 'steady');
  const f = (value: number, digits = 3) => value.toFixed(digits).padStart(7);

  console.log(`
Alarms (${cpus().length} cores, Node ${process.version}); local stack ready in ${startSeconds.toFixed(1)} s; bench ${((Date.now() - benchStarted) / 1000).toFixed(0)} s
Alarm profile: out of range 0-8 °C (delay 0, deadband ${profile.deadband ?? 'default'}), inactivity (default window ${(windowMs / 1000).toFixed(0)} s: twice the model's ${engineDevice.reportSeconds} s report interval + the gateway's ${engineDevice.gatewayHeartbeatSeconds ?? 0} s heartbeat + 60 s), low battery 20 %

1. Engine cost per reading, no alarm condition: ${SENSORS} sensors with the profile ("on") and ${SENSORS} without ("off"), same organisation,
   ${ROUNDS} rounds of one reading per sensor (one batch of ${PER_GATEWAY} per gateway, QoS 1), off and on alternating (${roundsSeconds.toFixed(0)} s);
   the ingest's counters (its calls and the engine's, ConsumedCapacity as DynamoDB Local reports it)
                                          write req   write units   read req   read units
  off, rounds 2-${ROUNDS}                          ${f(off.writeRequests)}   ${f(off.writeUnits)}     ${f(off.readRequests, 4)}   ${f(off.readUnits, 4)}
  on,  rounds 2-${ROUNDS}                          ${f(on.writeRequests)}   ${f(on.writeUnits)}     ${f(on.readRequests, 4)}   ${f(on.readUnits, 4)}
  difference on - off, rounds 2-${ROUNDS}      ${f(difference.writeRequests)}   ${f(difference.writeUnits)}     ${f(difference.readRequests, 4)}   ${f(difference.readUnits, 4)}
  the engine's own calls (on), rounds 2-${ROUNDS}   ${f(engine.writeRequests)}   ${f(engine.writeUnits)}     ${f(engine.readRequests, 4)}   ${f(engine.readUnits, 4)}   (target ≤ 0.1 WU and 0 read requests: ${engine.writeUnits <= 0.1 && engine.readRequests === 0 ? 'met' : 'NOT met'})
  the engine's own calls (on), round 1         ${f(arming.writeRequests)}   ${f(arming.writeUnits)}     ${f(arming.readRequests, 4)}   ${f(arming.readUnits, 4)}   (arming, once per sensor: its state item and its inactivity timer)
  active alarms after the rounds: ${alarmsAfterRounds}

2. Publish (MQTT, QoS 1) → alarm listed by GET /api/alarms?deviceId= (polled every 20 ms), ${latencies.length} sensors one at a time, out of range with delay 0:
  p50 ${percentile(latencies, 50).toFixed(0)} ms   p95 ${percentile(latencies, 95).toFixed(0)} ms   max ${Math.max(...latencies).toFixed(0)} ms   (raisedAt - reading time: p50 ${percentile(serverSide, 50).toFixed(0)} ms, p95 ${percentile(serverSide, 95).toFixed(0)} ms)
  with a delay, the alarm comes with the first reading after it, or from the clock's tick after it ends: up to 60 s more (plus the tick's run)

3. Inactivity, ${SENSORS} sensors silent at once (last reading ${iso(lastRoundTime)}), the clock run in-process minute by minute (${ticks.length} ticks):
  ${inactivity.length} inactivity alarms raised; raised after the window: min ${Math.min(...afterWindow).toFixed(0)} s, p50 ${percentile(afterWindow, 50).toFixed(0)} s, p95 ${percentile(afterWindow, 95).toFixed(0)} s, max ${Math.max(...afterWindow).toFixed(0)} s (bound: window + 60 s: ${afterWindow.length > 0 && Math.max(...afterWindow) <= 60 ? 'met' : 'NOT met'})
  tick that raised them: ${raiseTick === undefined ? 'none' : describeTick(raiseTick)}
  (an alarm carries its tick's time; the tick wrote its last alarm ${((raiseTick?.ms ?? 0) / 1000).toFixed(0)} s after it started: listed up to ${(Math.max(...afterWindow) + (raiseTick?.ms ?? 0) / 1000).toFixed(0)} s after its window)
  tick that re-armed the timers (sensors still reporting): ${rearm === undefined ? 'none' : describeTick(rearm)}

4. The clock's calls per tick (every request of the run, on its own client):
  nothing due (${idle.length} ticks, mean): ${idleAverage('readRequests').toFixed(1)} read requests, ${idleAverage('readUnits').toFixed(1)} read units; ${idleAverage('writeRequests').toFixed(1)} write requests, ${idleAverage('writeUnits').toFixed(1)} write units
  ${busy.map((tick) => `${iso(tick.at).slice(11, 16)}: ${describeTick(tick)}`).join('\n  ')}
  re-arming a sensor's inactivity timer (once per window while it reports), per reading of a sensor reporting every ${engineDevice.reportSeconds} s (${readingsPerWindow.toFixed(1)} readings a window): ${rearm === undefined || rearm.due === 0 ? '?' : `${(rearm.consumed.writeUnits / rearm.due / readingsPerWindow).toFixed(3)} WU, ${(rearm.consumed.readRequests / rearm.due / readingsPerWindow).toFixed(3)} read requests (${(rearm.consumed.readUnits / rearm.due / readingsPerWindow).toFixed(3)} RU)`}
`);
  documents.destroy();
} finally {
  await Promise.all(clients.map((client) => client.endAsync(true).catch(() => undefined)));
  await local.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
