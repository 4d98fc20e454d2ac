import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { noImportCycles } from './scripts/eslint/no-import-cycles.mjs';
import { serverBoundaries } from './scripts/eslint/server-boundaries.mjs';
import { webBoundaries } from './scripts/eslint/web-boundaries.mjs';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', 'test-results*/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'scripts/vitest-sequencer.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    plugins: { promotor: { rules: { 'web-boundaries': webBoundaries } } },
    rules: { 'promotor/web-boundaries': 'error' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { promotor: { rules: { 'server-boundaries': serverBoundaries } } },
    rules: { 'promotor/server-boundaries': 'error' },
  },
  {
    // No import cycles in either app (type-only ones included: they hide a tangle just the same).
    files: ['apps/*/src/**/*.ts', 'apps/*/src/**/*.tsx', 'packages/*/src/**/*.ts'],
    plugins: { cycles: { rules: { 'no-import-cycles': noImportCycles } } },
    rules: { 'cycles/no-import-cycles': 'error' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        fetch: 'readonly',
        performance: 'readonly',
        Buffer: 'readonly',
        FormData: 'readonly',
        Blob: 'readonly',
        AbortSignal: 'readonly',
      },
    },
  },
);
