import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { SYNTHESIS_FAILED_FILE } from './stack-variants';

/**
 * Starts synthesizing the infrastructure tests' stacks in a process of its own and returns at
 * once: the synth runs beside the other projects' tests (not holding up every worker, as a global
 * setup that waited would), and each infra test file waits for its stack (synthesizedStack in test/infra/synthesized.ts).
 */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'portal-synthesized-'));
  project.provide('synthesizedStacksDir', dir);
  const script = fileURLToPath(new URL('./synthesize.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let tornDown = false;
  child.on('exit', (code, signal) => {
    if (code !== 0 && !tornDown) writeFileSync(join(dir, SYNTHESIS_FAILED_FILE), `exit ${String(code ?? signal)}\n${output}`);
  });
  return () => {
    tornDown = true;
    if (child.exitCode === null) child.kill();
    rmSync(dir, { recursive: true, force: true });
  };
}
