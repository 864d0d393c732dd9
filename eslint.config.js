import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import fs from 'node:fs';
import globals from 'globals';

/** The web app's features: every folder of apps/web/src/features, so a new feature is fenced too. */
const WEB_FEATURES = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.tmp/**', 'e2e/screenshots/**', 'apps/web/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    // Relative imports name their .ts files; the node resolver finds them, so the import rules see the real graph.
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Packages are not parsed: the rules are about this repository's own graph.
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Web layers point one way (docs/architecture.md): app -> features -> components / lib. The web app never imports
      // the server; features never import each other nor the app; components and lib know no feature and no app; lib
      // knows no component; a feature's api/ (the calls) knows nothing of its screens.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web/src', from: './apps/server' },
            { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'] },
            { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'] },
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            ...WEB_FEATURES.flatMap((f) => [
              { target: `./apps/web/src/features/${f}`, from: './apps/web/src/features', except: [`./${f}`] },
              {
                target: `./apps/web/src/features/${f}/api`,
                from: ['components', 'pages', 'hooks'].map((layer) => `./apps/web/src/features/${f}/${layer}`),
              },
            ]),
          ],
        },
      ],
    },
  },
  {
    // Only a feature's api/ files (and lib's own plumbing) call the function entry: screens use their feature's
    // fetchers, query options and hooks (docs/decisions/085-web-ui-kit-and-api-files.md).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/*/api/**', 'apps/web/src/lib/**', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)lib/api(\\.ts)?$',
              importNames: ['call', 'callOrThrow'],
              message: "Call functions from the feature's api/ folder (one file per call), not from screens or shared components.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'packages/contract/src/**/*.ts'],
    rules: {
      // Server layers point one way (docs/architecture.md): entry -> handlers -> services -> data -> db.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/server', from: './apps/web' },
            { target: './packages/contract', from: './apps' },
            // Domains never reach back to the entry or the registry that imports them.
            {
              target: './apps/server/src/domains',
              from: [
                './apps/server/src/functions/entry.ts',
                './apps/server/src/functions/registry.ts',
                './apps/server/src/app.ts',
                './apps/server/src/main.ts',
              ],
            },
            // The database layer knows no domain, and shared libraries know no domain and no entry.
            {
              target: [
                './apps/server/src/db/client.ts',
                './apps/server/src/db/migrate.ts',
                './apps/server/src/db/query.ts',
                './apps/server/src/db/schema',
              ],
              from: './apps/server/src/domains',
            },
            {
              target: './apps/server/src/lib',
              from: ['./apps/server/src/domains', './apps/server/src/functions/entry.ts', './apps/server/src/functions/registry.ts'],
            },
            { target: './apps/server/src/mail', from: './apps/server/src/domains' },
          ],
        },
      ],
    },
  },
);
