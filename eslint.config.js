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
/** The operator console's features (apps/web/src/console/features), fenced like the members' (decision 096). */
const CONSOLE_FEATURES = fs
  .readdirSync(new URL('./apps/web/src/console/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const C = './apps/web/src/console';
/** The server's source folder and the modules of its entry layer (docs/decisions/082-server-layers.md). */
const S = './apps/server/src';
const BASE = ['config.ts', 'paths.ts', 'csp.ts'];
/** The entry: functions/, scripts/ and every module at the top of src/ but the base (config, paths, csp), read from the folder. */
const ENTRY = [
  `${S}/functions`,
  `${S}/scripts`,
  ...fs
    .readdirSync(new URL(S, import.meta.url))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !BASE.includes(f))
    .map((f) => `${S}/${f}`),
];
/** The server's domains: every folder of apps/server/src/domains, so a new or renamed domain is fenced too. */
const DOMAINS = fs
  .readdirSync(new URL('./apps/server/src/domains', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** A restricted-paths zone; `from` may mix glob patterns and plain paths (the rule wants them in separate zones). */
const zone = (target, from) => {
  const list = [from].flat();
  const globs = list.filter((f) => /[*!?{]/.test(f));
  const plain = list.filter((f) => !/[*!?{]/.test(f));
  return [globs, plain].filter((l) => l.length > 0).map((l) => ({ target, from: l }));
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', '.tmp/**', 'e2e/screenshots/**', 'apps/web/public/**'] },
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
      // Web layers point one way (apps/web/CONTEXT.md): app -> features -> components / lib. The web app never imports
      // the server; features never import each other nor the app; components and lib know no feature and no app; lib
      // knows no component; a feature's api/ (the calls) knows nothing of its screens.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web/src', from: './apps/server' },
            // The operator console (src/console, its own entry) is no part of the members' app: nothing outside it
            // imports it. Inside, the same layers: app -> features -> components / lib; it may use the UI kit
            // (src/components), src/lib, the members' features' components (the preview renders an item with the member
            // pages' own components) and the route plumbing of src/app (chunks, the error panels), nothing else of theirs.
            ...['app', 'features', 'components', 'lib', 'sw', 'offline', 'test', 'main.tsx', 'sw.ts'].map((part) => ({
              target: `./apps/web/src/${part}`,
              from: C,
            })),
            ...zone(
              C,
              ['api', 'pages', 'hooks', 'charts'].map((layer) => `./apps/web/src/features/*/${layer}/**`),
            ),
            { target: C, from: './apps/web/src/app', except: ['./chunks.ts', './shell/ScreenError.tsx', './shell/RouteError.tsx'] },
            { target: `${C}/components`, from: [`${C}/features`, `${C}/app`] },
            { target: `${C}/lib`, from: [`${C}/features`, `${C}/app`, `${C}/components`] },
            { target: `${C}/features`, from: `${C}/app` },
            ...CONSOLE_FEATURES.flatMap((f) => [
              { target: `${C}/features/${f}`, from: `${C}/features`, except: [`./${f}`] },
              { target: `${C}/features/${f}/api`, from: ['components', 'pages', 'hooks'].map((layer) => `${C}/features/${f}/${layer}`) },
            ]),
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
    ignores: [
      'apps/web/src/features/*/api/**',
      'apps/web/src/lib/**',
      'apps/web/src/console/features/*/api/**',
      'apps/web/src/console/lib/**',
      'apps/web/src/**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)lib/api(\\.ts)?$',
              importNames: ['call', 'callOrThrow', 'consoleCall', 'consoleCallOrThrow', 'consoleUpload'],
              message: "Call functions from the feature's api/ folder (one file per call), not from screens or shared components.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'packages/contract/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      // Server layers point one way (docs/decisions/082-server-layers.md): entry -> handlers -> services -> data -> db.
      // The same rules, and cycles, are checked on the whole graph by dependency-cruiser (.dependency-cruiser.cjs) in
      // `npm run lint`; these zones say it in the editor.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/server', from: './apps/web' },
            { target: './packages/contract', from: './apps' },
            // Domains (handlers, services, data) never reach the entry, the registry, the seed or the scripts.
            ...zone(`${S}/domains`, [...ENTRY, `${S}/seed`]),
            // Services and data modules never import handlers or routes.
            ...zone(`${S}/domains`, [`${S}/domains/*/handlers.ts`, `${S}/domains/*/routes.ts`]),
            // Handlers and routes call their service: no data module, schema, query helper, library or mail.
            ...[`${S}/domains/*/handlers.ts`, `${S}/domains/*/routes.ts`].flatMap((target) =>
              zone(target, [
                `${S}/domains/*/data.ts`,
                `${S}/domains/*/data/*.ts`,
                `${S}/db/schema`,
                `${S}/db/query.ts`,
                `${S}/lib`,
                `${S}/mail`,
                `${S}/push`,
              ]),
            ),
            // Data modules (data.ts, or a folder data/ of them: decision 157) hold SQL on the database layer only.
            ...[`${S}/domains/*/data.ts`, `${S}/domains/*/data/*.ts`].flatMap((target) =>
              zone(target, [`${S}/domains/*/!(data).ts`, `${S}/core`, `${S}/mail`, `${S}/push`]),
            ),
            // A domain reaches another only through that domain's public module, service.ts.
            ...DOMAINS.flatMap((d) =>
              DOMAINS.filter((o) => o !== d).map((o) => ({ target: `${S}/domains/${d}`, from: `${S}/domains/${o}`, except: ['./service.ts'] })),
            ),
            // The seed writes through data modules, never services or handlers; it may plan with a domain's pure
            // planner (programs' formation.ts: no database, no clock), so the demo's teams are formed as the console forms them,
            // and it posts points through points' ledger.ts (postEntry, the ledger's one writer: decision 188).
            ...zone(`${S}/seed`, [`${S}/domains/*/!(data|formation|ledger).ts`, `${S}/core`, `${S}/mail`, `${S}/push`, ...ENTRY]),
            // The handler kit sits below the domains; mail, lib and db below it.
            ...zone(`${S}/core`, [`${S}/domains`, `${S}/seed`, `${S}/mail`, `${S}/push`, ...ENTRY]),
            ...zone(`${S}/mail`, [`${S}/domains`, `${S}/core`, `${S}/seed`, `${S}/push`, ...ENTRY]),
            // Web Push's outbox and sender (decision 153) sit beside mail.
            ...zone(`${S}/push`, [`${S}/domains`, `${S}/core`, `${S}/seed`, `${S}/mail`, ...ENTRY]),
            ...zone(`${S}/lib`, [`${S}/domains`, `${S}/core`, `${S}/mail`, `${S}/push`, `${S}/seed`, ...ENTRY]),
            ...zone(`${S}/db`, [`${S}/domains`, `${S}/core`, `${S}/mail`, `${S}/push`, `${S}/lib`, `${S}/seed`, ...ENTRY]),
          ],
        },
      ],
    },
  },
  {
    // SQL (drizzle-orm's sql`` and query builders) lives in a domain's data module, never in its handlers or services.
    files: ['apps/server/src/domains/**/*.ts'],
    ignores: ['**/data.ts', '**/data/*.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'drizzle-orm', message: 'SQL lives in the domain data module (data.ts or data/*.ts); call it from the service.' }] },
      ],
    },
  },
);
