import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { LogAttributes, LogLevel } from '@aws-lambda-powertools/logger/types';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';

/**
 * Logs, metrics and traces of every function (Powertools for AWS Lambda), made once here and
 * applied by one list of middlewares, `observed(handlerName)`, first in the chain of every
 * kind of handler (HTTP, queue, scheduled, trigger). Secrets never reach a log: callers log
 * ids and outcomes, never bodies, headers or events (the event is never logged, whatever
 * `POWERTOOLS_LOGGER_LOG_EVENT` says), and traces never carry a response.
 */

export type { Logger } from '@aws-lambda-powertools/logger';
export type LogKeys = LogAttributes;

/** The CloudWatch namespace of the portal's metrics (`POWERTOOLS_METRICS_NAMESPACE` overrides it). */
export const METRICS_NAMESPACE = 'ColdchainPortal';

const LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
type Level = (typeof LEVELS)[number];

/** Set by the Lambda runtime only: the local stack and the tests run the same handlers in-process. */
const onLambda = (): boolean => Boolean(process.env['AWS_LAMBDA_FUNCTION_NAME']);

const serviceName = (): string => process.env['POWERTOOLS_SERVICE_NAME'] || process.env['SERVICE_NAME'] || 'portal';

/** `POWERTOOLS_LOG_LEVEL`, else `LOG_LEVEL`, else INFO, as the hand-made logger read it. */
function levelOfEnvironment(): Level {
  const named = (process.env['POWERTOOLS_LOG_LEVEL'] || process.env['LOG_LEVEL'] || 'INFO').toUpperCase();
  return (LEVELS as readonly string[]).includes(named) ? named as Level : 'INFO';
}

/** A Powertools logger of the portal's service, at the environment's level. */
export function createPortalLogger(): Logger {
  return new Logger({ serviceName: serviceName(), logLevel: levelOfEnvironment() as LogLevel });
}

/** The one logger; a handler logs through a child made per invocation (`invocationLogger`). */
export const logger = createPortalLogger();

/**
 * The local stack and the tests set `LOG_LEVEL` after the handlers were loaded (DEBUG for the
 * secrets suite), so off Lambda the level is read again at each invocation (after Powertools'
 * own per-invocation reset to the level it was built with). On Lambda the environment never
 * changes, and `setLogLevel` would only argue with Advanced Logging Controls.
 */
function followLevelOfEnvironment(): void {
  if (onLambda()) return;
  const level = levelOfEnvironment();
  if (logger.getLevelName() !== level) logger.setLogLevel(level as LogLevel);
}

/**
 * The logger of one invocation: the function's context (request id, cold start) and `keys`
 * (handler, request id, tenant...). A child rather than `appendKeys` on the shared logger:
 * the local runtime serves many requests at once in one process, and keys appended to one
 * logger would show on the lines of another request.
 */
export function invocationLogger(context: Partial<Context> | undefined, keys: LogKeys): Logger {
  followLevelOfEnvironment();
  const child = logger.createChild({ persistentKeys: keys });
  // Not the shared logger's context: that may be another request's, locally (see above).
  child.addContext({ ...context } as Context);
  return child;
}

/** Error details fit for a log line: name, message and stack, never request data. */
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) {
    return { errorName: error.name, errorMessage: error.message, stack: error.stack };
  }
  return { errorMessage: String(error) };
}

// Metrics: CloudWatch embedded metric format (EMF), one JSON line per invocation in the log.
// Off Lambda (the local stack, the tests) nothing reads EMF: the lines would only crowd the
// console (they are not log lines the test setup can quiet), and the benchmark counts the
// ingest's work in process (lambdas/data/ingest-metrics.ts). So metrics stay silent there unless
// `POWERTOOLS_METRICS_DISABLED` says otherwise; they are still added and cleared the same way.
if (!onLambda() && process.env['POWERTOOLS_METRICS_DISABLED'] === undefined) {
  process.env['POWERTOOLS_METRICS_DISABLED'] = 'true';
}

