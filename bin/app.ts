#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readPortalContext, stackNameOf } from '../lib/context';
import { ColdChainPortalStack } from '../lib/portal-stack';

const webAssetPath = fileURLToPath(new URL('../frontend/dist', import.meta.url));
if (!existsSync(join(webAssetPath, 'index.html'))) {
  process.stderr.write('frontend/dist is missing: run `npm run build:web` first\n');
  process.exit(1);
}

const app = new App();
const context = readPortalContext(app.node);

new ColdChainPortalStack(app, stackNameOf(context.stage), {
  ...context,
  webAssetPath,
  description: `Cold-chain sensor monitoring portal (${context.stage})`,
  // Taken from the CLI's credentials when present; without them the stack is environment-agnostic.
  env: { account: process.env['CDK_DEFAULT_ACCOUNT'], region: process.env['CDK_DEFAULT_REGION'] },
  terminationProtection: context.stage === 'prod',
});

// cdk-nag 3 is a policy-validation plugin: every unacknowledged finding fails the synth.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
