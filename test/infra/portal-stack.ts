import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type Environment } from 'aws-cdk-lib';
import { readPortalContext, stackNameOf } from '../../lib/context';
import { REPO_ROOT } from '../../lib/function';
import { ColdChainPortalStack } from '../../lib/portal-stack';

interface CdkJson {
  context?: Record<string, unknown>;
}

export interface TestStack {
  app: App;
  stack: ColdChainPortalStack;
  /** Where the synthesized assembly (and its staged assets) is written. */
  outdir: string;
  /** Removes the throwaway web build and assembly. */
  cleanup(): void;
}

/**
 * Builds the stack as `bin/app.ts` does (same cdk.json context and feature flags), with a
 * throwaway web build and esbuild bundling skipped so a synth takes seconds.
 */
export function buildTestStack(
  options: { context?: Record<string, unknown>; env?: Environment } = {},
): TestStack {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as CdkJson;
  const webAssetPath = mkdtempSync(join(tmpdir(), 'portal-web-'));
  writeFileSync(join(webAssetPath, 'index.html'), '<!doctype html><title>Portal</title>');

  const outdir = mkdtempSync(join(tmpdir(), 'portal-cdk-out-'));
  const app = new App({
    outdir,
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], ...options.context },
  });
  const context = readPortalContext(app.node);
  const stack = new ColdChainPortalStack(app, stackNameOf(context.stage), { ...context, webAssetPath, env: options.env });
  const cleanup = (): void => {
    rmSync(webAssetPath, { recursive: true, force: true });
    rmSync(outdir, { recursive: true, force: true });
  };
  return { app, stack, outdir, cleanup };
}
