import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './private-cluster.ts';

/** The repository root: server processes run from there. */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * How a test starts a real server process: the one place to change when the server runs from a compiled build
 * instead of through the TypeScript loader.
 */
export const SERVER_COMMAND: { command: string; args: string[] } = {
  command: process.execPath,
  args: ['--import', 'tsx', 'apps/server/src/main.ts'],
};

/** The last few kilobytes each server process wrote to standard error: what a failed start says about itself. */
const stderrTails = new WeakMap<ChildProcess, string>();
const STDERR_TAIL_CHARS = 4000;

/** Starts a server process on 127.0.0.1 with the given environment on top of this one's. */
export function spawnServer(env: Record<string, string>): ChildProcess {
  const child = spawn(SERVER_COMMAND.command, SERVER_COMMAND.args, {
    cwd: repoRoot,
    // No local mailbox listener: it would take PORT + 1, which a second test server may be using.
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'silent', MAILBOX_PORT: '0', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  stderrTails.set(child, '');
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => stderrTails.set(child, ((stderrTails.get(child) ?? '') + chunk).slice(-STDERR_TAIL_CHARS)));
  return child;
}

/** What `child` wrote to standard error lately, for a test's failure message. */
export function stderrTail(child: ChildProcess): string {
  return stderrTails.get(child) ?? '';
}

/**
 * Waits until the server at `base` answers its health route. Gives up after `timeoutMs`, or at once when `child` (the
 * process meant to answer, where the caller knows it) has exited; either way the error says what the process wrote to
 * standard error.
 */
export async function waitUntilUp(base: string, { child, timeoutMs = 120_000 }: { child?: ChildProcess; timeoutMs?: number } = {}): Promise<void> {
  const started = Date.now();
  const until = started + timeoutMs;
  const why = (what: string) => {
    const tail = child ? stderrTail(child).trim() : '';
    return new Error(`server ${base} ${what} after ${Date.now() - started} ms${tail ? `; its standard error:\n${tail}` : ''}`);
  };
  while (Date.now() < until) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) throw why(`exited (${child.exitCode ?? child.signalCode})`);
    try {
      if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw why(`did not start within ${timeoutMs} ms`);
}

/** Resolves when the process has exited. */
export function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}

/**
 * Starts a server on a port free at the time, from `from` upwards (a random start within the next 300), and waits
 * until it answers. Ports picked unchecked met this machine's own services in CI (RabbitMQ on 5672); and a port found
 * free can still be taken before the server listens, seconds later: a server that could not listen there is started
 * again on another.
 */
export async function startServer(
  env: Record<string, string>,
  { from, timeoutMs = 120_000 }: { from: number; timeoutMs?: number },
): Promise<{ child: ChildProcess; port: number; base: string }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort(from + Math.floor(Math.random() * 300));
    const base = `http://127.0.0.1:${port}`;
    const child = spawnServer({ ...env, PORT: String(port) });
    try {
      await waitUntilUp(base, { child, timeoutMs });
      return { child, port, base };
    } catch (error) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if (attempt < 5 && stderrTail(child).includes('EADDRINUSE')) continue;
      throw error;
    }
  }
}
