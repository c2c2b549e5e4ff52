import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Context, ScheduledEvent, SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler as scheduledHandler } from '../sensors/schedule-handler';
import { handler as queueHandler } from '../ingest/handler';
import { handler as httpHandler } from '../openapi/handler';
import { apiEvent } from './api-event.test-support';
import { resetBackendConfig } from './config';
import {
  describeError,
  invocationLogger,
  logger,
  metrics,
  METRICS_NAMESPACE,
  observed,
  observedHandler,
  recordApiRequest,
  recordIngestBatch,
} from './observability';

// Metrics are silent off Lambda; these tests read the EMF they would write there. And an
// operator turning on event logging must still not get the event (it carries passwords and tokens).
vi.hoisted(() => {
  process.env['POWERTOOLS_METRICS_DISABLED'] = 'false';
  process.env['POWERTOOLS_LOGGER_LOG_EVENT'] = 'true';
});

const dynamo = mockClient(DynamoDBDocumentClient);
const savedEnvironment = { ...process.env };
const context = {
  awsRequestId: 'req-42', functionName: 'portal-test', invokedFunctionArn: 'arn:aws:lambda:eu-west-1:1:function:portal-test',
  memoryLimitInMB: '512', functionVersion: '$LATEST', getRemainingTimeInMillis: () => 10_000,
} as unknown as Context;

/** Everything written to stdout and stderr while `act` runs (Powertools writes to both streams, not through `console`). */
async function outputOf(act: () => Promise<unknown>): Promise<string[]> {
  const written: string[] = [];
  const capture = (chunk: string | Uint8Array) => {
    written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  };
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  try {
    await act();
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
  return written.join('').split('\n').filter((line) => line.trim() !== '');
}

const parsed = (lines: string[]) => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
const emfOf = (lines: string[]) => parsed(lines).filter((line) => line['_aws'] !== undefined);

beforeEach(() => {
  dynamo.reset();
  Object.assign(process.env, { TABLE_NAME: 'table', LOG_LEVEL: 'DEBUG' });
  resetBackendConfig();
});
afterEach(() => {
  process.env = { ...savedEnvironment };
  resetBackendConfig();
  vi.restoreAllMocks();
});

describe('the logger', () => {
  it('writes one JSON line per entry with the service, the invocation and the keys the portal logs', async () => {
    // Prepare
    const child = invocationLogger(context, { handler: 'departments', requestId: 'req-42', routeKey: 'GET /api/departments' });
    child.appendKeys({ tenant: 'org-1', userId: 'user-1' });

    // Act
    const lines = await outputOf(async () => child.info('request completed', { status: 200, durationMs: 12 }));

    // Assess
    expect(parsed(lines)).toEqual([expect.objectContaining({
      level: 'INFO', message: 'request completed', service: 'portal', timestamp: expect.any(String) as string,
      handler: 'departments', requestId: 'req-42', routeKey: 'GET /api/departments', tenant: 'org-1', userId: 'user-1',
      function_request_id: 'req-42', function_name: 'portal-test', status: 200, durationMs: 12,
    })]);
  });

  it('keeps one invocation\'s keys off another\'s lines (the local runtime serves many at once)', async () => {
    const first = invocationLogger(context, { requestId: 'a' });
    const second = invocationLogger({ ...context, awsRequestId: 'req-43' }, { requestId: 'b' });
    first.appendKeys({ tenant: 'org-1' });

    const lines = parsed(await outputOf(async () => second.info('second')));

    expect(lines[0]).toMatchObject({ requestId: 'b', function_request_id: 'req-43' });
    expect(lines[0]).not.toHaveProperty('tenant');
  });

  it('follows LOG_LEVEL as it is at the invocation, as the local stack and the tests set it', async () => {
    process.env['LOG_LEVEL'] = 'WARN';
    const quiet = await outputOf(async () => invocationLogger(context, {}).info('not shown'));
    process.env['LOG_LEVEL'] = 'DEBUG';
    const loud = await outputOf(async () => invocationLogger(context, {}).debug('shown'));

    expect(quiet).toEqual([]);
    expect(parsed(loud)).toEqual([expect.objectContaining({ level: 'DEBUG', message: 'shown' })]);
  });

  it('never logs the event, even with POWERTOOLS_LOGGER_LOG_EVENT on, nor the response', async () => {
    // Prepare: a sign-in's body and an authorization header, as an event carries them.
    const event = { headers: { authorization: 'Bearer eyJhbGciOiJI.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJlLXNlY3JldA' }, body: '{"password":"Hunter2-secret"}' };
    const handler = observedHandler('secrets', async (_event: typeof event, invocation) => {
      invocationLogger(invocation, { handler: 'secrets' }).info('signed in', { accountId: 'acc-1' });
      return { token: 'eyJhbGciOiJI.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJlLXNlY3JldA' };
    });

    // Act
    const output = (await outputOf(() => handler(event, context))).join('\n');

    // Assess
    expect(output).toContain('signed in');
    expect(output).not.toContain('Hunter2-secret');
    expect(output).not.toContain('c2lnbmF0dXJlLXNlY3JldA');
  });

  it('describes an error by name, message and stack', () => {
    expect(describeError(new TypeError('boom'))).toMatchObject({ errorName: 'TypeError', errorMessage: 'boom', stack: expect.stringContaining('boom') as string });
    expect(describeError('text')).toEqual({ errorMessage: 'text' });
  });
});

describe('the metrics (EMF)', () => {
  it('flushes the ingest\'s metrics at the end of the invocation, in the portal\'s namespace, by service and handler', async () => {
    const handler = observedHandler('ingest', async () => recordIngestBatch({ readingsStored: 7, deadLetters: 1, writeUnits: 9.5 }));

    const emf = emfOf(await outputOf(() => handler({}, context)));

    const batch = emf.find((line) => line['ReadingsStored'] !== undefined);
    expect(batch).toMatchObject({ ReadingsStored: 7, DeadLetters: 1, WriteUnits: 9.5, service: 'portal', handler: 'ingest' });
    const [directive] = (batch?.['_aws'] as { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] }).CloudWatchMetrics;
    expect(directive?.Namespace).toBe(METRICS_NAMESPACE);
    expect(directive?.Dimensions).toEqual([['service', 'handler']]);
    expect(directive?.Metrics.map((metric) => metric.Name)).toEqual(['ReadingsStored', 'DeadLetters', 'WriteUnits']);
  });

  it('counts an API request by status class, with its latency, the route as metadata and not a dimension', async () => {
    const handler = observedHandler('departments', async () => recordApiRequest('GET /api/departments/{id}', 503, 40));

    const [request] = emfOf(await outputOf(() => handler({}, context))).filter((line) => line['ApiRequests'] !== undefined);

    expect(request).toMatchObject({
      ApiRequests: 1, ApiClientErrors: 0, ApiServerErrors: 1, ApiLatency: 40,
      route: 'GET /api/departments/{id}', statusCode: '503', statusClass: '5xx', handler: 'departments',
    });
    const [directive] = (request?.['_aws'] as { CloudWatchMetrics: { Dimensions: string[][] }[] }).CloudWatchMetrics;
    expect(directive?.Dimensions).toEqual([['service', 'handler']]);
  });

  it('writes no warning when an invocation added no metric (a schedule with nothing due)', async () => {
    process.env['LOG_LEVEL'] = 'INFO';
    const handler = observedHandler('quiet', async () => undefined);

    const lines = parsed(await outputOf(() => handler({}, context)));

    expect(lines.filter((line) => line['level'] === 'WARN')).toEqual([]);
  });

  it('writes no warning off Lambda when one handler runs inside another (the local runtime calls handlers in process)', async () => {
    process.env['LOG_LEVEL'] = 'INFO';
    const inner = observedHandler('inner', async () => undefined);
    const outer = observedHandler('outer', async () => inner({}, context));

    const lines = parsed(await outputOf(() => outer({}, context)));

    expect(lines.filter((line) => line['level'] === 'WARN')).toEqual([]);
  });
});

