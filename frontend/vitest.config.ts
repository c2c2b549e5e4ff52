import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

// Same root, alias and JSX settings as the build, so tests compile what ships.
export default mergeConfig(viteConfig, defineProject({
  test: {
    name: 'frontend',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Form tests type into many fields with user-event; on 2 cores, while the stack tests
    // run beside them, that can pass 5 s. A slow form is measured by benchmarks, not here.
    testTimeout: 20_000,
  },
}));
