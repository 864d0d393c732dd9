// Copies what production needs out of a built checkout into a folder of its own (`npm run release -- OUT`):
// the lockfile and package manifests (for `npm ci --omit=dev`), the compiled server, its public media, and the built
// web app. No TypeScript, no tests, no sources. Run `npm run build` first.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.resolve(process.argv[2] ?? path.join(root, '.tmp/release'));
const need = ['apps/server/dist/main.js', 'apps/web/dist/index.html'];
for (const file of need) {
  if (!fs.existsSync(path.join(root, file))) {
    console.error(`release: ${file} is missing; run npm run build first`);
    process.exit(1);
  }
}
const copy = [
  'package.json',
  'package-lock.json',
  'packages/contract/package.json',
  'apps/server/package.json',
  'apps/web/package.json',
  'e2e/package.json',
  'apps/server/dist',
  'apps/server/public',
  'apps/server/protected',
  'apps/web/dist',
  'apps/web/dist-ssr',
  'scripts/server-script.mjs',
];
fs.rmSync(out, { recursive: true, force: true });
for (const item of copy) fs.cpSync(path.join(root, item), path.join(out, item), { recursive: true });
console.log(`release written to ${out}: npm ci --omit=dev && NODE_ENV=production npm run serve`);
