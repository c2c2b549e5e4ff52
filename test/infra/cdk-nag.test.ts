import { Validations } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestStack, type TestStack } from './portal-stack';

/** One line per unacknowledged finding, so a failure says what to fix or acknowledge. */
function unacknowledgedFindings(built: TestStack): string[] {
  const report = new AwsSolutionsChecks(undefined, { verbose: true }).validateScope(built.stack);
  return report.violations.flatMap((violation) =>
    violation.violatingResources.map(
      (resource) => `${violation.severity} ${violation.ruleName} at ${resource.constructPath}: ${violation.description}`,
    ),
  );
}

// Both ways the stack is synthesized: without an environment (tests, CI) and with the CLI's
// account and region (deploy), where some ARNs become literals and finding names change.
describe.each([
  { name: 'environment-agnostic', env: undefined },
  { name: 'with account and region', env: { account: '123456789012', region: 'eu-west-1' } },
])('cdk-nag AwsSolutions checks ($name)', ({ env }) => {
  let built: TestStack;

  beforeAll(() => {
    built = buildTestStack({ env });
  });
  afterAll(() => built.cleanup());

  it('leaves no finding unacknowledged', () => {
    const findings = unacknowledgedFindings(built);
    if (findings.length > 0) console.error(`cdk-nag findings:\n${findings.join('\n')}`);
    expect(findings).toEqual([]);
  });

  it('synthesizes with the checks registered as bin/app.ts does, with no CDK warnings or errors', () => {
    Validations.of(built.app).addPlugins(new AwsSolutionsChecks(built.app, { verbose: true }));
    expect(() => built.app.synth()).not.toThrow();

    const annotations = Annotations.fromStack(built.stack);
    const problems = [
      ...annotations.findError('*', Match.anyValue()),
      ...annotations.findWarning('*', Match.anyValue()),
    ].map((message) => `${message.id}: ${JSON.stringify(message.entry.data)}`);
    if (problems.length > 0) console.error(`CDK annotations:\n${problems.join('\n')}`);
    expect(problems).toEqual([]);
  });
});
