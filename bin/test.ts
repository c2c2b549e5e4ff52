import { spawn } from 'node:child_process';

/**
 * `npm test` after the web build: the stack project (one local stack, its files one at a time)
 * and the other projects (unit, infra, frontend: one worker) as two Vitest runs side by side.
 * Vitest runs a single-worker project in a group of its own after the others, so in one run
 * the stack's 9 minutes came after the components' 5 and one of the two cores idled through
 * both; side by side each has a core. Extra arguments go to both runs (a file filter, `-t`).
 * The exit code is the first failing run's, so a failure in either fails `npm test` (a filter
 * that leaves one run without files passes that run: `--passWithNoTests`).
 */
const extra = process.argv.slice(2);
const runs: ReadonlyArray<{ name: string; args: string[] }> = [
  { name: 'stack', args: ['--project', 'stack'] },
  { name: 'unit, infra, frontend', args: ['--project', 'unit', '--project', 'unit-isolated', '--project', 'infra', '--project', 'frontend', '--maxWorkers', '1'] },
];

const results = await Promise.all(runs.map(({ name, args }) => new Promise<number>((resolve) => {
  const child = spawn('npx', ['vitest', 'run', '--passWithNoTests', ...args, ...extra], { stdio: 'inherit' });
  child.on('error', (error) => {
    process.stderr.write(`vitest (${name}) could not start: ${error.message}\n`);
    resolve(1);
  });
  child.on('exit', (code, signal) => {
    if (code !== 0) process.stderr.write(`vitest (${name}) failed: ${signal ?? `exit code ${String(code)}`}\n`);
    resolve(code ?? 1);
  });
})));

process.exitCode = results.find((code) => code !== 0) ?? 0;
