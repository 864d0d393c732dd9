import type { SeedContext } from './context.ts';

/** Demo content of the lifecycle domain. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function seedLifecycle(ctx: SeedContext): Promise<void> {}
