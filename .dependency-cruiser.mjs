/**
 * Import cycles fail `npm run lint` (issue 33 section 5): in a cycle the first importer decides
 * what is initialised first, and a bundle of any member takes them all. Type-only imports count
 * (a type cycle is one refactor away from a value cycle). A lazy `import()` back into a cycle is
 * allowed: it is how a route table names its screens (frontend/src/app/routes.tsx). The web app's
 * rooms are rules too (issue 33 section 5; frontend/README.md, Layout).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: break it by moving what both sides need into a module of its own.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
    // The web app's rooms (issue 33 section 5; paths from frontend/, where `npm run lint:cycles`
    // cruises src). app/ composes the features; features are screens and what they share through
    // their entries; session/, config/, components/, api/, i18n/, theme/ serve both.
    {
      name: 'web-feature-not-into-app',
      severity: 'error',
      comment: 'A feature imports nothing of app/: what features and app/ share lives in session/, config/, components/, api/, i18n/ or theme/.',
      from: { path: '^src/features/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'web-feature-through-its-entry',
      severity: 'error',
      comment: "A feature imports another only through that feature's public entry, features/<area>/index.ts.",
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: ['^src/features/$1/', '^src/features/[^/]+/index\\.ts$'] },
    },
    {
      name: 'web-app-knows-features-by-route-table',
      severity: 'error',
      comment: 'app/ knows features only through its route table (app/routes.tsx), which loads them lazily.',
      from: { path: '^src/app/', pathNot: '^src/app/routes\\.tsx$' },
      to: { path: '^src/features/' },
    },
    {
      name: 'web-route-table-loads-features-lazily',
      severity: 'error',
      comment: 'The route table and the start-up load a feature lazily, as a chunk of its own: a static import would put it in the first load.',
      from: { path: '^src/(app/routes\\.tsx|main\\.tsx)$' },
      to: { path: '^src/features/', dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'web-shared-not-into-app-or-features',
      severity: 'error',
      comment: 'What app/ and the features share imports neither of them (a test may read app/, e.g. the navigation labels).',
      from: { path: '^src/(session|config|components|api|i18n|theme|test)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/(app|features)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|cdk\\.out|\\.local|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'] },
    skipAnalysisNotInRules: true,
  },
};
