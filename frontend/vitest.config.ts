import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

// Same root, alias and JSX settings as the build, so tests compile what ships.
export default mergeConfig(viteConfig, defineProject({
  test: {
    name: 'frontend',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
  },
}));
