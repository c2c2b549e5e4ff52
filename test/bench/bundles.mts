import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PORTAL_NODE_OPTIONS, REPO_ROOT } from '../../lib/function';
import { buildFunctionBundles, packageOf, routeModulesOf, stackFunctionEntries, type FunctionBundle } from './function-bundles';
import { percentile } from './measure';

/**
 * `npm run bench` (bundles part, issue 33 §5): every function of the stack bundled as the CDK
 * bundles it (test/bench/function-bundles.ts), each bundle's size and the routes modules in it,
 * and the time to import each bundle cold: in a fresh `node` process (Node 22, the runtime's
 * major, when it can be had: `BUNDLE_BENCH_NODE`, else `npx -y node@22`, else this Node),
 * with the runtime's `NODE_OPTIONS` (source maps) and the function's environment, the AWS SDK
 * (external, as in the runtime) from node_modules. Next to two baselines imported the same way
 * in the same rounds: an empty module, and the DynamoDB client with its document client (what
 * every function imports from the runtime). `BUNDLE_BENCH_ROUNDS` (default 5) rounds, each
 * importing every bundle once; a bundle's figure is its median. Targets: the largest bundle at
 * most 500 kB, cold import at most 250 ms. Figures, not assertions; recorded in docs/performance.md.
 */

const ROUNDS = Number(process.env['BUNDLE_BENCH_ROUNDS'] ?? 5);
const TARGET_BYTES = 500 * 1000;
const TARGET_IMPORT_MS = 250;
const OUTDIR = join(REPO_ROOT, '.local', 'bench', 'bundles');

