import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';

/** Source modules (from frontend/) whose chunks an address's first screen needs after the entry. */
const FIRST_SCREENS = {
  login: ['src/features/auth/login/LoginPage.tsx'],
  app: ['src/app/ThemedScreens.tsx', 'src/app/AppLayout.tsx', 'src/features/dashboard/DashboardPage.tsx', 'node_modules/aws-amplify/'],
  en: ['src/i18n/en.json'],
  fr: ['src/i18n/fr.json'],
  es: ['src/i18n/es.json'],
  // The sign-in page's slice of each catalogue (src/i18n/loginTexts.ts): all /login needs first.
  'login-en': ['src/i18n/login/en.json'],
  'login-fr': ['src/i18n/login/fr.json'],
  'login-es': ['src/i18n/login/es.json'],
} as const;

/**
 * Collapses the first load's waterfall: a small script index.html loads beside the entry asks at
 * once for /config.json and for the chunks (and CSS) of the address's first screen and of the
 * stored language's catalogue, instead of waiting for the entry to run and ask for them (one
 * slow-network round trip less; docs/performance.md). A file, not inline: the CSP allows
 * scripts from 'self' only (lib/web.ts).
 */
function firstScreenPreloads(): Plugin {
  let scriptFile: string | undefined;
  return {
    name: 'coldchain-first-screen-preloads',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle: OutputBundle) {
        const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
        const closure = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          const chunk = bundle[file];
          if (chunk?.type !== 'chunk') return;
          for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
          for (const imported of chunk.imports) closure(imported, into);
        };
        // Vite preloads the entry's own imports already.
        const entry = new Set<string>();
        for (const chunk of chunks.filter((item) => item.isEntry)) closure(chunk.fileName, entry);
        const sets = Object.fromEntries(
          Object.entries(FIRST_SCREENS).map(([name, modules]) => {
            const files = new Set<string>();
            for (const chunk of chunks) {
              const id = chunk.facadeModuleId?.replaceAll('\\', '/') ?? '';
              const wanted = modules.some((module) => (module.endsWith('/') ? id.includes(`/${module}`) : id.endsWith(`/${module}`)));
              if (wanted) closure(chunk.fileName, files);
            }
            return [name, [...files].filter((file) => !entry.has(file)).map((file) => `/${file}`)];
          }),
        );
        const source = `(function () {
  window.portalConfigRequest = fetch('/config.json', { cache: 'no-store' });
  var sets = ${JSON.stringify(sets)};
  var path = location.pathname, language;
  try { language = localStorage.getItem('lang'); } catch (error) { language = null; }
  var signIn = path === '/login' || path === '/login/helpdesk';
  var screen = signIn ? sets.login : path.indexOf('/app') === 0 ? sets.app : [];
  screen.concat(sets[(signIn ? 'login-' : '') + (language === 'fr' || language === 'es' ? language : 'en')]).forEach(function (href) {
    var link = document.createElement('link');
    if (/\\.css$/.test(href)) link.rel = 'stylesheet';
    // Fetched, not compiled yet: modulepreload would compile them all in one long main-thread task.
    else { link.rel = 'preload'; link.as = 'script'; link.crossOrigin = ''; }
    link.href = href;
    document.head.appendChild(link);
  });
})();
`;
        const id = this.emitFile({ type: 'asset', name: 'first-screen.js', source });
        scriptFile = this.getFileName(id);
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (scriptFile === undefined) return html;
        return { html, tags: [{ tag: 'script', attrs: { async: true, src: `/${scriptFile}` }, injectTo: 'head-prepend' }] };
      },
    },
  };
}

/**
 * swr reads its cache with `useSyncExternalStore` (through `use-sync-external-store/shim`), which
 * React renders synchronously: its answers re-render in transitions instead, in short slices
 * (src/app/transitionStore.ts). swr's import alone: the data grid and the charts keep theirs.
 */
function swrRendersInTransitions(): Plugin {
  const transitionStore = fileURLToPath(new URL('src/app/transitionStore.ts', import.meta.url));
  return {
    name: 'coldchain-swr-transitions',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromSwr = importer?.replaceAll('\\', '/').includes('/node_modules/swr/') ?? false;
      return fromSwr && /^use-sync-external-store\/shim(\/index\.js)?$/.test(source) ? transitionStore : null;
    },
  };
}

// The local gateway serves the API, the identity emulator, config.json and the outbox;
// the dev server forwards to it so the app stays same-origin as in production.
const gateway = process.env['PORTAL_GATEWAY_URL'] ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias: { '@domain': fileURLToPath(new URL('../domain', import.meta.url)) },
  },
  plugins: [swrRendersInTransitions(), firstScreenPreloads()],
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
