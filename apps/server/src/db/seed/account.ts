import type { SeedContext } from './context.ts';

/** Demo content of the account domain. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function seedAccount(ctx: SeedContext): Promise<void> {}
