// Compiles the server to JavaScript for production (docs/requirements/platform.md#platform-runtime): one ES module per entry in dist/,
// with the workspace contract and drizzle-orm bundled in and every other npm package left external (installed with
// `npm ci --omit=dev`).
// Non-code files the server reads beside its modules are copied next to them: import.meta.dirname is dist/ for
// every entry, so migrations and help content are found at the same relative places as in the sources.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
/**
 * npm packages compiled into dist/ rather than resolved at run time (decision 160). drizzle-orm is some 300 modules
 * whose package.json carries a 170 KB `exports` map: Node's module loader read that map again for each of them, and a
 * starting process allocated about 160 MB of it (over half of all it allocated before listening), garbage that its
 * first collections then had to go through. Pure JavaScript with no files of its own to read; `pg` stays external.
 */
const BUNDLED = ['drizzle-orm'];
const bundled = (specifier) => specifier.startsWith('@hibi/') || BUNDLED.some((p) => specifier === p || specifier.startsWith(`${p}/`));
const src = path.join(root, 'src');
const out = path.join(root, 'dist');

const scriptsDir = path.join(src, 'scripts');
const scripts = fs.existsSync(scriptsDir) ? fs.readdirSync(scriptsDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')) : [];
const entryPoints = { main: path.join(src, 'main.ts') };
for (const file of scripts) entryPoints[path.basename(file, '.ts')] = path.join(scriptsDir, file);

fs.rmSync(out, { recursive: true, force: true });
await build({
  entryPoints,
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  sourcemap: true,
  chunkNames: 'chunk-[hash]',
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        // Every bare import is an npm package resolved at run time, except the workspace contract (TypeScript source)
        // and the packages in BUNDLED.
        b.onResolve({ filter: /^[^./]/ }, (args) => (bundled(args.path) ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});

fs.cpSync(path.join(src, 'db/migrations'), path.join(out, 'migrations'), { recursive: true });
fs.cpSync(path.join(src, 'domains/help/content'), path.join(out, 'content'), { recursive: true });
console.log(`server compiled to ${path.relative(process.cwd(), out)}: ${Object.keys(entryPoints).join(', ')}`);
