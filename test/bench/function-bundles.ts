import { join, relative } from 'node:path';
import { FeatureFlags } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LAMBDA_NODEJS_SDK_V3_EXCLUDE_SMITHY_PACKAGES } from 'aws-cdk-lib/cx-api';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { PortalFunction, REPO_ROOT } from '../../lib/function';
import { buildTestStack } from '../infra/portal-stack';

/**
 * The stack's function bundles, built as the CDK builds them (each `PortalFunction`'s bundling
 * options, turned into esbuild's as aws-lambda-nodejs turns them into its command line), for the
 * bundle bench (test/bench/bundles.mts) and the bundle test (test/infra/bundles.test.ts).
 */

/** One handler module and the stack's functions bundled from it alike (the senders share one). */
export interface FunctionEntry {
  /** Relative to the repository root, as `PortalFunction` takes it. */
  entry: string;
  bundling: BundlingOptions;
  /** The functions' construct paths. */
  functions: string[];
  /** The first function's environment, tokens (table names, ARNs) replaced by stand-ins. */
  environment: Record<string, string>;
}

export interface FunctionBundle extends FunctionEntry {
  /** The bundle's file (`index.mjs` as the CDK names it), under the build's directory. */
  file: string;
  /** Bytes of the bundle (its source map beside it not counted: Lambda never loads it unless asked). */
  bytes: number;
  /** Every module in the bundle, relative to the repository root (packages by their real path). */
  inputs: Record<string, number>;
  /** The external packages (the runtime's AWS SDK; Node's built-ins left out) the bundle imports when it loads, not those it imports later. */
  externalImports: string[];
}

/** Every `PortalFunction` of the stack `bin/app.ts` makes (default context), grouped by handler module. */
export function stackFunctionEntries(): { entries: FunctionEntry[]; externals: string[] } {
  const built = buildTestStack();
  try {
    const byBundle = new Map<string, FunctionEntry>();
    for (const construct of built.stack.node.findAll()) {
      if (!(construct instanceof PortalFunction)) continue;
      const key = JSON.stringify([construct.entry, construct.bundlingOptions]);
      const known = byBundle.get(key);
      if (known !== undefined) {
        known.functions.push(construct.node.path);
        continue;
      }
      const resolved = built.stack.resolve((construct.node.defaultChild as CfnFunction).environment) as { variables?: Record<string, unknown> } | undefined;
      const environment = Object.fromEntries(
        Object.entries(resolved?.variables ?? {}).map(([name, value]) => [name, typeof value === 'string' ? value : `bench-${name.toLowerCase()}`]),
      );
      byBundle.set(key, { entry: construct.entry, bundling: construct.bundlingOptions, functions: [construct.node.path], environment });
    }
    // As aws-lambda-nodejs picks its default externals for a Node 18+ runtime.
    const externals = FeatureFlags.of(built.stack).isEnabled(LAMBDA_NODEJS_SDK_V3_EXCLUDE_SMITHY_PACKAGES)
      ? ['@aws-sdk/*', '@smithy/*']
      : ['@aws-sdk/*'];
    return { entries: [...byBundle.values()].sort((a, b) => a.entry.localeCompare(b.entry)), externals };
  } finally {
    built.cleanup();
  }
}

