import type { SeedContext } from './context.ts';

/** Demo content of the health domain. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function seedHealth(ctx: SeedContext): Promise<void> {}
