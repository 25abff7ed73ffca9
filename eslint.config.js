import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import-x';
import globals from 'globals';
import { boundaryZones } from './eslint/boundaries.js';
import kippu from './eslint/plugin.js';

/** Paths below are this folder's, wherever eslint is started from (the lint test starts it in-process). */
const ROOT = import.meta.dirname;

export default tseslint.config(
  // zz-lint-probe-*: folders eslint/lint-config.test.js plants in the tree while it runs.
  { ignores: ['**/node_modules/**', '**/dist/**', 'var/**', '**/*.d.ts', '**/zz-lint-probe-*/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { import: importPlugin },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Generated from the folders and domain/floors.json (eslint/boundaries.js, ADR 062).
      'import/no-restricted-paths': ['error', { basePath: ROOT, zones: boundaryZones(ROOT) }],
    },
  },
  {
    // Type-only imports count: eslint-plugin-import-x's no-cycle skips them by design (ADR 062).
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'],
    plugins: { kippu },
    rules: { 'kippu/no-cycle': ['error', { root: ROOT }] },
  },
  {
    files: ['apps/server/src/domain/**/*.ts'],
    plugins: { kippu },
    rules: { 'kippu/domain-floor': ['error', { root: ROOT }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Every call goes through api.call(ROUTES.x, …) (ADR 050): the transport under it takes a URL string.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/shared/api/api-client.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='request']",
          message: 'Call the API with api.call(ROUTES.x, …): the path comes from the contract (ADR 050).',
        },
      ],
    },
  },
  {
    // The gateway simulator is loaded at one door, only while it is on (ADR 060); tests (and their support in
    // apps/server/test/, never compiled into dist) may use it directly.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.test.ts',
      'apps/server/src/payments/gateway-simulator.ts',
      'apps/server/src/cli/db-types.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@kippu/gateway-simulator',
              allowTypeImports: true,
              message:
                'Reach the simulator through payments/gateway-simulator.ts: never loaded in production (ADR 060).',
            },
          ],
        },
      ],
    },
  },
);
