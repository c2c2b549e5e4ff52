import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

// Same root, alias and JSX settings as the build, so tests compile what ships.
export default mergeConfig(viteConfig, defineProject({
  test: {
    name: 'frontend',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Page tests with the data grid and a dialog take 10-20 s in jsdom on 2 cores, and two
    // files run at once (one worker a core). A slow form is measured by benchmarks, not here.
    testTimeout: 60_000,
    // swr through Vite, so its store hook is the build's (vite.config.ts, swrRendersInTransitions).
    server: { deps: { inline: ['swr'] } },
  },
}));