describe('one middleware order for every kind of handler', () => {
  it('is logger, metrics, tracer', () => {
    expect(observed('any').map((middleware) => middleware.step)).toEqual(['logger', 'metrics', 'tracer']);
  });

  /** What the shared middlewares do, in the order they do it, during one call of `invoke`. */
  async function sequenceOf(invoke: () => Promise<unknown>): Promise<string[]> {
    const calls: string[] = [];
    /** Records a call of the shared logger's or metrics' method, and lets it do its work. */
    const watch = <T extends object, K extends keyof T>(target: T, method: K, name: string): { mockRestore(): void } => {
      const original = (target[method] as (...args: unknown[]) => unknown).bind(target);
      return vi.spyOn(target, method as never).mockImplementation(((...args: unknown[]) => {
        calls.push(name);
        return original(...args);
      }) as never);
    };
    const spies = [
      watch(logger, 'addContext', 'logger: context'),
      watch(metrics, 'captureColdStartMetric', 'metrics: cold start'),
      watch(logger, 'createChild', 'invocation logger'),
      watch(metrics, 'publishStoredMetrics', 'metrics: flush'),
      watch(logger, 'resetKeys', 'logger: reset'),
    ];
    try {
      await outputOf(invoke);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    return calls;
  }

  it('is the same for an HTTP, a queue and a scheduled handler', async () => {
    dynamo.on(GetCommand).resolves({});
    dynamo.on(QueryCommand).resolves({ Items: [] });
    const sqsEvent: SQSEvent = { Records: [] };
    const scheduledEvent = { id: 'e-1', time: '2026-03-01T10:00:00Z' } as ScheduledEvent;
    const [route = ''] = httpHandler.routeKeys;

    const http = await sequenceOf(() => httpHandler(apiEvent(route), context as Parameters<typeof httpHandler>[1]));
    const queue = await sequenceOf(() => queueHandler(sqsEvent, context));
    const scheduled = await sequenceOf(() => scheduledHandler(scheduledEvent, context));

    const expected = ['logger: context', 'metrics: cold start', 'invocation logger', 'metrics: flush', 'logger: reset'];
    expect(http).toEqual(expected);
    expect(queue).toEqual(expected);
    expect(scheduled).toEqual(expected);
  });
});
