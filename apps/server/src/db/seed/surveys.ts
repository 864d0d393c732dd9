import type { SeedContext } from './context.ts';

/** Demo content of the surveys domain. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function seedSurveys(ctx: SeedContext): Promise<void> {}
