// Draws the server's import graph for docs/server-graph.md (`npm run graph`) from the real imports, as
// dependency-cruiser reads them with the rules of .dependency-cruiser.cjs: one diagram of the layers, one of the
// domains and how they reach each other. `--check` (run by `npm run lint`) fails when a rule is broken or when the
// committed drawing is not the graph of today's code.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const OUT = 'docs/server-graph.md';
const check = process.argv.includes('--check');

const run = spawnSync(
  process.execPath,
  ['node_modules/dependency-cruiser/bin/dependency-cruiser.mjs', 'apps/server/src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
  { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
);
if (!run.stdout) {
  console.error(run.stderr);
  process.exit(1);
}
const { modules, summary } = JSON.parse(run.stdout);

if (summary.error > 0) {
  for (const v of summary.violations)
    console.error(`${v.rule.name}: ${v.from} -> ${v.to}${v.cycle ? ` (cycle ${v.cycle.map((c) => c.name ?? c).join(' -> ')})` : ''}`);
  console.error(`server import graph: ${summary.error} violation(s) of .dependency-cruiser.cjs`);
  process.exit(1);
}

/** The layer of a module, as .dependency-cruiser.cjs names them. */
function layerOf(file) {
  if (file.startsWith('packages/contract/') || file.startsWith('@hibi/contract/')) return 'contract';
  const m = /^apps\/server\/src\/(.*)$/.exec(file);
  if (!m) return null;
  const p = m[1];
  if (/^(config|paths|csp)\.ts$/.test(p)) return 'base';
  if (p.startsWith('db/')) return 'db';
  if (p.startsWith('lib/')) return 'lib';
  if (p.startsWith('mail/')) return 'mail';
  if (p.startsWith('push/')) return 'push';
  if (p.startsWith('core/')) return 'core';
  if (p.startsWith('seed/')) return 'seed';
  if (/^domains\/[^/]+\/data(\.ts|\/[^/]+\.ts)$/.test(p)) return 'data';
  if (/^domains\/[^/]+\/(handlers|routes)\.ts$/.test(p)) return 'handlers';
  if (p.startsWith('domains/')) return 'services';
  if (!p.includes('/') || /^(functions|scripts)\//.test(p)) return 'entry';
  // A new folder of src/ is a layer nobody has placed yet: say so rather than draw it as the entry.
  throw new Error(`apps/server/src/${p}: its folder is no layer of scripts/server-graph.mjs; add it here and to .dependency-cruiser.cjs`);
}

const LAYERS = ['entry', 'seed', 'handlers', 'services', 'data', 'core', 'mail', 'push', 'lib', 'db', 'base', 'contract'];
const LABELS = {
  entry: 'entry<br/>main, app, routes, functions/, scripts/, maintenance',
  seed: 'seed/<br/>demo content',
  handlers: 'handlers<br/>domains/*/handlers.ts, routes.ts',
  services: 'services<br/>domains/*/service.ts + rules, mails, …',
  data: 'data<br/>domains/*/data.ts, data/*.ts (SQL)',
  core: 'core/<br/>handler kit',
  mail: 'mail/<br/>outbox, sender',
  push: 'push/<br/>Web Push outbox, sender',
  lib: 'lib/<br/>tokens, passwords, rate limit, …',
  db: 'db/<br/>client, schema, query, transaction',
  base: 'config, paths, csp',
  contract: '@hibi/contract',
};

const layerEdges = new Map();
const domainEdges = new Map();
const domainOf = (file) => /^apps\/server\/src\/domains\/([^/]+)\//.exec(file)?.[1] ?? null;
for (const mod of modules) {
  const from = layerOf(mod.source);
  if (!from || from === 'contract') continue;
  for (const dep of mod.dependencies) {
    const to = layerOf(dep.resolved);
    if (!to) continue;
    if (to !== from) layerEdges.set(`${from} --> ${to}`, (layerEdges.get(`${from} --> ${to}`) ?? 0) + 1);
    const [a, b] = [domainOf(mod.source), domainOf(dep.resolved)];
    if (a && b && a !== b) {
      const key = `${a} -->|${path.basename(dep.resolved, '.ts')}| ${b}`;
      domainEdges.set(key, (domainEdges.get(key) ?? 0) + 1);
    }
  }
}

const order = (edge) => {
  const [a, b] = edge.split(' --> ');
  return LAYERS.indexOf(a) * 100 + LAYERS.indexOf(b);
};
const layerLines = [...layerEdges.keys()].sort((x, y) => order(x) - order(y)).map((e) => `  ${e}`);
const domainLines = [...domainEdges.keys()].sort().map((e) => `  ${e}`);
const domains = [...new Set(modules.map((m) => domainOf(m.source)).filter(Boolean))].sort();

const text = `<!-- Written by \`npm run graph\` (scripts/server-graph.mjs) from the real imports; \`npm run lint\` fails when it is out of date. -->

# Server import graph

Layers of \`apps/server/src\` (docs/decisions/082-server-layers.md): an arrow is "imports". Every arrow points down;
\`.dependency-cruiser.cjs\` forbids the others, and cycles, on every \`npm run lint\`.

\`\`\`mermaid
flowchart TD
${LAYERS.map((l) => `  ${l}["${LABELS[l]}"]`).join('\n')}
${layerLines.join('\n')}
\`\`\`

Domains (${domains.join(', ')}) reach each other only through the other domain's public module, \`service.ts\`
(the arrow's label); each domain's handlers, data module and internals are its own.

\`\`\`mermaid
flowchart LR
${domainLines.join('\n')}
\`\`\`
`;

if (check) {
  const current = fs.existsSync(OUT) ? fs.readFileSync(OUT, 'utf8') : '';
  if (current !== text) {
    console.error(`${OUT} is not the graph of today's code: run npm run graph and commit it`);
    process.exit(1);
  }
  console.log(`server import graph: no violations (${modules.length} modules), ${OUT} up to date`);
} else {
  fs.writeFileSync(OUT, text);
  console.log(`wrote ${OUT}`);
}
