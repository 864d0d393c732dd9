import type { SeedContext } from './context.ts';

/** Demo content of the content domain. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function seedContent(ctx: SeedContext): Promise<void> {}