/** Powertools' notice of an invocation that added no metric (a schedule with nothing due) is not a warning. */
const EMPTY_METRICS_NOTICE = /^No application metrics to publish/;
/**
 * Off Lambda every handler runs in one process, so two invocations that overlap set the shared
 * `handler` dimension twice (a Lambda container runs one at a time: there it is a real warning).
 */
const OVERLAPPING_DIMENSION_NOTICE = /^Dimension "handler" has already been added/;
const isNoticeOnly = (message: string) => EMPTY_METRICS_NOTICE.test(message) || (!onLambda() && OVERLAPPING_DIMENSION_NOTICE.test(message));
const metricsNotices = {
  debug: (message: string) => logger.debug(message),
  info: (message: string) => logger.info(message),
  warn: (message: string) => (isNoticeOnly(message) ? logger.debug(message) : logger.warn(message)),
  error: (message: string) => logger.error(message),
};

/** Metrics of the portal's namespace and service (dimension `service`), their notices through the logger. */
export function createPortalMetrics(): Metrics {
  return new Metrics({
    namespace: process.env['POWERTOOLS_METRICS_NAMESPACE'] || METRICS_NAMESPACE,
    serviceName: serviceName(),
    logger: metricsNotices,
  });
}

export const metrics = createPortalMetrics();

/**
 * One HTTP request: a count, the 4xx and 5xx among them, and the latency, per function
 * (dimensions `service` and `handler`). The route and status go in as metadata, searchable in
 * Logs Insights but not dimensions: every distinct dimension set is a custom metric billed
 * monthly, and 139 routes × status classes would multiply the bill for alarms nobody sets.
 */
export function recordApiRequest(route: string, statusCode: number, durationMs: number): void {
  const statusClass = `${Math.floor(statusCode / 100)}xx`;
  metrics.addMetric('ApiRequests', MetricUnit.Count, 1);
  metrics.addMetric('ApiClientErrors', MetricUnit.Count, statusClass === '4xx' ? 1 : 0);
  metrics.addMetric('ApiServerErrors', MetricUnit.Count, statusClass === '5xx' ? 1 : 0);
  metrics.addMetric('ApiLatency', MetricUnit.Milliseconds, durationMs);
  metrics.addMetadata('route', route);
  metrics.addMetadata('statusCode', String(statusCode));
  metrics.addMetadata('statusClass', statusClass);
}

/** What one ingest batch did, for its metrics. */
export interface IngestBatchMetrics {
  /** Reading items written. */
  readingsStored: number;
  /** Dead-letter items written (refused messages or readings). */
  deadLetters: number;
  /** DynamoDB write capacity units the batch consumed. */
  writeUnits: number;
}

/**
 * The ingest's metrics, published with the invocation's other metrics when it ends. Alarm
 * and notification counts join these when the alarm engine and the senders exist.
 */
export function recordIngestBatch(batch: IngestBatchMetrics): void {
  metrics.addMetric('ReadingsStored', MetricUnit.Count, batch.readingsStored);
  metrics.addMetric('DeadLetters', MetricUnit.Count, batch.deadLetters);
  metrics.addMetric('WriteUnits', MetricUnit.Count, batch.writeUnits);
}

// Traces (X-Ray): on Lambda only, and only when `POWERTOOLS_TRACE_ENABLED` is not `false`.
// Locally there is no X-Ray daemon; the tracer (and the X-Ray SDK, ~200 ms to load) is then
// never loaded, so neither the local stack nor the tests pay for it.
const tracingEnabled = (): boolean => onLambda() && process.env['POWERTOOLS_TRACE_ENABLED'] !== 'false';

type TracerModule = typeof import('@aws-lambda-powertools/tracer');
type TracerMiddleware = ReturnType<typeof import('@aws-lambda-powertools/tracer/middleware').captureLambdaHandler>;
let tracing: Promise<{ tracer: InstanceType<TracerModule['Tracer']>; middleware: TracerMiddleware }> | undefined;

