import type { LocalStack } from '../../local/stack';
import type { StackUnderTest } from '../support/global-setup';

/** The benches' measuring: timed rounds and their percentiles, in milliseconds. */

/** The `p`th percentile (0 to 100) of the samples, by nearest rank; 0 for none. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Runs `work` `rounds` times one after another; each round's duration in milliseconds. */
export async function time(rounds: number, work: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = process.hrtime.bigint();
    await work();
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return samples;
}

/** A bench's local stack as the test helpers (test/support/identity.ts) take it. */
export function stackUnderTest(local: LocalStack): StackUnderTest {
  return {
    portalUrl: local.urls.portal, apiUrl: local.urls.api, identityEndpoint: local.urls.identity, dynamoEndpoint: local.urls.dynamodb,
    tableName: local.tableName, mqttUrl: local.urls.mqtt, dataDir: local.dataDir, credentials: local.credentials, s3Endpoint: local.urls.s3, ...local.identity,
    // A bench does not capture the stack's output (the security suite does).
    logFile: '/dev/null',
  };
}
