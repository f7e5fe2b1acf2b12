import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['build/', 'dist/', 'data/', '.tmp/', 'node_modules/', '.react-router/', 'test-results/', 'playwright-report/', 'screenshots/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // the public site must never pull in admin code (the admin bundle stays off visitors' phones)
    files: ['web/routes/public/**', 'web/components/public/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/admin/**', '~/routes/admin/*', '~/components/admin/*'] }],
    },
  },
);
