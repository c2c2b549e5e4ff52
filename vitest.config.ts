import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@domain': fileURLToPath(new URL('./domain', import.meta.url)),
  '@lambdas': fileURLToPath(new URL('./lambdas', import.meta.url)),
  '@local': fileURLToPath(new URL('./local', import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // One worker a core when the projects run in one Vitest run: Vitest leaves a core to its own
    // process by default, which mostly idles. `npm test` (bin/test.ts) runs the stack project
    // (one file at a time: fileParallelism false) beside the others (one worker), each on a core.
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['domain/**/*.test.ts', 'lambdas/**/*.test.ts', 'local/**/*.test.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'infra',
          environment: 'node',
          include: ['test/infra/**/*.test.ts'],
          // Synthesizes each stack the files look at once, in a process beside the tests (test/infra/stack-variants.ts).
          globalSetup: ['test/infra/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      './frontend/vitest.config.ts',
      {
        resolve: { alias },
        test: {
          // Integration and browser tests share one local stack on free ports.
          name: 'stack',
          environment: 'node',
          include: ['test/integration/**/*.test.ts', 'test/security/**/*.test.ts', 'test/conformance/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          fileParallelism: false,
          // The files talk to the stack over HTTP and mock no module, so they share one module
          // world: the SDK clients and test/support load once, not once a file (import time
          // 30.9 s -> 4.6 s over ten integration files).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
