// Runs one of the server's command-line scripts (apps/server/src/scripts/NAME.ts): from the sources through tsx in a
// checkout (development, CI), or compiled (apps/server/dist/NAME.js) in a release folder, which has neither sources
// nor tsx. `node scripts/server-script.mjs NAME [args...]`; the exit code is the script's.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const [name, ...args] = process.argv.slice(2);
if (!name || !/^[a-z0-9-]+$/.test(name)) {
  console.error('usage: node scripts/server-script.mjs NAME [args...]');
  process.exit(2);
}
const source = path.join(root, 'apps/server/src/scripts', `${name}.ts`);
const compiled = path.join(root, 'apps/server/dist', `${name}.js`);
function installed(name) {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}
const hasTsx = installed('tsx');
const argv = fs.existsSync(source) && hasTsx ? ['--import', 'tsx', source, ...args] : ['--enable-source-maps', compiled, ...args];
if (!fs.existsSync(argv.at(-1 - args.length))) {
  console.error(`no script ${name}: neither ${path.relative(root, source)} (with tsx) nor ${path.relative(root, compiled)}`);
  process.exit(2);
}
const result = spawnSync(process.execPath, argv, { stdio: 'inherit' });
process.exit(result.status ?? 1);
