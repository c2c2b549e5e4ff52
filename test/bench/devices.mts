import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import mqtt, { type MqttClient } from 'mqtt';
import { floorToHour, hourKey, rollupOf } from '@domain/telemetry/rollups';
import { deviceTopic, MAX_GRAPH_POINTS, type GraphData } from '@domain/telemetry/telemetry';
import { ingestMetrics } from '../../lambdas/ingest/handler';
import { directoryPartition, newestReadings, readingPartition, rollupPartition } from '../../lambdas/data';
import { listedNewestReadings } from '../../lambdas/data/newest-readings';
import { readingItem, rollupItem, TelemetryTable } from '../../lambdas/data/repositories/ingest';
import { deviceCredentials } from '../../local/device-credentials';
import { LOCAL_REGION } from '../../local/identity';
import { freePorts } from '../../local/ports';
import { coalesce, countReadings } from '../../local/simulator/batching';
import { syntheticFleet } from '../../local/simulator/fleet';
import { Simulation, type SimulatedMessage } from '../../local/simulator/simulation';
import { registerSyntheticFleet } from '../../local/simulator/synthetic-registration';
import { startLocalStack } from '../../local/stack';
import { api, createUser, provisionAccount } from '../support/identity';
import { percentile, stackUnderTest, time } from './measure';

/**
 * `npm run bench` (second part): devices and telemetry (issue 5 §5), measured in one run on
 * a fresh local stack, each figure next to a baseline of the same DynamoDB Local:
 * - readings per second end to end (MQTT publish → rule subscriber → ingest → stored) for
 *   1,000 simulated sensors, 10 readings each one simulated minute apart, published as one
 *   gateway batch per gateway per simulated minute; next to the raw BatchWriteItem rate of the
 *   same items (25 per request, as many writers as the rule subscriber runs ingest calls);
 * - write and read requests and capacity units per stored reading (the ingest's own counters);
 * - the sensor list (1,000 sensors, paged) and a 24-hour and a 30-day graph, p50/p95, next to a
 *   bare Query of the same items; the newest readings as the list reads them (gateway batch items)
 *   and as the detail does (one Query a sensor); the number of points of the 30-day graph.
 * Figures, not assertions; recorded in docs/performance.md.
 */

const SENSORS = 1000;
const READINGS_PER_SENSOR = 10;
const PER_GATEWAY = 100;
/** The rule subscriber's concurrency (local/iot-rules.ts): the raw baseline uses as many writers. */
const WRITERS = 4;
const ROUNDS = 20;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ORG = 'bench-org';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const row = (label: string, samples: number[]) =>
  `${label.padEnd(64)} p50 ${percentile(samples, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(samples, 95).toFixed(1).padStart(7)} ms`;

/** Writes items with BatchWriteItem, 25 per request, `writers` requests at a time, unprocessed ones again. */
async function batchWrite(documents: DynamoDBDocumentClient, tableName: string, items: Record<string, unknown>[], writers: number): Promise<void> {
  const chunks: Record<string, unknown>[][] = [];
  for (let index = 0; index < items.length; index += 25) chunks.push(items.slice(index, index + 25));
  let next = 0;
  await Promise.all(Array.from({ length: writers }, async () => {
    while (next < chunks.length) {
      const chunk = chunks[next] ?? [];
      next += 1;
      let requests: Record<string, unknown>[] = chunk.map((item) => ({ PutRequest: { Item: item } }));
      while (requests.length > 0) {
        const result = await documents.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
        requests = (result.UnprocessedItems?.[tableName] ?? []) as Record<string, unknown>[];
      }
    }
  }));
}

/** Every item of a partition (a bare Query, paged as DynamoDB pages it), optionally within a sort-key range. */
async function queryPartition(documents: DynamoDBDocumentClient, tableName: string, pk: string, range?: { from: string; to: string }): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documents.send(new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: range ? 'pk = :pk AND sk BETWEEN :from AND :to' : 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk, ...(range ? { ':from': range.from, ':to': range.to } : {}) },
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }));
    count += page.Items?.length ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey !== undefined);
  return count;
}

