import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

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

/** Starts a server process on 127.0.0.1 with the given environment on top of this one's. */
export function spawnServer(env: Record<string, string>): ChildProcess {
  return spawn(SERVER_COMMAND.command, SERVER_COMMAND.args, {
    cwd: repoRoot,
    // No local mailbox listener: it would take PORT + 1, which a second test server may be using.
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'silent', MAILBOX_PORT: '0', ...env },
    stdio: 'ignore',
  });
}

/** Waits until the server at `base` answers its health route (or gives up after `timeoutMs`). */
export async function waitUntilUp(base: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server ${base} did not start within ${timeoutMs} ms`);
}

/** Resolves when the process has exited. */
export function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}
