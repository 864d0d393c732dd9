// Start-up of the server to a ready /readyz: the compiled build (production) against the sources through tsx
// (development), and the compiled build without its warm-up (WARM_UP_MS=0, decision 172), side by side on one
// PostgreSQL database, several rounds each, alternating. Prints medians, the ratio and what the warm-up costs. Needs
// `npm run build` first. `npm run bench:startup`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { NODE_CLI_FLAGS } from '../src/core/v8-flags.ts';
import { elapsed, stats, withBenchDatabase } from './support.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PORT = 3490;
const compiled = path.join(root, 'apps/server/dist/main.js');
if (!fs.existsSync(compiled)) {
  console.error('apps/server/dist/main.js is missing: run npm run build first');
  process.exit(1);
}

async function startOnce(args: string[], databaseUrl: string, env: Record<string, string> = {}): Promise<{ readyMs: number; rssMb: number }> {
  const t0 = process.hrtime.bigint();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      MAILBOX_PORT: '0',
      DEMO_CONTENT: 'false',
      ...env,
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (elapsed(t0) > 60_000) throw new Error('the server did not become ready within 60 s');
      try {
        if ((await fetch(`http://127.0.0.1:${PORT}/readyz`)).ok) break;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    const readyMs = elapsed(t0);
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    return { readyMs, rssMb };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

await withBenchDatabase('startup', async (_database, dbUrl) => {
  // Both with the start command's flags (decision 170), so the ratio is the compilation's alone.
  const variants: Record<string, { args: string[]; env?: Record<string, string> }> = {
    compiled: { args: [...NODE_CLI_FLAGS, '--enable-source-maps', compiled] },
    tsx: { args: [...NODE_CLI_FLAGS, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')] },
    'compiled, no warm-up': { args: [...NODE_CLI_FLAGS, '--enable-source-maps', compiled], env: { WARM_UP_MS: '0' } },
  };
  const names = Object.keys(variants);
  const samples = Object.fromEntries(names.map((name) => [name, [] as { readyMs: number; rssMb: number }[]]));
  await startOnce(variants.compiled!.args, dbUrl); // migrations applied once, outside the figures
  for (let i = 0; i < ROUNDS; i++) {
    for (const name of names) samples[name]!.push(await startOnce(variants[name]!.args, dbUrl, variants[name]!.env));
  }
  const median = (name: string, key: 'readyMs' | 'rssMb') => stats(samples[name]!.map((s) => s[key])).median;
  for (const name of names) {
    console.log(`${name}: ready in median ${median(name, 'readyMs').toFixed(0)} ms, RSS ${median(name, 'rssMb').toFixed(0)} MB (${ROUNDS} starts)`);
  }
  console.log(
    `the warm-up: +${(median('compiled', 'readyMs') - median('compiled, no warm-up', 'readyMs')).toFixed(0)} ms to ready, ` +
      `+${(median('compiled', 'rssMb') - median('compiled, no warm-up', 'rssMb')).toFixed(0)} MB RSS`,
  );
  console.log(
    `ratio tsx/compiled: start ${(median('tsx', 'readyMs') / median('compiled', 'readyMs')).toFixed(2)}x, memory ${(median('tsx', 'rssMb') / median('compiled', 'rssMb')).toFixed(2)}x`,
  );
});
