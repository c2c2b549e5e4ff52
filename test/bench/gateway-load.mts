import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { DEFAULT_ADMISSION_LIMITS } from '../../local/admission';
import { freePorts } from '../../local/ports';
import { startLocalStack } from '../../local/stack';
import { VerifiedTokens } from '../../local/verified-tokens';
import { accountKeyParams, sessionTokenKeyParams } from '../../lambdas/data';
import { NAMED_ITEM_ENTITY, namedItemsByName } from '../../lambdas/data/entities/named-item';
import { api, createUser, type TestUser } from '../support/identity';
import { percentile, stackUnderTest, time } from './measure';

/**
 * `npm run bench`, issue 32 section 2: the local gateway under load. Figures, not assertions.
 *
 * 1. Sustained: a mix of authenticated reads (the department list, the caller's own details)
 *    of 4 users, a fixed number in flight (1 to 64), 5 s each: requests a second and p95.
 *    Beside it, in the same run, the same reads sent to DynamoDB Local directly (the session
 *    GetItem every API call makes, then the list's Query or the account's GetItem): what the
 *    database alone serves.
 * 2. A burst: 200 requests a second for 30 s, not capped in flight (a new request every 5 ms
 *    whatever the answers), then how long until a request is served again.
 *
 * The load client runs in a worker thread (its own event loop; the same two cores), targets
 * 127.0.0.1 only, and every phase ends by itself: a request gives up after 10 s, a phase
 * after its duration plus that.
 */
const STEP_SECONDS = 5;
const CONCURRENCY_STEPS = [1, 2, 4, 8, 16, 32, 64];
const BURST_RATE = 200;
const BURST_SECONDS = 30;
const REQUEST_TIMEOUT_MS = 10_000;
const P95_TARGET_MS = 500;

type Target =
  | { kind: 'http'; path: string; headers: Record<string, string> }
  | { kind: 'dynamo'; reads: ({ get: Record<string, unknown> } | { query: Record<string, unknown> })[] };

interface Phase {
  mode: 'closed' | 'open';
  /** Closed: requests in flight; open: requests started a second. */
  level: number;
  durationMs: number;
  targets: Target[];
}

interface PhaseResult {
  latencies: number[];
  outcomes: Record<string, number>;
  elapsedMs: number;
}

/** The load client (plain JavaScript: a worker runs it as is). */
const CLIENT = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { createRequire } = require('node:module');
const load = createRequire(workerData.base);
const { DynamoDBClient } = load('@aws-sdk/client-dynamodb');
const { DynamoDBDocumentClient, GetCommand, QueryCommand } = load('@aws-sdk/lib-dynamodb');
const { port, dynamo, timeoutMs } = workerData;
// Idle sockets are dropped before the server's keep-alive timeout (5 s) would close one under a new request.
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, timeout: 4000 });
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({
  endpoint: dynamo.endpoint, region: dynamo.region, credentials: dynamo.credentials,
  requestHandler: { httpAgent: new http.Agent({ keepAlive: true, maxSockets: 256 }) },
}));

function httpRequest(target) {
  return new Promise((resolve) => {
    const request = http.request({ host: '127.0.0.1', port, path: target.path, headers: target.headers, agent, timeout: timeoutMs }, (response) => {
      response.resume();
      response.on('end', () => resolve(String(response.statusCode)));
      response.on('error', () => resolve('reset'));
    });
    request.on('timeout', () => { request.destroy(new Error('timeout')); });
    request.on('error', (error) => resolve(error.message === 'timeout' ? 'timeout' : error.code === 'ECONNRESET' || error.code === 'EPIPE' ? 'reset' : (error.code || 'error')));
    request.end();
  });
}

async function dynamoReads(target) {
  try {
    for (const read of target.reads) {
      await documents.send(read.get ? new GetCommand(read.get) : new QueryCommand(read.query), { abortSignal: AbortSignal.timeout(timeoutMs) });
    }
    return '200';
  } catch (error) {
    return error.name === 'TimeoutError' || error.name === 'AbortError' ? 'timeout' : 'error';
  }
}

