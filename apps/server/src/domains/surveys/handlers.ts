import type { Handler } from '../../functions/types.ts';
import type { Config } from '../../config.ts';

/** Handlers of the surveys domain, one per function in the contract's functions/surveys.ts. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function surveysHandlers(config: Config): Handler[] {
  return [];
}
