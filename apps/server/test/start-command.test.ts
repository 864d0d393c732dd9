import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './server-process.ts';

/**
 * Issue 55, item 7 (docs/decisions/180-checked-with-standard-tools.md): a newcomer's `npm start` runs its install on
 * the machine's own Node (20 here), which npm compares with every package's `engines`; everything then runs on the
 * project's Node 24, so those warnings only alarm. The start command's install is run here as a newcomer's would be, on
 * the system's Node and npm (a dry run, offline: nothing changes), and says nothing about engines.
 */
const run = promisify(execFile);
const SYSTEM_NODE = '/usr/bin/node';
const SYSTEM_NPM = '/usr/bin/npm';
const systemMajor = fs.existsSync(SYSTEM_NODE) ? Number((await run(SYSTEM_NODE, ['-p', 'process.versions.node.split(".")[0]'])).stdout.trim()) : null;

describe.skipIf(systemMajor === null || systemMajor === 24 || !fs.existsSync(SYSTEM_NPM))(`npm start on the machine's Node ${systemMajor}`, () => {
  it("installs without an EBADENGINE warning, although the packages want the project's Node 24", async () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const install = scripts.start!.split('&&')[0]!.trim().split(/\s+/);
    expect(install.slice(0, 2)).toEqual(['npm', 'install']);
    // The system's npm on the system's Node, with no node_modules/.bin on the PATH: a fresh shell's.
    // Nor the npm_config_… settings of the npm that runs this suite.
    const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k))), PATH: '/usr/local/bin:/usr/bin:/bin' };
    const { stdout, stderr } = await run(SYSTEM_NODE, [fs.realpathSync(SYSTEM_NPM), ...install.slice(1), '--dry-run', '--offline'], {
      cwd: repoRoot,
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
    expect(`${stdout}\n${stderr}`).not.toContain('EBADENGINE');
  }, 120_000);
});