/** A bundle's directory name: its entry's path without `lambdas/` and the extension, slashes as dashes. */
const bundleNameOf = (entry: string): string => entry.replace(/\.ts$/, '').replace(/^lambdas\//, '').replaceAll('/', '-');

/** A function's bundling options as esbuild's (aws-lambda-nodejs' `buildEsbuildArgs`: bundle, platform node). */
export function esbuildOptions(bundling: BundlingOptions, externals: string[]): BuildOptions {
  return {
    bundle: true,
    platform: 'node',
    ...(bundling.target === undefined ? {} : { target: bundling.target }),
    ...(bundling.format === undefined ? {} : { format: bundling.format === OutputFormat.ESM ? 'esm' : 'cjs' }),
    ...(bundling.mainFields === undefined ? {} : { mainFields: bundling.mainFields }),
    ...(bundling.banner === undefined ? {} : { banner: { js: bundling.banner } }),
    ...(bundling.define === undefined ? {} : { define: bundling.define }),
    ...(bundling.tsconfig === undefined ? {} : { tsconfig: bundling.tsconfig }),
    minify: bundling.minify ?? false,
    sourcemap: bundling.sourceMap ?? false,
    sourcesContent: bundling.sourcesContent ?? true,
    external: [...externals, ...(bundling.externalModules ?? [])],
    logLevel: 'error',
  };
}

/**
 * Builds every entry's bundle, one esbuild run for the entries bundled alike (no code splitting,
 * so each output is the bundle the CDK makes of that entry alone), written under `outdir` or kept
 * in memory when it is absent.
 */
export async function buildFunctionBundles(entries: FunctionEntry[], externals: string[], outdir?: string): Promise<FunctionBundle[]> {
  const directory = outdir ?? join(REPO_ROOT, '.local', 'bundles-in-memory');
  const groups = new Map<string, FunctionEntry[]>();
  for (const entry of entries) {
    const key = JSON.stringify(entry.bundling);
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const bundles = new Map<FunctionEntry, FunctionBundle>();
  let group = 0;
  for (const members of groups.values()) {
    // A second way of bundling the same entry goes to a directory of its own.
    const suffix = group === 0 ? '' : `-${group}`;
    const nameOf = (entry: FunctionEntry) => `${bundleNameOf(entry.entry)}${suffix}`;
    group += 1;
    const [first] = members;
    if (first === undefined) continue;
    const result = await build({
      ...esbuildOptions(first.bundling, externals),
      absWorkingDir: REPO_ROOT,
      entryPoints: members.map((entry) => ({ in: entry.entry, out: join(nameOf(entry), 'index') })),
      outdir: directory,
      outExtension: { '.js': '.mjs' },
      metafile: true,
      write: outdir !== undefined,
    });
    const outputs: Metafile['outputs'] = result.metafile.outputs;
    for (const entry of members) {
      const file = join(directory, nameOf(entry), 'index.mjs');
      const output = outputs[relative(REPO_ROOT, file)];
      if (output === undefined) throw new Error(`esbuild wrote no bundle for ${entry.entry}`);
      const inputs = Object.fromEntries(Object.entries(output.inputs).map(([path, input]) => [path, input.bytesInOutput]));
      const externalImports = [...new Set(output.imports.filter((imported) => imported.external && imported.kind === 'import-statement' && !imported.path.startsWith('node:')).map((imported) => imported.path))].sort();
      bundles.set(entry, { ...entry, file, bytes: output.bytes, inputs, externalImports });
    }
  }
  return entries.map((entry) => {
    const bundle = bundles.get(entry);
    if (bundle === undefined) throw new Error(`No bundle for ${entry.entry}`);
    return bundle;
  });
}

/** A module path of a bundle's inputs as a package name (`zod`, `@aws-lambda-powertools/logger`) or the repository path. */
export function packageOf(input: string): string {
  const at = input.lastIndexOf('node_modules/');
  if (at < 0) return input;
  const [scope, name] = input.slice(at + 'node_modules/'.length).split('/');
  return scope?.startsWith('@') ? `${scope}/${name ?? ''}` : scope ?? input;
}

/** The resource routes modules (`lambdas/<resource>/routes.ts`) and the route table (`lambdas/routes.ts`) among a bundle's inputs. */
export const routeModulesOf = (bundle: FunctionBundle): string[] =>
  Object.keys(bundle.inputs).filter((input) => /^lambdas\/(?:[^/]+\/)?routes\.ts$/.test(input));

/** The one routes module a bundle may hold: its own resource's, for an API handler (`lambdas/<resource>/handler.ts`). */
export function ownRoutesModuleOf(entry: string): string | undefined {
  const match = /^lambdas\/([^/]+)\/handler\.ts$/.exec(entry);
  return match === null ? undefined : `lambdas/${match[1]}/routes.ts`;
}
