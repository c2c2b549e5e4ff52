/**
 * Synthesizes every stack variant of test/infra/stack-variants.ts into one JSON file each, in the
 * directory given as the only argument (started by test/infra/global-setup.ts, in one process
 * so the CDK and the stack's code load once). Each file is written whole (renamed into place)
 * as soon as its stack is done, so a test file waits only for its own.
 */
import { readdirSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NestedStack, Validations, type CfnElement } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildTestStack, type TestStack } from './portal-stack';
import { STACK_VARIANTS, type StackVariant, type StackVariantName, type SynthesizedStack } from './stack-variants';

type Resources = Record<string, { Properties: Record<string, unknown> }>;

/** One line per unacknowledged finding, so a failure says what to fix or acknowledge. */
function unacknowledgedFindings(built: TestStack): string[] {
  const report = new AwsSolutionsChecks(undefined, { verbose: true }).validateScope(built.stack);
  return report.violations.flatMap((violation) =>
    violation.violatingResources.map(
      (resource) => `${violation.severity} ${violation.ruleName} at ${resource.constructPath}: ${violation.description}`,
    ),
  );
}

/** Runs the checks as cdk-nag.test.ts did on a fresh build: first on the tree, then registered for a synth. */
function nagResults(built: TestStack): NonNullable<SynthesizedStack['nag']> {
  const findings = unacknowledgedFindings(built);
  let synthError: string | undefined;
  Validations.of(built.app).addPlugins(new AwsSolutionsChecks(built.app, { verbose: true }));
  try {
    built.app.synth();
  } catch (error) {
    synthError = error instanceof Error ? error.stack ?? error.message : String(error);
  }
  const annotations = Annotations.fromStack(built.stack);
  const problems = [
    ...annotations.findError('*', Match.anyValue()),
    ...annotations.findWarning('*', Match.anyValue()),
  ].map((message) => `${message.id}: ${JSON.stringify(message.entry.data)}`);
  return { findings, problems, ...(synthError === undefined ? {} : { synthError }) };
}

function synthesize(variant: StackVariant): SynthesizedStack {
  const built = buildTestStack({ context: variant.context, env: variant.env });
  try {
    if (variant.nag === true) {
      return { stackName: built.stack.stackName, identityRefs: [], assetConfigFiles: {}, resolvedScheduleInputs: {}, nag: nagResults(built) };
    }
    const { identity } = built.stack;
    const identityRefs = [identity.userPool, identity.portalClient, identity.helpdeskClient].map((resource) => ({
      Ref: built.stack.getLogicalId(resource.node.defaultChild as CfnElement),
    }));
    const template = Template.fromStack(built.stack);
    const assetConfigFiles: Record<string, string> = {};
    for (const entry of readdirSync(built.outdir)) {
      const configFile = join(built.outdir, entry, 'config.json');
      if (entry.startsWith('asset.') && existsSync(configFile)) assetConfigFiles[`${entry}/config.json`] = readFileSync(configFile, 'utf8');
    }
    const resolvedScheduleInputs: Record<string, unknown> = {};
    for (const [id, schedule] of Object.entries(template.findResources('AWS::Scheduler::Schedule') as Resources)) {
      resolvedScheduleInputs[id] = built.stack.resolve((schedule.Properties['Target'] as { Input: unknown }).Input);
    }
    const nestedTemplates: Record<string, Record<string, unknown>> = {};
    for (const nested of built.stack.node.findAll().filter((construct) => construct instanceof NestedStack)) {
      nestedTemplates[nested.node.path] = Template.fromStack(nested).toJSON();
    }
    return { stackName: built.stack.stackName, template: template.toJSON(), nestedTemplates, assetConfigFiles, identityRefs, resolvedScheduleInputs };
  } finally {
    built.cleanup();
  }
}

const [dir] = process.argv.slice(2);
if (dir === undefined) throw new Error('usage: synthesize.ts <output directory>');
for (const [name, variant] of Object.entries(STACK_VARIANTS) as [StackVariantName, StackVariant][]) {
  let result: SynthesizedStack | { error: string };
  try {
    result = synthesize(variant);
  } catch (error) {
    result = { error: error instanceof Error ? error.stack ?? error.message : String(error) };
  }
  const file = join(dir, `${name}.json`);
  writeFileSync(`${file}.partial`, JSON.stringify(result));
  renameSync(`${file}.partial`, file);
}
