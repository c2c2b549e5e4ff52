import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { inject } from 'vitest';
import { SYNTHESIS_FAILED_FILE, type StackVariantName, type SynthesizedStack } from './stack-variants';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where test/infra/global-setup.ts has the stacks of stack-variants.ts synthesized, one JSON file each. */
    synthesizedStacksDir: string;
  }
}

/** Waits for a variant's synthesis (the global setup's process writes it) and reads it. */
export async function synthesizedStack(name: StackVariantName): Promise<SynthesizedStack> {
  const dir = inject('synthesizedStacksDir');
  const file = join(dir, `${name}.json`);
  for (;;) {
    if (existsSync(file)) {
      const read = JSON.parse(readFileSync(file, 'utf8')) as SynthesizedStack | { error: string };
      if ('error' in read) throw new Error(`Synthesizing the ${name} stack failed: ${read.error}`);
      return read;
    }
    const failed = join(dir, SYNTHESIS_FAILED_FILE);
    if (existsSync(failed)) throw new Error(`Synthesizing the test stacks failed:\n${readFileSync(failed, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The variant's CloudFormation template, for the assertions library. */
export function templateOf(synthesized: SynthesizedStack): Template {
  if (synthesized.template === undefined) throw new Error(`${synthesized.stackName} was synthesized for cdk-nag only, without a template`);
  return Template.fromJSON(synthesized.template);
}
