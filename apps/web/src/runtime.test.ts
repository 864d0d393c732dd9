// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Alias, UserConfig } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * React is the runtime (docs/requirements/platform.md#platform-react, decision 143): every build of the web app, the members' app, the console
 * and the server renderer, runs React 19 and react-dom. Nothing may put another library under React's names again:
 * no package of another runtime, no npm alias, no bundler alias.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const REACT_NAMES = ['react', 'react-dom', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom/client', 'react-dom/server', 'scheduler'];
const OTHER_RUNTIMES = /^(@?preact|inferno|nerv|react-lite|@?million|anujs)(\/|$|-)/;

function manifests(): { file: string; json: Record<string, Record<string, string> | undefined> }[] {
  const dirs = ['.', 'e2e', ...['apps', 'packages'].flatMap((group) => fs.readdirSync(path.join(ROOT, group)).map((dir) => `${group}/${dir}`))];
  return dirs
    .map((dir) => path.join(ROOT, dir, 'package.json'))
    .filter((file) => fs.existsSync(file))
    .map((file) => ({ file, json: JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Record<string, string> | undefined> }));
}

describe('the web runtime is React 19', () => {
  it('no package of the workspace depends on another runtime, or aliases one under a React name', () => {
    const found: string[] = [];
    for (const { file, json } of manifests()) {
      for (const field of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies', 'overrides']) {
        for (const [name, spec] of Object.entries(json[field] ?? {})) {
          if (OTHER_RUNTIMES.test(name)) found.push(`${file} ${field}: ${name}`);
          if (typeof spec === 'string' && spec.startsWith('npm:') && (REACT_NAMES.includes(name) || OTHER_RUNTIMES.test(spec.slice(4)))) {
            found.push(`${file} ${field}: ${name} -> ${spec}`);
          }
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('react and react-dom resolve to React 19 itself', () => {
    const require = createRequire(path.join(ROOT, 'apps/web/package.json'));
    for (const name of ['react', 'react-dom']) {
      const manifest = JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { name: string; version: string };
      expect(manifest.name).toBe(name);
      expect(manifest.version).toMatch(/^19\./);
    }
  });

  it('neither build of vite.config.ts aliases a React name', async () => {
    const { default: configOf } = (await import('../vite.config.ts')) as unknown as {
      default: (env: { command: 'build'; mode: string; isSsrBuild: boolean }) => UserConfig;
    };
    for (const isSsrBuild of [false, true]) {
      const alias = configOf({ command: 'build', mode: 'production', isSsrBuild }).resolve?.alias;
      const entries: Alias[] = Array.isArray(alias)
        ? (alias as Alias[])
        : Object.entries(alias ?? {}).map(([find, replacement]) => ({ find, replacement: String(replacement) }));
      const aliased = REACT_NAMES.filter((name) => entries.some(({ find }) => (typeof find === 'string' ? find === name : find.test(name))));
      expect(aliased, `${isSsrBuild ? 'server' : 'browser'} build`).toEqual([]);
    }
  });
});
