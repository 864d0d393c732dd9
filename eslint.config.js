import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.tmp/**', 'e2e/screenshots/**', 'apps/web/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
      'import-x/no-cycle': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Dependency rules (docs/architecture.md): the web app never imports the server; features never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web/src', from: './apps/server' },
            { target: './apps/web/src/components', from: './apps/web/src/features' },
            { target: './apps/web/src/lib', from: './apps/web/src/features' },
            { target: './apps/web/src/components', from: './apps/web/src/app' },
            { target: './apps/web/src/lib', from: './apps/web/src/app' },
            ...['announcements', 'events', 'library', 'surveys', 'health', 'account', 'auth', 'help', 'signup', 'password', 'devtool'].map((f) => ({
              target: `./apps/web/src/features/${f}`,
              from: './apps/web/src/features',
              except: [`./${f}`],
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'packages/contract/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [{ target: './apps/server', from: './apps/web' }, { target: './packages/contract', from: './apps' }] }],
    },
  },
);