function loadTracing() {
  // A function deployed with traces off is bundled with `POWERTOOLS_TRACE_ENABLED` defined as
  // 'false' (lib/function.ts): the imports below are then dead at build, and the tracer and the
  // X-Ray SDK (~120 kB, minified) stay out of its bundle.
  tracing ??= process.env['POWERTOOLS_TRACE_ENABLED'] === 'false' ? undefined : Promise.all([import('@aws-lambda-powertools/tracer'), import('@aws-lambda-powertools/tracer/middleware')])
    .then(([{ Tracer }, { captureLambdaHandler }]) => {
      // Outgoing HTTPS calls (DynamoDB, Cognito, SNS...) become subsegments: where the time goes.
      const tracer = new Tracer({ serviceName: serviceName(), captureHTTPsRequests: true });
      // Never the response: it can hold personal data or a token.
      return { tracer, middleware: captureLambdaHandler(tracer, { captureResponse: false }) };
    });
  return tracing;
}

/** A middleware of the list below; `step` names it, so a test can hold the order. */
type ObservabilityStep = MiddlewareObj & { step: 'logger' | 'metrics' | 'tracer' };

const step = (name: ObservabilityStep['step'], middleware: MiddlewareObj): ObservabilityStep => Object.assign(middleware, { step: name });

/**
 * The observability middlewares, in the one order every handler uses (first in its chain):
 *
 * 1. logger: the invocation's context on every line, the level the environment sets now;
 *    first in, last out, so its keys are reset after everything else has logged;
 * 2. metrics: the cold-start metric, then every metric the invocation added is flushed
 *    (EMF) after the handler and the tracer are done, also when it failed;
 * 3. tracer: innermost of the three, so the handler's segment covers the portal's own
 *    middlewares and the work, not Powertools' bookkeeping.
 *
 * Middy runs `before` in this order and `after`/`onError` in reverse.
 */
export function observed(handlerName: string): ObservabilityStep[] {
  const logs = injectLambdaContext(logger, { resetKeys: true, logEvent: false });
  const flush = logMetrics(metrics, { captureColdStartMetric: true, throwOnEmptyMetrics: false });
  return [
    step('logger', {
      before: (request) => {
        logs.before?.(request);
        followLevelOfEnvironment();
      },
      after: logs.after,
      onError: logs.onError,
    } as MiddlewareObj),
    step('metrics', {
      before: (request) => {
        const started = flush.before?.(request);
        // Cleared at each flush, so it is set per invocation (the local runtime runs every handler in one process).
        metrics.addDimension('handler', handlerName);
        return started;
      },
      after: flush.after,
      onError: flush.onError,
    } as MiddlewareObj),
    step('tracer', {
      before: async (request) => (tracingEnabled() ? (await loadTracing())?.middleware.before?.(request) : undefined),
      after: async (request) => (tracing === undefined ? undefined : (await tracing).middleware.after?.(request)),
      onError: async (request) => (tracing === undefined ? undefined : (await tracing).middleware.onError?.(request)),
    } as MiddlewareObj),
  ];
}

/**
 * A queue, scheduled or trigger handler with the observability list. The context is optional
 * because the local runtime calls these handlers with the event alone (local/cron.ts,
 * local/iot-rules.ts, the identity emulator); middy then hands the work an empty one.
 */
export function observedHandler<TEvent, TResult>(
  handlerName: string,
  work: (event: TEvent, context: Context) => Promise<TResult>,
): (event: TEvent, context?: Context) => Promise<TResult> {
  const wrapped = middy<TEvent, TResult>().use(observed(handlerName)).handler(work);
  // Middy stands in an empty context for a missing one, as the local runtime's callers need.
  return (event, context) => wrapped(event, context as Context);
}
