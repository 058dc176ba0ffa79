// ESLint: typescript-eslint's recommended rules, React's rules of hooks, no import cycles, and size limits.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

export default tseslint.config(
  {
    ignores: ['node_modules/', 'out/', 'dist/', 'data/', '.tmp/', 'bench/data/', 'test-results/', 'playwright-report/', 'resources/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { console: 'readonly', process: 'readonly' } },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-undef': 'off', // TypeScript checks names; plain .mjs scripts run under Node
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The database layer stays readable in one sitting (issue 51): no function over 60 lines, no file over 300 in src/
    // but the contract tables.
    files: ['src/server/db/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['src/**/*.{ts,tsx,mjs}'],
    ignores: ['src/shared/endpoints.ts', 'src/shared/responses.ts', 'src/shared/types.ts', 'src/shared/schemas.ts'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
);
