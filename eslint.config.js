// @ts-check
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Layer directions of ARCHITECTURE.md: each layer may import only what points one way. */
const layer = (files, forbidden, message) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', {
      patterns: forbidden.map((group) => ({ group: [group], message })),
    }],
  },
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'cdk.out/**', '.local/**', 'coverage/**', 'frontend/public/**'] },
  eslint.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { parserOptions: { ecmaVersion: 2023, sourceType: 'module' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  layer(['domain/**'], ['@aws-sdk/*', 'aws-cdk-lib', 'aws-cdk-lib/*', 'react', 'react-*', '@mui/*', '**/lambdas/**', '**/local/**', '**/lib/**', '**/frontend/**', 'node:*'],
    'domain/ is pure rules: no I/O, no AWS, no React, no other layer.'),
  layer(['lambdas/**'], ['react', 'react-*', '@mui/*', 'aws-cdk-lib', 'aws-cdk-lib/*', '**/local/**', '**/lib/**', '**/frontend/**'],
    'lambdas/ may import domain/ only: never local/, lib/, frontend/ or the CDK.'),
  layer(['frontend/**'], ['**/lambdas/**', '**/local/**', '**/lib/**', '@aws-sdk/*', 'aws-cdk-lib', 'aws-cdk-lib/*'],
    'frontend/ may import domain/ only.'),
  layer(['local/**'], ['**/frontend/**', '**/lib/**', 'aws-cdk-lib', 'aws-cdk-lib/*'],
    'local/ may import lambdas/ and domain/ only.'),
  layer(['lib/**'], ['**/local/**', '**/frontend/**'],
    'lib/ is infrastructure: it may read the route table and entry paths, not the local runtime or the web app.'),
  // `import { z } from 'zod'` makes esbuild keep all of zod in a function's bundle (every locale and
  // the JSON Schema code: ~450 kB minified, against ~95 kB for the namespace import;
  // docs/decisions/0082-one-bundle-per-resource.md). Type imports are erased and allowed.
  {
    files: ['domain/**/*.ts', 'lambdas/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "ImportDeclaration[source.value='zod'][importKind='value'] > ImportSpecifier[imported.name='z'][importKind!='type']",
        message: "Import zod as a namespace (`import * as z from 'zod'`): `{ z }` bundles all of zod into every function.",
      }],
    },
  },
  // Only the data layer talks to DynamoDB (issue 33 section 1): every command is an access
  // pattern of lambdas/data/ (its repositories, entities and named reads). A type may be named
  // anywhere (a repository's client parameter); tests drive or mock the table. Its own rule name,
  // so the layer rules above (no-restricted-imports) still apply to the same files.
  {
    files: ['**/*.ts'],
    ignores: [
      'lambdas/data/**', '**/*.test.ts', '**/*.test-support.ts', 'test/**',
      // The local emulator's infrastructure: starts DynamoDB Local, makes its table, and the clients on its endpoint.
      'local/dynamodb.ts', 'local/table.ts', 'local/stack.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: ['@aws-sdk/lib-dynamodb', '@aws-sdk/client-dynamodb', '@aws-sdk/util-dynamodb'].map((name) => ({
          name, allowTypeImports: true, message: 'Only lambdas/data/ sends DynamoDB commands: add a named access pattern there (docs/adding-an-entity.md).',
        })),
      }],
    },
  },
);
