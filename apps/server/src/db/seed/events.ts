import type { SeedContext } from './context.ts';

/** Demo content of the events domain. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function seedEvents(ctx: SeedContext): Promise<void> {}
