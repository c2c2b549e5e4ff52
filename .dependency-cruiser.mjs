/**
 * Import cycles fail `npm run lint` (issue 33 section 5): in a cycle the first importer decides
 * what is initialised first, and a bundle of any member takes them all. Type-only imports count
 * (a type cycle is one refactor away from a value cycle). A lazy `import()` back into a cycle is
 * allowed: it is how a route table names its screens (frontend/src/app/routes.tsx).
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
