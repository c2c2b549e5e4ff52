import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The local gateway serves the API, the identity emulator, config.json and the outbox;
// the dev server forwards to it so the app stays same-origin as in production.
const gateway = process.env['PORTAL_GATEWAY_URL'] ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias: { '@domain': fileURLToPath(new URL('../domain', import.meta.url)) },
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: which chunks each entry and lazy module needs (test/bench/first-load.mts).
    manifest: true,
    // The largest chunk is the lazy Departments/Divisions screen (the data grid), not the first load.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      onwarn(warning, defaultHandler) {
        // MUI, SWR and react-router mark modules 'use client'; meaningless outside server components.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        defaultHandler(warning);
      },
    },
  },
  server: {
    port: Number(process.env['PORTAL_WEB_DEV_PORT'] ?? 5173),
    proxy: {
      '/api': gateway,
      '/cognito': gateway,
      '/config.json': gateway,
      '/outbox': gateway,
    },
  },
});
