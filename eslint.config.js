import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layers } from './scripts/eslint/layers.js';

const zodImport = {
  name: 'zod',
  message: "Import { z } from shared/zod.ts (configured for the site's CSP).",
  allowTypeImports: true,
};

export default tseslint.config(
  {
    ignores: [
      'build/',
      'dist/',
      'data/',
      '.tmp/',
      'node_modules/',
      '.react-router/',
      'test-results/',
      'playwright-report/',
      'screenshots/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, project: { rules: { layers } } },
    rules: {
      'project/layers': 'error',
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // shipped server code says what a value is by parsing or narrowing it, never by a cast (docs/decisions/0034)
    files: ['server/**/*.ts', 'shared/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/test/**'],
    rules: { '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }] },
  },
  {
    // zod's JIT uses eval, which our CSP blocks: everything takes z from shared/zod.ts
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['shared/zod.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [zodImport] }] },
  },
  {
    // the public site must never pull in admin code (the admin bundle stays off visitors' phones)
    files: ['web/routes/public/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [zodImport], patterns: ['**/admin/**', '~/routes/admin/*', '~/components/admin/*'] },
      ],
    },
  },
  {
    // what the public pages run in the browser: no admin code, and no React Router (docs/decisions/0027)
    files: ['web/pages/**', 'web/components/public/**', 'web/components/ui/**', 'web/public-entry.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            zodImport,
            {
              name: 'react-router',
              message: 'Public pages hydrate without React Router: use web/components/public/page-context.tsx and plain links.',
              allowTypeImports: true,
            },
          ],
          patterns: ['**/admin/**', '~/routes/admin/*', '~/components/admin/*'],
        },
      ],
    },
  },
  {
    // browser tests take test from e2e/fixtures/test.ts, whose page.goto waits for hydration
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/fixtures/test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [zodImport, { name: '@playwright/test', importNames: ['test'], message: 'Import test from e2e/fixtures/test.ts.' }] },
      ],
    },
  },
);
