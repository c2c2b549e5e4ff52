import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePorts } from '../../local/ports';
import { startLocalStack } from '../../local/stack';

export interface StackUnderTest {
  portalUrl: string;
  apiUrl: string;
  identityEndpoint: string;
  dynamoEndpoint: string;
  tableName: string;
  userPoolId: string;
  portalClientId: string;
  helpdeskClientId: string;
  /** The local broker (devices connect with `deviceCredentials(dataDir, ...)`: test/support/devices.ts). */
  mqttUrl: string;
  /** The stack's data folder, where the device signing secret is kept. */
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackUnderTest;
  }
}

/**
 * One whole local stack on free ports, in a throw-away data folder, for the integration
 * and browser tests; it is stopped and wiped afterwards.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'coldchain-test-'));
  // A low session limit, so the limit's behaviour can be tested without dozens of sign-ins;
  // the API reads it per request, the web app from /config.json.
  process.env['MAX_SESSIONS'] = '3';
  const stack = await startLocalStack({ ports: await freePorts(), dataDir });
  project.provide('stack', {
    portalUrl: stack.urls.portal,
    apiUrl: stack.urls.api,
    identityEndpoint: stack.urls.identity,
    dynamoEndpoint: stack.urls.dynamodb,
    tableName: stack.tableName,
    mqttUrl: stack.urls.mqtt,
    dataDir: stack.dataDir,
    ...stack.identity,
  });
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
