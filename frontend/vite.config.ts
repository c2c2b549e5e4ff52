import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';

/** The signed-in shell and the features' widgets it shows (src/app/routes.tsx loads them together). */
const SHELL_MODULES = ['src/app/AppLayout.tsx', 'src/features/proxy/ProxyBanner.tsx', 'src/features/alarms/AlarmsNavBadge.tsx'] as const;

/** Source modules (from frontend/) whose chunks an address's first screen needs after the entry. */
const FIRST_SCREENS = {
  login: ['src/features/auth/login/LoginPage.tsx'],
  app: ['src/app/ThemedScreens.tsx', ...SHELL_MODULES, 'src/features/dashboard/DashboardPage.tsx', 'node_modules/aws-amplify/'],
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
              const facade = chunk.facadeModuleId?.replaceAll('\\', '/') ?? '';
              // A screen's module may sit in a chunk that is not its own (signedInFirstScreenChunks).
              const held = chunk.moduleIds.map((id) => id.replaceAll('\\', '/'));
              const wanted = modules.some((module) => (module.endsWith('/') ? facade.includes(`/${module}`) : held.some((id) => id.endsWith(`/${module}`))));
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
    // Compiled as they arrive, off the main thread where the browser can: with a plain preload,
    // the import compiled each chunk on the main thread (the first screen is a few chunks now).
    else { link.rel = 'modulepreload'; link.crossOrigin = ''; }
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
 * (src/session/transitionStore.ts). swr's import alone: the data grid and the charts keep theirs.
 */
function swrRendersInTransitions(): Plugin {
  const transitionStore = fileURLToPath(new URL('src/session/transitionStore.ts', import.meta.url));
  return {
    name: 'coldchain-swr-transitions',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromSwr = importer?.replaceAll('\\', '/').includes('/node_modules/swr/') ?? false;
      return fromSwr && /^use-sync-external-store\/shim(\/index\.js)?$/.test(source) ? transitionStore : null;
    },
  };
}

/**
 * The signed-in first screen in three chunks, one per step it is built in: MUI's theme and the data
 * cache, the shell, the dashboard. It came as about ninety small chunks (each MUI component shared
 * by a different set of the lazy screens), and each cost the main thread a request, a compile and a
 * code-cache task of its own; in one chunk, its evaluation was one long task. Lighthouse counts
 * both as blocking time (docs/performance.md). Each chunk holds the modules its screen imports
 * statically that neither the entry, the sign-in page nor an earlier step does: the sign-in page's
 * first load is unchanged, no chunk imports a later one, and a later screen sharing a module loads
 * the chunk that holds it, which the shell has loaded already.
 */
const SIGNED_IN_STEPS = [
  ['signed-in-theme', ['src/app/ThemedScreens.tsx']],
  ['signed-in-shell', SHELL_MODULES],
  ['signed-in-dashboard', ['src/features/dashboard/DashboardPage.tsx']],
] as const;

function signedInFirstScreenChunks() {
  const stepOf = new Map<string, string>();
  const plugin: Plugin = {
    name: 'coldchain-signed-in-first-screen',
    apply: 'build',
    buildEnd() {
      const closure = (ids: Iterable<string>): Set<string> => {
        const found = new Set<string>();
        const pending = [...ids];
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          if (found.has(id)) continue;
          found.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return found;
      };
      const all = [...this.getModuleIds()];
      const matching = (wanted: readonly string[]) => all.filter((id) => wanted.some((module) => id.replaceAll('\\', '/').endsWith(`/${module}`)));
      const earlier = closure([...all.filter((id) => this.getModuleInfo(id)?.isEntry === true), ...matching(FIRST_SCREENS.login)]);
      // swr keeps a chunk of its own, with what it imports (its chunk's imports show which store it
      // reads: swrRendersInTransitions, test/e2e/first-load-budget.test.ts); a step holding one of
      // those would import swr's chunk and be imported by it.
      const ownChunk = closure(all.filter((id) => /[\\/]node_modules[\\/]swr[\\/]/.test(id)));
      for (const [step, modules] of SIGNED_IN_STEPS) {
        const roots = matching(modules);
        const held = [...closure(roots)].filter((id) => !earlier.has(id));
        // A module imported lazily elsewhere (the texts' messages, the sessions' calls) keeps a
        // chunk of its own, with what it imports: else that lazy import would evaluate the whole step.
        const lazyElsewhere = closure(held.filter((id) => !roots.includes(id) && (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0));
        for (const id of held) {
          earlier.add(id);
          if (!lazyElsewhere.has(id) && !ownChunk.has(id)) stepOf.set(id, step);
        }
        for (const id of lazyElsewhere) earlier.add(id);
      }
    },
  };
  // Only the modules listed: the steps' own dependencies are listed already or belong to an earlier chunk.
  const groups = SIGNED_IN_STEPS.map(([step]) => ({ name: step, includeDependenciesRecursively: false, test: (id: string) => stepOf.get(id) === step }));
  return { plugin, groups };
}

const signedIn = signedInFirstScreenChunks();

// The local gateway serves the API, the identity emulator, config.json and the outbox;
// the dev server forwards to it so the app stays same-origin as in production.
const gateway = process.env['PORTAL_GATEWAY_URL'] ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias: { '@domain': fileURLToPath(new URL('../domain', import.meta.url)) },
  },
  plugins: [swrRendersInTransitions(), signedIn.plugin, firstScreenPreloads()],
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
      output: {
        codeSplitting: {
          groups: [
            ...signedIn.groups,
            // React's useSyncExternalStore shim (react-i18next's, in the entry) keeps a chunk of its
            // own: every chunk imports the entry, so a swr chunk importing the shim's chunk is swr
            // reading its cache outside the transition store (test/e2e/first-load-budget.test.ts).
            { name: 'sync-external-store', includeDependenciesRecursively: false, test: /[\\/]node_modules[\\/]use-sync-external-store[\\/]/ },
          ],
        },
      },
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
