import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DEMO_ORGANISATION } from '../../local/demo';
import { LOCAL_REGION } from '../../local/identity';
import { freePorts } from '../../local/ports';
import { startLocalStack } from '../../local/stack';
import { api, createUser } from '../support/identity';
import { percentile, stackUnderTest, time } from './measure';

/**
 * `npm run bench`: figures, not assertions. The department list through the whole local path
 * (gateway, JWT check, middleware, handler) next to a bare Query of the same items on the
 * same DynamoDB Local, in one run, so the figures compare on this machine today.
 */
const ITEMS = 100;
const ROUNDS = 200;

const dataDir = mkdtempSync(join(tmpdir(), 'coldchain-bench-'));
const startedAt = Date.now();
const local = await startLocalStack({ ports: await freePorts(), dataDir });
const startSeconds = (Date.now() - startedAt) / 1000;
try {
  const stack = stackUnderTest(local);
  const admin = await createUser(stack, 'admin', `bench-${Date.now()}`);
  const createSamples: number[] = [];
  for (let index = 0; index < ITEMS; index += 1) {
    const started = process.hrtime.bigint();
    await api(stack, admin, 'POST', '/departments', { name: `Dept ${index}` });
    createSamples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: local.urls.dynamodb, region: LOCAL_REGION, credentials: local.credentials }));
  const bareQuery = () => documents.send(new QueryCommand({
    TableName: local.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': `C#${admin.customerId}#DEPARTMENT` }, Limit: 50,
  }));
  await time(20, bareQuery);
  await time(20, () => api(stack, admin, 'GET', '/departments'));
  const bare = await time(ROUNDS, bareQuery);
  const full = await time(ROUNDS, () => api(stack, admin, 'GET', '/departments'));
  const row = (label: string, samples: number[]) =>
    `${label.padEnd(46)} p50 ${percentile(samples, 50).toFixed(2).padStart(7)} ms   p95 ${percentile(samples, 95).toFixed(2).padStart(7)} ms`;
  console.log(`\nLocal stack ready in ${startSeconds.toFixed(1)} s (${DEMO_ORGANISATION.name} seeded: ${local.seeded})`);
  console.log(row(`bare Query, 50 of ${ITEMS} departments (baseline)`, bare));
  console.log(row('GET /api/departments through the gateway', full));
  console.log(row('POST /api/departments (3-item transaction)', createSamples));
  console.log(`overhead of gateway + JWT + middleware: x${(percentile(full, 50) / percentile(bare, 50)).toFixed(2)} at p50`);
  documents.destroy();
} finally {
  await local.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
