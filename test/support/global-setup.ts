import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePorts } from '../../local/ports';
import { startLocalStack, type LocalStack } from '../../local/stack';

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
  /** The S3 emulator (files reach it through presigned URLs). */
  s3Endpoint: string;
  /** The stack's AWS credentials (local/credentials.ts): DynamoDB's database and the identity service's admin operations. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Everything the stack's process wrote (every log line, at every level), for the security suite. */
  logFile: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackUnderTest;
    /** GET answers once the stack has handled everything sent to it so far (test/support/idle.ts). */
    stackIdleUrl: string;
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
  // The identity service's test clock (POST /_local/clock): off unless a test stack turns it on.
  process.env['LOCAL_IDENTITY_TEST_CLOCK'] = 'on';
  // DynamoDB Local's JVM with its quick compiler only and the one-thread collector: for a run
  // of minutes its optimising compiler and parallel collector cost more CPU than they save
  // (permissions.test.ts: the JVM's 38 s of CPU became 23 s, the file's time unchanged), CPU
  // the browser tests and the other test run beside this one need on two cores.
  process.env['JDK_JAVA_OPTIONS'] = [process.env['JDK_JAVA_OPTIONS'], '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC'].filter(Boolean).join(' ');
  const logFile = join(dataDir, 'stack.log');
  const restoreOutput = captureOutput(logFile);
  const stack = await startLocalStack({ ports: await freePorts(), dataDir });
  const idleSignal = await serveIdleSignal(stack);
  project.provide('stack', {
    portalUrl: stack.urls.portal,
    apiUrl: stack.urls.api,
    identityEndpoint: stack.urls.identity,
    dynamoEndpoint: stack.urls.dynamodb,
    tableName: stack.tableName,
    mqttUrl: stack.urls.mqtt,
    dataDir: stack.dataDir,
    credentials: stack.credentials,
    s3Endpoint: stack.urls.s3,
    logFile,
    ...stack.identity,
  });
  project.provide('stackIdleUrl', idleSignal.url);
  return async () => {
    await idleSignal.close();
    await stack.stop();
    restoreOutput();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * The tests' signal that the stack is done with what they sent (a test that checks nothing
 * happened waits on it, not on a sleep): the stack lives in this process, the tests in workers,
 * so they ask over loopback (GET /idle). Device messages first (their handlers write alarms), then the
 * notifier (it reads those writes from the table's stream).
 */
async function serveIdleSignal(stack: Pick<LocalStack, 'rules' | 'notifier'>): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    // /idle/devices: the device messages alone (the notifier's three stream reads cost about a second).
    const devicesOnly = request.url === '/idle/devices';
    stack.rules.idle().then(() => (devicesOnly ? undefined : stack.notifier.idle())).then(
      () => response.end('idle'),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/idle`,
    close: () => new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      // The workers' fetches keep their connections open: they must not hold the stop.
      server.closeAllConnections();
    }),
  };
}

/**
 * Every line the stack's process writes goes to `logFile`; the handlers log at every level
 * (DEBUG), so the security suite can check that no secret reaches a log, while the console
 * keeps only what `npm start` would show (warnings and errors, and anything not a log line).
 */
function captureOutput(logFile: string): () => void {
  process.env['LOG_LEVEL'] = 'DEBUG';
  const quiet = /^\{"level":"(DEBUG|INFO)"/;
  const streams = [process.stdout, process.stderr] as const;
  const originals = streams.map((stream) => stream.write.bind(stream));
  // One descriptor for the whole run: the handlers log every request at DEBUG, and opening
  // and closing the file for each line made three system calls of one. Written
  // synchronously, so the security suite reads every line written before it looks.
  const logDescriptor = openSync(logFile, 'a');
  streams.forEach((stream, index) => {
    const original = originals[index] as typeof stream.write;
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      writeSync(logDescriptor, text);
      if (quiet.test(text)) {
        const callback = rest.find((argument) => typeof argument === 'function') as (() => void) | undefined;
        callback?.();
        return true;
      }
      return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
  });
  return () => {
    streams.forEach((stream, index) => { stream.write = originals[index] as typeof stream.write; });
    closeSync(logDescriptor);
  };
}
