import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const alias = {
  '@domain': fileURLToPath(new URL('./domain', import.meta.url)),
  '@lambdas': fileURLToPath(new URL('./lambdas', import.meta.url)),
  '@local': fileURLToPath(new URL('./local', import.meta.url)),
};

const UNIT_TESTS = ['domain/**/*.test.ts', 'lambdas/**/*.test.ts', 'local/**/*.test.ts'];
const UNIT_TESTS_ISOLATED = ['lambdas/notifier/push.test.ts', 'lambdas/shared/observability.test.ts'];

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
          include: UNIT_TESTS,
          exclude: [...configDefaults.exclude, ...UNIT_TESTS_ISOLATED],
          // One module world for the unit files: each loading the SDK clients, Powertools and the
          // data layer anew cost 234 s of CPU for 141 files; shared, about 40 s. Client mocks go
          // after each file (unit-setup.ts); the files that cannot share are below.
          isolate: false,
          setupFiles: ['test/support/unit-setup.ts'],
          // A first call that builds a whole route table (the OpenAPI handler) or a simulated
          // day's back-fill can pass 5 s on two loaded cores.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Files that observe a process-wide singleton another file also sets up: a module mock
          // (web-push), Powertools' metrics buffer and cold start.
          name: 'unit-isolated',
          environment: 'node',
          include: UNIT_TESTS_ISOLATED,
          testTimeout: 20_000,
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
