import { describe, expect, it } from 'vitest';
import { synthesizedStack } from './synthesized';

// Both ways the stack is synthesized: without an environment (tests, CI) and with the CLI's
// account and region (deploy), where some ARNs become literals and finding names change.
// Each is a fresh build checked by test/infra/synthesize.ts (nagResults), variants in stack-variants.ts.
describe.each([
  { name: 'environment-agnostic', variant: 'nagEnvironmentAgnostic' },
  { name: 'with account and region', variant: 'nagWithAccountAndRegion' },
] as const)('cdk-nag AwsSolutions checks ($name)', ({ variant }) => {
  const nagResults = async () => {
    const { nag } = await synthesizedStack(variant);
    if (nag === undefined) throw new Error(`${variant} was synthesized without the cdk-nag checks`);
    return nag;
  };

  it('leaves no finding unacknowledged', async () => {
    const { findings } = await nagResults();
    if (findings.length > 0) console.error(`cdk-nag findings:\n${findings.join('\n')}`);
    expect(findings).toEqual([]);
  });

  it('synthesizes with the checks registered as bin/app.ts does, with no CDK warnings or errors', async () => {
    const { synthError, problems } = await nagResults();
    expect(synthError).toBeUndefined();
    if (problems.length > 0) console.error(`CDK annotations:\n${problems.join('\n')}`);
    expect(problems).toEqual([]);
  });
});