async function one(target, result) {
  const started = performance.now();
  const outcome = target.kind === 'http' ? await httpRequest(target) : await dynamoReads(target);
  result.outcomes[outcome] = (result.outcomes[outcome] || 0) + 1;
  if (outcome === '200') result.latencies.push(performance.now() - started);
}

parentPort.on('message', async (phase) => {
  const result = { latencies: [], outcomes: {}, elapsedMs: 0 };
  const started = performance.now();
  const end = started + phase.durationMs;
  let next = 0;
  const pick = () => phase.targets[next++ % phase.targets.length];
  if (phase.mode === 'closed') {
    const loops = Array.from({ length: phase.level }, async () => {
      while (performance.now() < end) await one(pick(), result);
    });
    await Promise.all(loops);
  } else {
    const pending = [];
    const interval = 1000 / phase.level;
    const total = Math.round(phase.durationMs / interval);
    for (let index = 0; index < total; index += 1) {
      const due = started + index * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(one(pick(), result));
    }
    await Promise.all(pending);
  }
  result.elapsedMs = performance.now() - started;
  parentPort.postMessage(result);
});
`;

const dataDir = mkdtempSync(join(tmpdir(), 'coldchain-bench-load-'));
const local = await startLocalStack({ ports: await freePorts(), dataDir, seed: false });
const worker = new Worker(CLIENT, {
  eval: true,
  workerData: {
    base: import.meta.url, port: Number(new URL(local.urls.portal).port), timeoutMs: REQUEST_TIMEOUT_MS,
    dynamo: { endpoint: local.urls.dynamodb, region: 'us-east-1', credentials: local.credentials },
  },
});
let pending: { resolve: (result: PhaseResult) => void; reject: (error: Error) => void } | undefined;
worker.on('message', (result: PhaseResult) => pending?.resolve(result));
worker.on('error', (error) => pending?.reject(error));
worker.on('exit', () => pending?.reject(new Error('The load client stopped.')));
const run = (phase: Phase) => new Promise<PhaseResult>((resolve, reject) => {
  pending = { resolve, reject };
  worker.postMessage(phase);
});

try {
  const stack = stackUnderTest(local);
  const customerId = `bench-load-${Date.now()}`;
  const users: TestUser[] = [];
  for (let index = 0; index < 4; index += 1) users.push(await createUser(stack, 'admin', customerId));
  for (let index = 0; index < 50; index += 1) await api(stack, users[0], 'POST', '/departments', { name: `Dept ${index}` });

  const headersOf = (user: TestUser) => ({ authorization: `Bearer ${user.token}`, accountid: user.accountId, customerid: user.customerId });
  const apiTargets: Target[] = users.flatMap((user) => [
    { kind: 'http' as const, path: '/api/departments', headers: headersOf(user) },
    { kind: 'http' as const, path: '/api/account/me', headers: headersOf(user) },
  ]);
  const dynamoTargets: Target[] = users.flatMap((user) => {
    const claims = decodeJwt(user.token);
    const tokenId = String(claims['origin_jti'] ?? claims['jti']);
    const session = { get: { ...sessionTokenKeyParams(local.tableName, customerId, tokenId), ConsistentRead: true } };
    return [
      { kind: 'dynamo' as const, reads: [session, { query: { ...namedItemsByName(local.tableName, customerId, NAMED_ITEM_ENTITY.department), Limit: 50 } }] },
      { kind: 'dynamo' as const, reads: [session, { get: { TableName: local.tableName, Key: accountKeyParams(local.tableName, customerId, user.accountId).Key } }] },
    ];
  });
  // What the gateway does with a token on each request: a signature check, or (since issue 32) the claims kept from one.
  const jwks = createRemoteJWKSet(new URL(`${local.urls.identity}/${local.identity.userPoolId}/.well-known/jwks.json`));
  const token = users[0]?.token ?? '';
  const verifyOptions = { issuer: String(decodeJwt(token).iss), audience: local.identity.portalClientId };
  const verifiedTokens = new VerifiedTokens();
  await time(50, () => jwtVerify(token, jwks, verifyOptions));
  const verifySamples = await time(1000, () => jwtVerify(token, jwks, verifyOptions));
  verifiedTokens.set(token, { sub: 'bench' }, Number(decodeJwt(token).exp));
  const cachedSamples = await time(1000, () => Promise.resolve(verifiedTokens.get(token, Date.now())));

  // Every target answers before anything is timed (handlers loaded, tokens verified once).
  const warm = await run({ mode: 'closed', level: 2, durationMs: 2_000, targets: [...apiTargets, ...dynamoTargets] });
  if (Object.keys(warm.outcomes).some((outcome) => outcome !== '200')) throw new Error(`Warm-up answered ${JSON.stringify(warm.outcomes)}`);

  const sustained = async (targets: Target[]) => {
    const rows: { level: number; perSecond: number; p50: number; p95: number; refused: number }[] = [];
    for (const level of CONCURRENCY_STEPS) {
      const result = await run({ mode: 'closed', level, durationMs: STEP_SECONDS * 1000, targets });
      rows.push({
        level, perSecond: result.latencies.length / (result.elapsedMs / 1000),
        p50: percentile(result.latencies, 50), p95: percentile(result.latencies, 95),
        refused: Object.entries(result.outcomes).filter(([outcome]) => outcome !== '200').reduce((sum, [, count]) => sum + count, 0),
      });
    }
    return rows;
  };
  const direct = await sustained(dynamoTargets);
  const gateway = await sustained(apiTargets);
  const best = (rows: typeof direct) => rows.filter((row) => row.p95 < P95_TARGET_MS).reduce((top, row) => (row.perSecond > top.perSecond ? row : top), { level: 0, perSecond: 0, p50: 0, p95: 0, refused: 0 });

  const burst = await run({ mode: 'open', level: BURST_RATE, durationMs: BURST_SECONDS * 1000, targets: apiTargets });
  const burstEndedAt = Date.now();
  let recoveredMs = -1;
  while (Date.now() - burstEndedAt < 30_000) {
    const { status } = await api(stack, users[1], 'GET', '/departments');
    if (status === 200) {
      recoveredMs = Date.now() - burstEndedAt;
      break;
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }

  const limits = DEFAULT_ADMISSION_LIMITS;
  console.log(`\nA token's check: signature verified ${percentile(verifySamples, 50).toFixed(3)} ms at p50 (${percentile(verifySamples, 95).toFixed(3)} ms p95), ` +
    `kept claims ${percentile(cachedSamples, 50).toFixed(3)} ms (${percentile(cachedSamples, 95).toFixed(3)} ms p95)`);
  console.log(`The local gateway under load (admission: ${limits.maxInFlight} in flight, ${limits.maxQueued} waiting, ${limits.maxPerClient} a client)`);
  console.log('in flight   DynamoDB Local directly (baseline)        through the gateway');
  for (const [index, row] of direct.entries()) {
    const through = gateway[index];
    const cell = (entry: typeof row | undefined) => entry === undefined ? '' :
      `${entry.perSecond.toFixed(0).padStart(5)}/s p50 ${entry.p50.toFixed(0).padStart(5)} ms p95 ${entry.p95.toFixed(0).padStart(5)} ms${entry.refused ? ` (${entry.refused} not 200)` : ''}`;
    console.log(`${String(row.level).padStart(9)}   ${cell(row).padEnd(42)}${cell(through)}`);
  }
  const directBest = best(direct);
  const gatewayBest = best(gateway);
  console.log(`sustained with p95 under ${P95_TARGET_MS} ms: directly ${directBest.perSecond.toFixed(0)}/s (${directBest.level} in flight), through the gateway ${gatewayBest.perSecond.toFixed(0)}/s (${gatewayBest.level} in flight)`);
  const count = (outcome: string) => burst.outcomes[outcome] ?? 0;
  const sent = Object.values(burst.outcomes).reduce((sum, value) => sum + value, 0);
  const other = sent - count('200') - count('503') - count('timeout') - count('reset');
  console.log(`burst ${BURST_RATE}/s for ${BURST_SECONDS} s: ${sent} sent, ${count('200')} served (p50 ${percentile(burst.latencies, 50).toFixed(0)} ms, p95 ${percentile(burst.latencies, 95).toFixed(0)} ms), ` +
    `${count('503')} refused with 503, ${count('timeout')} timeouts, ${count('reset')} resets, ${other} other; served again ${recoveredMs} ms after it ended`);
} finally {
  await worker.terminate();
  await local.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
