import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

// Same root, alias and JSX settings as the build, so tests compile what ships.
export default mergeConfig(viteConfig, defineProject({
  test: {
    name: 'frontend',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // One worker's jsdom, React, MUI and data grid for all the files, each a fresh copy of the
    // portal's own modules (src/test/setup.ts): a new worker a file spent about a second on jsdom,
    // on loading MUI and on compiling it again each time (the files' environment, import and setup).
    isolate: false,
    // Page tests with the data grid and a dialog take 10-20 s in jsdom on 2 cores, and two
    // files run at once (one worker a core). A slow form is measured by benchmarks, not here.
    testTimeout: 60_000,
    // swr through Vite, so its store hook is the build's (vite.config.ts, swrRendersInTransitions).
    server: { deps: { inline: ['swr'] } },
  },
}));
