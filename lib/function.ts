import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { Data } from './data';
import { acknowledgeHouseFunction } from './nag';

/** The repository root: handler entries in `HANDLERS` are relative to it. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * ESM bundles have no `require`; some CommonJS dependencies call it for Node built-ins,
 * so the bundle defines one before any of them runs.
 */
const ESM_REQUIRE_BANNER =
  "import { createRequire as __portalCreateRequire } from 'node:module'; const require = __portalCreateRequire(import.meta.url);";

/**
 * How every function is bundled (esbuild through the CDK). test/bench/function-bundles.ts builds
 * the same bundles from these options for the bundle bench and the bundle test.
 */
export const PORTAL_BUNDLING = {
  format: OutputFormat.ESM,
  target: 'node22',
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_BANNER,
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  // The root tsconfig carries the @domain/@lambdas path aliases the handlers use.
  tsconfig: join(REPO_ROOT, 'tsconfig.json'),
  // The AWS SDK v3 ships with the nodejs22.x runtime: `@aws-sdk/*` (and `@smithy/*`, cdk.json's
  // sdkV3ExcludeSmithyPackages) stay external, the CDK's default.
} satisfies BundlingOptions;

/** The runtime's Node options, which the bundle bench imports the bundles with too. */
export const PORTAL_NODE_OPTIONS = '--enable-source-maps';

export interface PortalFunctionProps {
  /** The handler module, relative to the repository root (an entry of `HANDLERS`). */
  readonly entry: string;
  readonly description?: string;
  readonly environment?: Record<string, string>;
  /** Longer than the house's 10 seconds only for a function that needs it (say why where it is set). */
  readonly timeout?: Duration;
}

/**
 * The house construct for every function of the portal (STYLE.md): one place for the
 * runtime, architecture, memory, timeout, log retention, source maps and bundling, so no
 * function drifts from the others.
 */
export class PortalFunction extends NodejsFunction {
  /** The handler module, relative to the repository root (the bundle bench and test build it). */
  public readonly entry: string;
  /** Its bundling: `PORTAL_BUNDLING` and what its environment fixes at build. */
  public readonly bundlingOptions: BundlingOptions;

  constructor(scope: Construct, id: string, props: PortalFunctionProps) {
    // Made beside the function (not inside it) because `this` does not exist before super().
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const environment: Record<string, string> = {
      NODE_OPTIONS: PORTAL_NODE_OPTIONS,
      // Powertools (lambdas/shared/observability.ts): the service of every log line and metric,
      // the metrics' namespace, and traces off until the functions get X-Ray active tracing
      // (it bills per trace; docs/decisions/0049-observability-with-powertools.md).
      POWERTOOLS_SERVICE_NAME: 'portal',
      POWERTOOLS_METRICS_NAMESPACE: 'ColdchainPortal',
      POWERTOOLS_TRACE_ENABLED: 'false',
      ...props.environment,
    };
    // Traces off (the environment's value, set at deploy) are off in the bundle too: the tracer and
    // the X-Ray SDK are then left out of it (lambdas/shared/observability.ts `loadTracing`).
    const bundling: BundlingOptions = {
      ...PORTAL_BUNDLING,
      define: { 'process.env.POWERTOOLS_TRACE_ENABLED': JSON.stringify(environment['POWERTOOLS_TRACE_ENABLED'] ?? '') },
    };
    super(scope, id, {
      entry: join(REPO_ROOT, props.entry),
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: props.timeout ?? Duration.seconds(10),
      logGroup,
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      environment,
      bundling,
    });
    this.entry = props.entry;
    this.bundlingOptions = bundling;
  }
}

/** A handler's name as part of a construct id: `alarm-clock` → `AlarmClock`. */
export function pascalCase(name: string): string {
  return name.replace(/(^|[-_])([a-z])/g, (_match, _separator: string, letter: string) => letter.toUpperCase());
}

/**
 * One house function per handler a list names (the IoT rules' targets, the scheduled jobs), by
 * name: `<Name>Function`, with read-write access to the table and its house findings acknowledged.
 */
export function handlerFunctions<Name extends string>(
  scope: Construct,
  data: Data,
  names: Iterable<Name>,
  entries: Readonly<Record<Name, string>>,
  description: (name: Name) => string,
): Map<Name, PortalFunction> {
  const functions = new Map<Name, PortalFunction>();
  for (const name of new Set(names)) {
    const fn = new PortalFunction(scope, `${pascalCase(name)}Function`, {
      entry: entries[name],
      description: description(name),
      environment: { SERVICE_NAME: 'portal', LOG_LEVEL: 'INFO' },
    });
    data.grantTo(fn, 'readWrite');
    acknowledgeHouseFunction(fn);
    functions.set(name, fn);
  }
  return functions;
}
