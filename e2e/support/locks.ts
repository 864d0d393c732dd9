import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { LOCK_DIR } from './env.ts';

/**
 * A few demo resources exist once for the whole server, whatever member uses them: the one-seat sessions, the
 * three-seat class, the company-id accounts without an email. Tests that change them take them here, across
 * workers: a directory made with mkdir is the lock (atomic), in a folder start-server.sh empties with the database.
 */
/** The members' announcements list, one for the whole server: announcements.spec counts it; the console adds to it. */
export const ANNOUNCEMENTS_LOCK = 'demo-announcements';

function lockPath(name: string) {
  return path.join(LOCK_DIR, name.replace(/[^A-Za-z0-9-]/g, '_'));
}

function tryTake(name: string): boolean {
  fs.mkdirSync(LOCK_DIR, { recursive: true });
  try {
    fs.mkdirSync(lockPath(name));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Runs `use` with one of `names` held for this test alone (the first that is free; waits while all are taken) and
 * gives it back afterwards, whether `use` passed or failed.
 */
export async function withOneOf<T>(names: readonly string[], use: (name: string) => Promise<T>, timeout = 120_000): Promise<T> {
  let held: string | undefined;
  await expect
    .poll(() => (held = names.find(tryTake)) !== undefined, {
      message: `waiting for one of ${names.join(', ')}`,
      timeout,
      intervals: [50, 100, 250, 500],
    })
    .toBe(true);
  try {
    return await use(held!);
  } finally {
    fs.rmSync(lockPath(held!), { recursive: true, force: true });
  }
}

/** Runs `use` with `name` held for this test alone. */
export function exclusively<T>(name: string, use: () => Promise<T>, timeout?: number): Promise<T> {
  return withOneOf([name], () => use(), timeout);
}

/**
 * Takes one of `names` for good (until the server restarts with a fresh database): for resources a test uses up.
 * Fails, saying so, when every one is taken.
 */
export function claimOne(names: readonly string[], what: string): string {
  const name = names.find((n) => tryTake(`claimed-${n}`));
  if (!name) throw new Error(`${what}: all of ${names.join(', ')} were used since the server started (each test run uses one)`);
  return name;
}