const dataDir = mkdtempSync(join(tmpdir(), 'coldchain-bench-devices-'));
const startedAt = Date.now();
const local = await startLocalStack({ ports: await freePorts(), dataDir });
const startSeconds = (Date.now() - startedAt) / 1000;
const clients: MqttClient[] = [];
try {
  const stack = stackUnderTest(local);
  const { tableName } = local;
  const documents = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: local.urls.dynamodb, region: LOCAL_REGION, credentials: local.credentials }),
    { marshallOptions: { removeUndefinedValues: true } },
  );

  // An organisation of the bench's own: an administrator with corporate access, a location, a site, a profile.
  const admin = await createUser(stack, 'admin', ORG);
  await provisionAccount(stack, { email: admin.email, role: 'admin', customerId: ORG, accountId: admin.accountId, hasDefaultLocAccess: true, isOwner: true });
  const address = { address: '9 Bench Road', city: 'Leeds', state: 'Yorkshire', country: 'United Kingdom', postalCode: 'LS1 1AA' };
  const locationId = ((await api(stack, admin, 'POST', '/locations', { name: 'Bench Depot', ...address })).body as { id: string }).id;
  const siteId = ((await api(stack, admin, 'POST', '/sites', { name: 'Bench Kitchen', locationIds: [locationId], timezone: 'Europe/London', billingAddressSameAsSite: false, billingAddress: address })).body as { id: string }).id;
  // A realistic profile: a move of 0.5 °C is material (the live state is rewritten for it, or at the 10-minute heartbeat).
  const dataLoggingProfileId = ((await api(stack, admin, 'POST', '/dataloggingprofiles', { name: 'Every minute', valueToLog: 'instant', intervalMinutes: 1, calculationWindowMinutes: 1, deviation: 0.5 })).body as { id: string }).id;

  // 1,000 sensors and 10 gateways, registered directly in the table (BatchWriteItem of the stores' own configuration items).
  const fleet = syntheticFleet({ count: SENSORS, perGateway: PER_GATEWAY, reportSeconds: 60, seed: 'bench' });
  const registeredAt = Date.now();
  await registerSyntheticFleet(documents, tableName, fleet, { mode: 'batch', placement: { customerId: ORG, siteId, locationId, dataLoggingProfileId } });
  const registerSeconds = (Date.now() - registeredAt) / 1000;

  // The readings: 10 simulated minutes of the fleet, one gateway batch per gateway per minute.
  // The 10 minutes lie within the current hour, so no sensor leaves an hour during the run and
  // the figures do not depend on the minute the bench starts at; rollups are measured apart below.
  const windowMs = READINGS_PER_SENSOR * MINUTE + 30_000;
  const intoHour = Date.now() - floorToHour(Date.now());
  if (intoHour < windowMs + 5_000) {
    console.log(`Waiting ${((windowMs + 5_000 - intoHour) / 1000).toFixed(0)} s, so the readings' 10 minutes fall within one hour...`);
    await sleep(windowMs + 5_000 - intoHour);
  }
  const now = Date.now();
  const simulationStart = now - windowMs;
  const simulation = new Simulation(fleet, { seed: 'bench', start: simulationStart });
  const minutes: SimulatedMessage[][] = [];
  for (let minute = 1; minute <= READINGS_PER_SENSOR; minute += 1) {
    minutes.push(coalesce(simulation.runUntil(simulationStart + minute * MINUTE)).filter((message) => message.kind === 'readings'));
  }
  const published = minutes.flat();
  const totalReadings = countReadings(published);

  // Raw baseline: the very same reading items (as the ingest builds them) under another organisation, same writers.
  const rawItemsOf = (messages: SimulatedMessage[], tag: string) => messages.flatMap((message) => {
    if (message.kind !== 'readings' || !('readings' in message.payload)) return [];
    return message.payload.readings.map((reading) => readingItem(`bench-raw-${tag}`, reading.deviceId ?? '', {
      time: reading.time, channels: reading.channels as Record<string, number | null>, battery: reading.battery, signal: reading.signal, snr: reading.snr,
      receivedAt: new Date(now).toISOString(), sourceDeviceId: message.publisherId,
    }));
  });
  await batchWrite(documents, tableName, rawItemsOf(minutes[0] ?? [], 'warmup'), WRITERS);

  // End to end: each gateway on its own MQTT connection with its own credentials, as the simulator connects.
  for (const gateway of fleet.gateways) {
    const credentials = deviceCredentials(local.dataDir, ORG, gateway.id);
    clients.push(await mqtt.connectAsync(local.urls.mqtt, { ...credentials, reconnectPeriod: 0, protocolVersion: 4 }));
  }
  const clientOf = new Map(fleet.gateways.map((gateway, index) => [gateway.id, clients[index]]));
  ingestMetrics.reset();
  // Interleaved in rounds of 2 simulated minutes (raw first in every other round), so the
  // load other work puts on this machine at one moment weighs on both sides alike.
  let e2eSeconds = 0;
  let rawSeconds = 0;
  let publishSeconds = 0;
  let expected = 0;
  const deadline = Date.now() + 15 * MINUTE;
  for (let round = 0; round * 2 < minutes.length; round += 1) {
    const messages = minutes.slice(round * 2, round * 2 + 2).flat();
    const endToEnd = async () => {
      expected += countReadings(messages);
      const started = process.hrtime.bigint();
      await Promise.all(messages.map((message) =>
        clientOf.get(message.publisherId)?.publishAsync(deviceTopic(ORG, message.publisherId, 'readings'), JSON.stringify(message.payload), { qos: 1 })));
      publishSeconds += Number(process.hrtime.bigint() - started) / 1e9;
      while (ingestMetrics.readingsStored < expected && Date.now() < deadline) await sleep(5);
      e2eSeconds += Number(process.hrtime.bigint() - started) / 1e9;
      // Untimed: the live-state writes that follow the readings finish before the next measurement starts.
      let before = '';
      while (JSON.stringify(ingestMetrics.snapshot()) !== before) {
        before = JSON.stringify(ingestMetrics.snapshot());
        await sleep(250);
      }
    };
    const raw = async () => {
      const started = process.hrtime.bigint();
      await batchWrite(documents, tableName, rawItemsOf(messages, String(round)), WRITERS);
      rawSeconds += Number(process.hrtime.bigint() - started) / 1e9;
    };
    if (round % 2 === 0) { await endToEnd(); await raw(); } else { await raw(); await endToEnd(); }
  }
  const e2eRate = ingestMetrics.readingsStored / e2eSeconds;
  const metrics = ingestMetrics.snapshot();
  const perReading = ingestMetrics.perReading();
  const rawRate = totalReadings / rawSeconds;
  // Checked in the table itself, not only in the ingest's counters.
  let stored = 0;
  for (const sensor of fleet.sensors) stored += await queryPartition(documents, tableName, readingPartition(ORG, sensor.id));

  // Sensor list: every sensor through the API (pages of 100), next to a bare Query of the sensors' partition (config + state items).
  const listAll = async () => {
    let cursor: string | undefined;
    let count = 0;
    do {
      const page = await api(stack, admin, 'GET', `/sensors?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      const body = page.body as { items: unknown[]; nextCursor?: string };
      count += body.items.length;
      cursor = body.nextCursor;
    } while (cursor !== undefined);
    return count;
  };
  const listed = await listAll();
  const sensorPartition = directoryPartition(ORG, 'SENSOR');
  await time(3, () => queryPartition(documents, tableName, sensorPartition));
  const listBare = await time(ROUNDS, () => queryPartition(documents, tableName, sensorPartition));
  const listFull = await time(ROUNDS, listAll);

  // What serving the newest reading costs the list (issue 17 item 2, issue 33 section 6): the
  // sensor state item is written on events only, so the list reads each sensor's newest reading
  // from its gateway's newest batch items (one Query per gateway, docs/decisions/0081); before,
  // one Limit 1 Query of each sensor's readings' partition (still the detail's, measured too).
  // Read units and time of both for every sensor, next to the sensor partition's own Query
  // (configs and state items), in this run.
  const sensorIds = fleet.sensors.map((sensor) => sensor.id);
  let partitionUnits = 0;
  let partitionStart: Record<string, unknown> | undefined;
  do {
    const page = await documents.send(new QueryCommand({
      TableName: tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': sensorPartition },
      ReturnConsumedCapacity: 'TOTAL', ...(partitionStart ? { ExclusiveStartKey: partitionStart } : {}),
    }));
    partitionUnits += page.ConsumedCapacity?.CapacityUnits ?? 0;
    partitionStart = page.LastEvaluatedKey;
  } while (partitionStart !== undefined);
  let newestUnits = 0;
  let newestQueries = 0;
  await newestReadings(documents, tableName, ORG, sensorIds, { onConsumed: (consumed) => { newestUnits += consumed.CapacityUnits ?? 0; newestQueries += 1; } });
  const newestFull = await time(ROUNDS, () => newestReadings(documents, tableName, ORG, sensorIds));
  const listedSensors = fleet.sensors.map((sensor) => ({ id: sensor.id, gatewayId: sensor.gatewayId, connectionType: 'subGhz' }));
  let batchUnits = 0;
  let batchQueries = 0;
  const fromBatches = await listedNewestReadings(documents, tableName, ORG, listedSensors, {
    now: new Date(), onConsumed: (consumed) => { batchUnits += consumed.CapacityUnits ?? 0; batchQueries += 1; },
  });
  // The same values as the per-sensor Queries: checked here, not only in the tests.
  const perSensor = await newestReadings(documents, tableName, ORG, sensorIds);
  const sameValues = sensorIds.filter((id) => JSON.stringify(fromBatches.get(id)) === JSON.stringify(perSensor.get(id))).length;
  const batchFull = await time(ROUNDS, () => listedNewestReadings(documents, tableName, ORG, listedSensors, { now: new Date() }));
  // As the list reads them: page by page (100 sensors in id order), one page after another.
  const byId = [...listedSensors].sort((a, b) => a.id.localeCompare(b.id));
  const batchPaged = await time(ROUNDS, async () => {
    for (let start = 0; start < byId.length; start += 100) await listedNewestReadings(documents, tableName, ORG, byId.slice(start, start + 100), { now: new Date() });
  });

  // 30 days of one sensor, every 5 minutes, written directly in bulk: the ingest's own readingItem and
  // rollupItem, each hour's rollup computed by domain/telemetry/rollups' rollupOf (what the ingest computes).
  const graphSensor = fleet.sensors[0]?.id ?? '';
  const historyEnd = floorToHour(simulationStart);
  const historyStart = historyEnd - 30 * DAY;
  const history: { time: string; channels: Record<string, number | null> }[] = [];
  for (let at = historyStart; at < historyEnd; at += 5 * MINUTE) {
    history.push({ time: new Date(at).toISOString(), channels: { 1: Number((3 + 1.2 * Math.sin(at / (23 * MINUTE)) + 0.3 * Math.sin(at / DAY)).toFixed(1)) } });
  }
  const byHour = new Map<string, typeof history>();
  for (const reading of history) byHour.set(hourKey(reading.time), [...(byHour.get(hourKey(reading.time)) ?? []), reading]);
  await batchWrite(documents, tableName, [
    ...history.map((reading) => readingItem(ORG, graphSensor, { ...reading, battery: 90, signal: -70, snr: 9, receivedAt: reading.time, sourceDeviceId: fleet.gateways[0]?.id ?? '' })),
    ...[...byHour].map(([hour, readings]) => rollupItem(ORG, graphSensor, hour, rollupOf(Date.parse(`${hour}:00:00.000Z`), readings), new Date().toISOString())),
  ], WRITERS);
  // The hourly rollup, measured apart: the ingest's own TelemetryTable.writeRollup (one Query of
  // the hour's readings, one Put) over 48 hours of 12 readings (a 5-minute sensor).
  ingestMetrics.reset();
  const rollupHours = [...byHour.keys()].slice(-48);
  const telemetryTable = new TelemetryTable(documents, tableName);
  for (const hour of rollupHours) await telemetryTable.writeRollup(ORG, graphSensor, hour, new Date());
  const rollupCost = {
    readRequests: ingestMetrics.readRequests / rollupHours.length, readUnits: ingestMetrics.readCapacityUnits / rollupHours.length,
    writeRequests: ingestMetrics.writeRequests / rollupHours.length, writeUnits: ingestMetrics.writeCapacityUnits / rollupHours.length,
  };
  const graph = (start: number, end: number) => api(stack, admin, 'GET', `/graphdata?queryId=${graphSensor}&startDate=${start}&endDate=${end}`);
  const dayEnd = now;
  const monthEnd = now;
  const points = (body: unknown) => (body as GraphData).channels.reduce((sum, channel) => Math.max(sum, channel.points.length), 0);
  const dayGraph = await graph(dayEnd - DAY, dayEnd);
  const monthGraph = await graph(monthEnd - 30 * DAY, monthEnd);
  const dayBare = await time(ROUNDS, () => queryPartition(documents, tableName, readingPartition(ORG, graphSensor), { from: new Date(dayEnd - DAY).toISOString(), to: new Date(dayEnd).toISOString() }));
  const dayFull = await time(ROUNDS, () => graph(dayEnd - DAY, dayEnd));
  const monthBare = await time(ROUNDS, () => queryPartition(documents, tableName, rollupPartition(ORG, graphSensor), { from: hourKey(monthEnd - 30 * DAY), to: hourKey(monthEnd) }));
  const monthFull = await time(ROUNDS, () => graph(monthEnd - 30 * DAY, monthEnd));

  const batches = published.length;
  const ratio = e2eRate / rawRate;
  console.log(`
Devices and telemetry (${cpus().length} cores, Node ${process.version}); local stack ready in ${startSeconds.toFixed(1)} s
${SENSORS} sensors and ${fleet.gateways.length} gateways registered directly in the table (BatchWriteItem of the stores' configuration items) in ${registerSeconds.toFixed(1)} s

Throughput: ${totalReadings} readings (${READINGS_PER_SENSOR} per sensor, one simulated minute apart), published as ${batches} gateway batches of ${Math.round(totalReadings / batches)} readings (QoS 1, one connection per gateway),
in 5 rounds of 2 minutes' readings, each round measured end to end and raw, in alternating order
  end to end (MQTT publish → stored reading)       ${e2eRate.toFixed(0).padStart(7)} readings/s   (${e2eSeconds.toFixed(2)} s; publishing took ${publishSeconds.toFixed(2)} s)
  raw BatchWriteItem of the same items (25/request, ${WRITERS} writers) ${rawRate.toFixed(0).padStart(7)} items/s      (${rawSeconds.toFixed(2)} s)
  ratio end to end / raw                           ${ratio.toFixed(2).padStart(7)}   (target ≥ 0.50: ${ratio >= 0.5 ? 'met' : 'NOT met'})
  stored: ${metrics.readingsStored} by the ingest's count, ${stored} found in the table; ${metrics.deadLetters} dead letters, ${metrics.duplicates} duplicates

Per stored reading (ingest counters, ConsumedCapacity as DynamoDB Local reports it):
  write requests ${(perReading?.writeRequests ?? 0).toFixed(3)}   write units ${(perReading?.writeUnits ?? 0).toFixed(3)} (target ≤ 1.2: ${(perReading?.writeUnits ?? 99) <= 1.2 ? 'met' : 'NOT met'})
  read requests  ${(perReading?.readRequests ?? 0).toFixed(4)}   read units  ${(perReading?.readUnits ?? 0).toFixed(4)} (target ≤ 0.05: ${(perReading?.readUnits ?? 99) <= 0.05 ? 'met' : 'NOT met'})
  (state writes ${metrics.stateWrites}, skipped by the material-change rule ${metrics.stateWritesSkipped}; rollup writes ${metrics.rollupWrites}; ${metrics.messages} SQS records)
  hourly rollup, measured apart (writeRollup, 48 hours of 12 readings): ${rollupCost.readRequests.toFixed(0)} Query of ${rollupCost.readUnits.toFixed(2)} read units + ${rollupCost.writeRequests.toFixed(0)} Put of ${rollupCost.writeUnits.toFixed(2)} write units per sensor-hour
  with its share added (one rollup per 60 readings of these 1-minute sensors): ${((perReading?.writeUnits ?? 0) + rollupCost.writeUnits / 60).toFixed(3)} write units (target ≤ 1.2: ${(perReading?.writeUnits ?? 99) + rollupCost.writeUnits / 60 <= 1.2 ? 'met' : 'NOT met'}), ${((perReading?.readUnits ?? 0) + rollupCost.readUnits / 60).toFixed(4)} read units (target ≤ 0.05: ${(perReading?.readUnits ?? 99) + rollupCost.readUnits / 60 <= 0.05 ? 'met' : 'NOT met'}) per reading

Reads (${ROUNDS} rounds each):
${row(`bare Query of the sensor partition (${SENSORS} configs + states)`, listBare)}
${row(`GET /api/sensors, all ${listed} in pages of 100`, listFull)}
${row(`newest reading of each of the ${sensorIds.length} sensors (Limit 1 Query each, the detail's)`, newestFull)}
${row(`newest readings of the ${sensorIds.length} sensors from the gateways' batch items, at once`, batchFull)}
${row(`the same in pages of 100, one after another (the list's share)`, batchPaged)}
  sensor list read units: sensor partition ${partitionUnits.toFixed(1)} (baseline), newest readings from batch items +${batchUnits.toFixed(1)} in ${batchQueries} Queries (×${((partitionUnits + batchUnits) / Math.max(0.1, partitionUnits)).toFixed(2)} the baseline; ${sameValues} of ${sensorIds.length} the same as the per-sensor Queries)
  (per-sensor Queries, the detail's: +${newestUnits.toFixed(1)} in ${newestQueries} Queries, ${(newestUnits / Math.max(1, newestQueries)).toFixed(2)} a sensor; ×${((partitionUnits + newestUnits) / Math.max(0.1, partitionUnits)).toFixed(2)} the baseline)
  GET /api/sensors / bare partition Query at p50: ${(percentile(listFull, 50) / Math.max(0.1, percentile(listBare, 50))).toFixed(2)} (target ≤ 2: ${percentile(listFull, 50) <= 2 * percentile(listBare, 50) ? 'met' : 'NOT met'})
${row(`bare Query of 24 h of readings (${dayGraph.status === 200 ? points(dayGraph.body) : '?'} items)`, dayBare)}
${row('GET /api/graphdata, 24 hours (raw)', dayFull)}
${row('bare Query of 30 days of hourly rollups (720 items)', monthBare)}
${row(`GET /api/graphdata, 30 days (${(monthGraph.body as GraphData).resolution})`, monthFull)}
  30-day graph: ${points(monthGraph.body)} points per channel (target ≤ ${MAX_GRAPH_POINTS}: ${points(monthGraph.body) <= MAX_GRAPH_POINTS ? 'met' : 'NOT met'})
`);
  documents.destroy();
} finally {
  await Promise.all(clients.map((client) => client.endAsync(true).catch(() => undefined)));
  await local.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
