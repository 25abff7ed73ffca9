import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import-x';
import globals from 'globals';

/** Every feature folder, read from the tree so a new feature is bounded from its first file. */
const featuresOf = (root) =>
  readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const FEATURES = {
  web: featuresOf('./apps/web/src/features'),
  server: featuresOf('./apps/server/src/features'),
};

/** A feature never imports another feature; the app layer composes them (style guide, bulletproof-react). */
function featureBoundaries(root, features) {
  return features.map((feature) => ({
    target: `${root}/features/${feature}`,
    from: `${root}/features`,
    except: [`./${feature}`],
  }));
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'var/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { import: importPlugin },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureBoundaries('./apps/web/src', FEATURES.web),
            ...featureBoundaries('./apps/server/src', FEATURES.server),
            // shared code never reaches into features or the app layer
            { target: './apps/web/src/shared', from: ['./apps/web/src/features', './apps/web/src/app'] },
            {
              target: './apps/server/src/shared',
              from: ['./apps/server/src/features', './apps/server/src/domain'],
            },
            // the domain holds the rules; routes import it, it never imports routes (issue 6, ADR 011)
            {
              target: './apps/server/src/domain',
              from: ['./apps/server/src/features', './apps/server/src/plugins'],
            },
            // the contract is the bottom layer
            { target: './packages/contract', from: ['./apps'] },
          ],
        },
      ],
    },
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
);
