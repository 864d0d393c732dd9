// The server's import graph, checked on every `npm run lint` and drawn by `npm run graph` (apps/server/CONTEXT.md,
// docs/decisions/082-server-layers.md). Layers, top to bottom; each may import only the layers below it:
//
//   entry      every module at the top of src/ but the base (main, app, routes, warm-up, ...), functions/, scripts/
//   seed       the demo content (seed/): data modules only
//   handlers   domains/<d>/handlers.ts and routes.ts: validate, call the domain's service, shape the answer
//   services   domains/<d>/service.ts (the domain's public module) and its other modules (rules, mails, ...)
//   data       domains/<d>/data.ts, or domains/<d>/data/*.ts split by purpose (decision 157): the domain's SQL, typed rows
//   core       core/: the handler kit (defineHandler, Context, failure, AuthUser)
//   mail, push, lib  mail and push outboxes and senders; tokens, passwords, rate limiter, sanitiser, media signing
//   db         client, migrations runner, schema, the query helper
//   base       config.ts, paths.ts, csp.ts
//
// Tests, benchmarks and test helpers sit above everything and are not checked here.
const SRC = '^apps/server/src/';
const BASE = `${SRC}(config|paths|csp)\\.ts$`;
const DB = `${SRC}db/`;
const LIB = `${SRC}lib/`;
const MAIL = `${SRC}mail/`;
const PUSH = `${SRC}push/`;
const CORE = `${SRC}core/`;
const DATA = `${SRC}domains/[^/]+/data(\\.ts|/[^/]+\\.ts)$`;
const HANDLERS = `${SRC}domains/[^/]+/(handlers|routes)\\.ts$`;
const SEED = `${SRC}seed/`;
const TESTS = '\\.test\\.ts$';

/** A rule that a layer imports nothing of this repository's server outside `allowed`. */
const onlyBelow = (name, comment, from, allowed, fromNot) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, pathNot: [TESTS, ...(fromNot ? [fromNot] : [])] },
  to: { path: SRC, pathNot: allowed },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles in the server.',
      severity: 'error',
      from: { path: SRC },
      to: { circular: true },
    },
    onlyBelow('base-imports-base', 'config, paths and csp are leaves.', BASE, [BASE]),
    onlyBelow('db-below-everything', 'The database layer knows no domain, library or entry.', DB, [DB, BASE]),
    onlyBelow('lib-imports-db-only', 'Shared libraries know no domain, no entry, no handler kit and no mail.', LIB, [LIB, DB, BASE]),
    onlyBelow('mail-imports-lib-and-db', 'Mail knows no domain and no entry.', MAIL, [MAIL, LIB, DB, BASE]),
    onlyBelow('push-imports-lib-and-db', 'Web Push (outbox, sender) knows no domain, no entry and no mail.', PUSH, [PUSH, LIB, DB, BASE]),
    onlyBelow('core-below-domains', 'The handler kit sits below the domains: it never imports them or the entry.', CORE, [CORE, LIB, DB, BASE]),
    {
      name: 'data-imports-db-and-lib',
      comment:
        "A data module holds SQL on the database layer only (no service, handler kit or mail); a domain's data/ modules may import each other (its shared SQL fragments in data/sql.ts).",
      severity: 'error',
      from: { path: `${SRC}domains/([^/]+)/data(\\.ts|/[^/]+\\.ts)$`, pathNot: [TESTS] },
      to: { path: SRC, pathNot: [DB, LIB, BASE, `${SRC}domains/$1/data/[^/]+\\.ts$`] },
    },
    onlyBelow(
      'seed-uses-data-modules',
      "The demo seed writes through data modules and the schema, never through services or handlers (it may plan with programs' pure formation.ts and post points through points' ledger.ts, the one writer of the ledger).",
      SEED,
      [SEED, `${SRC}domains/programs/formation\\.ts$`, `${SRC}domains/points/ledger\\.ts$`, DATA, DB, LIB, BASE],
    ),
    {
      name: 'services-below-handlers',
      comment: 'Services (every domain module but handlers, routes and data) never import handlers, routes, the entry or the seed.',
      severity: 'error',
      from: { path: `${SRC}domains/`, pathNot: [TESTS, HANDLERS, DATA] },
      to: { path: SRC, pathNot: [`${SRC}domains/`, CORE, MAIL, PUSH, LIB, DB, BASE] },
    },
    {
      name: 'services-never-import-handlers',
      severity: 'error',
      from: { path: `${SRC}domains/`, pathNot: [TESTS, HANDLERS] },
      to: { path: HANDLERS },
    },
    {
      name: 'handlers-call-services',
      comment: 'Handlers and routes validate, call their service and shape the answer: no data module, schema, query helper or SQL.',
      severity: 'error',
      from: { path: HANDLERS },
      to: { path: [DATA, `${DB}(schema|query|migrate)`, `${SRC}lib/`, MAIL, PUSH] },
    },
    {
      name: 'sql-only-in-data-modules',
      comment: 'drizzle-orm (sql``, query builders) is used in data modules and the database layer only.',
      severity: 'error',
      from: { path: `${SRC}domains/`, pathNot: [TESTS, DATA] },
      to: { path: 'node_modules/drizzle-orm' },
    },
    {
      name: 'schema-only-in-data-modules',
      severity: 'error',
      from: { path: `${SRC}domains/`, pathNot: [TESTS, DATA] },
      to: { path: [`${DB}schema`, `${DB}query\\.ts$`], pathNot: [] },
    },
    {
      name: 'domains-meet-through-service',
      comment: "A domain reaches another only through that domain's public module, service.ts.",
      severity: 'error',
      from: { path: `${SRC}domains/([^/]+)/`, pathNot: TESTS },
      to: { path: `${SRC}domains/`, pathNot: [`${SRC}domains/$1/`, `${SRC}domains/[^/]+/service\\.ts$`] },
    },
    {
      name: 'entry-uses-public-modules',
      comment: "The entry registers a domain's handlers and routes and calls its service; never its data module or internals.",
      severity: 'error',
      from: { path: SRC, pathNot: [`${SRC}domains/`, SEED, CORE, LIB, MAIL, PUSH, DB, BASE, TESTS] },
      to: { path: `${SRC}domains/`, pathNot: `${SRC}domains/[^/]+/(handlers|routes|service)\\.ts$` },
    },
    {
      name: 'src-never-imports-tests',
      severity: 'error',
      from: { path: SRC, pathNot: TESTS },
      to: { path: ['^apps/server/(test|bench)/', TESTS] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/server/tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs'] },
    reporterOptions: {
      // `npm run graph`: one box per layer or domain module, the edges between them.
      dot: { collapsePattern: '^apps/server/src/(domains/[^/]+/[^/]+|[^/]+/|[^/]+\\.ts)' },
    },
  },
};