/** A Node 22 binary if one can be had, else this process's Node; and which it is. */
function benchNode(): { path: string; version: string } {
  const candidates: (() => string)[] = [
    () => process.env['BUNDLE_BENCH_NODE'] ?? '',
    () => execFileSync('npx', ['-y', 'node@22', '-p', 'process.execPath'], { encoding: 'utf8', timeout: 180_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
  ];
  for (const candidate of candidates) {
    try {
      const path = candidate();
      if (path === '') continue;
      const version = execFileSync(path, ['--version'], { encoding: 'utf8' }).trim();
      if (version.startsWith('v22.')) return { path, version };
    } catch {
      // Not available here: the next candidate.
    }
  }
  return { path: process.execPath, version: `${process.version} (no Node 22 found)` };
}

const IMPORT_SCRIPT = [
  'const started = performance.now();',
  'await import(process.argv[1]);',
  'process.stdout.write(String(performance.now() - started));',
  'process.exit(0);',
].join(' ');

/** One cold import of a module in a fresh process: milliseconds from before `import()` to its end. */
function coldImport(node: string, url: string, environment: Record<string, string>): number {
  const child = spawnSync(node, [PORTAL_NODE_OPTIONS, '--input-type=module', '-e', IMPORT_SCRIPT, url], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', ...environment },
    timeout: 60_000,
  });
  const milliseconds = Number(child.stdout);
  if (child.status !== 0 || !Number.isFinite(milliseconds) || child.stdout === '') {
    throw new Error(`import of ${url} failed (${child.status ?? child.signal}): ${child.stderr.slice(0, 2000)}`);
  }
  return milliseconds;
}

/** What the Lambda runtime sets that a module may read at import. */
const RUNTIME_ENVIRONMENT = {
  AWS_REGION: 'us-east-1',
  AWS_DEFAULT_REGION: 'us-east-1',
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
  AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '512',
  AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
};

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

async function main(): Promise<void> {
  const node = benchNode();
  console.log(`Bundles: node ${node.version} for the imports, ${ROUNDS} rounds`);

  const { entries, externals } = stackFunctionEntries();
  const functionCount = entries.reduce((count, entry) => count + entry.functions.length, 0);
  rmSync(OUTDIR, { recursive: true, force: true });
  mkdirSync(OUTDIR, { recursive: true });
  const buildStarted = performance.now();
  const bundles = await buildFunctionBundles(entries, externals, OUTDIR);
  console.log(`${functionCount} functions from ${bundles.length} handler modules, bundled in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s (externals ${externals.join(', ')})`);

  const emptyModule = join(OUTDIR, 'baseline-empty.mjs');
  writeFileSync(emptyModule, 'export {};\n');
  const sdkModule = join(OUTDIR, 'baseline-dynamodb.mjs');
  writeFileSync(sdkModule, "export * from '@aws-sdk/client-dynamodb';\nexport * from '@aws-sdk/lib-dynamodb';\n");
  const baselines = [
    { label: 'baseline: an empty module', file: emptyModule, environment: {} },
    { label: 'baseline: @aws-sdk/client-dynamodb + lib-dynamodb', file: sdkModule, environment: {} },
  ];

  const samples = new Map<string, number[]>();
  const measured = [...baselines, ...bundles.map((bundle) => ({ label: bundle.entry, file: bundle.file, environment: bundle.environment }))];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const target of measured) {
      const environment = { ...RUNTIME_ENVIRONMENT, AWS_LAMBDA_FUNCTION_NAME: `bench-${target.label}`, ...target.environment };
      const milliseconds = coldImport(node.path, pathToFileURL(target.file).href, environment);
      samples.set(target.label, [...(samples.get(target.label) ?? []), milliseconds]);
    }
  }
  const medianOf = (label: string) => percentile(samples.get(label) ?? [], 50);

  console.log('\nbundle (handler module)                                 size       import p50   routes modules   functions   SDK packages at load');
  const bySize = [...bundles].sort((a, b) => b.bytes - a.bytes);
  for (const bundle of bySize) {
    const routes = routeModulesOf(bundle).length;
    console.log(`${bundle.entry.padEnd(54)} ${kB(bundle.bytes).padStart(10)} ${`${medianOf(bundle.entry).toFixed(0)} ms`.padStart(12)} ${String(routes).padStart(16)}   ${String(bundle.functions.length).padStart(9)}   ${bundle.externalImports.map((name) => name.replace('@aws-sdk/', '')).join(' ')}`);
  }
  for (const baseline of baselines) {
    console.log(`${baseline.label.padEnd(54)} ${''.padStart(10)} ${`${medianOf(baseline.label).toFixed(0)} ms`.padStart(12)}`);
  }

  const largest = bySize[0];
  const importMedians = bundles.map((bundle) => medianOf(bundle.entry));
  const slowest = bundles[importMedians.indexOf(Math.max(...importMedians))];
  if (largest !== undefined) {
    console.log(`\nLargest bundle: ${largest.entry} ${kB(largest.bytes)} (target ≤ ${kB(TARGET_BYTES)}: ${largest.bytes <= TARGET_BYTES ? 'met' : 'not met'}); total ${kB(bundles.reduce((sum, bundle) => sum + bundle.bytes, 0))}`);
    console.log(`Its heaviest packages and modules: ${heaviestOf(largest)}`);
  }
  console.log(
    `Cold import over the ${bundles.length} bundles: p50 ${percentile(importMedians, 50).toFixed(0)} ms, max ${Math.max(...importMedians).toFixed(0)} ms (${slowest?.entry ?? ''})` +
      ` (target ≤ ${TARGET_IMPORT_MS} ms: ${Math.max(...importMedians) <= TARGET_IMPORT_MS ? 'met' : 'not met'});` +
      ` baselines: empty module ${medianOf(baselines[0]?.label ?? '').toFixed(0)} ms, DynamoDB clients ${medianOf(baselines[1]?.label ?? '').toFixed(0)} ms`,
  );
  const foreignRoutes = bundles.filter((bundle) => routeModulesOf(bundle).length > 1);
  console.log(`Bundles holding more than one routes module: ${foreignRoutes.length === 0 ? 'none' : foreignRoutes.map((bundle) => `${bundle.entry} (${routeModulesOf(bundle).length})`).join(', ')}`);
}

/** The six heaviest packages (or repository modules) of a bundle, by their bytes in it. */
function heaviestOf(bundle: FunctionBundle): string {
  const byPackage = new Map<string, number>();
  for (const [input, bytes] of Object.entries(bundle.inputs)) {
    const name = packageOf(input);
    byPackage.set(name, (byPackage.get(name) ?? 0) + bytes);
  }
  return [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([name, bytes]) => `${name} ${kB(bytes)}`).join(', ');
}

await main();
