import { hash, verify } from '@node-rs/argon2';

/** argon2id (algorithm 2) with the library's OWASP-level defaults: 19 MiB, 2 passes. */
const OPTIONS = { algorithm: 2 as const };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/** Verifies; with no stored hash it still spends the same time, so unknown ids cannot be told apart. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash('not-a-real-password', OPTIONS);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
