import type { Handler } from '../../functions/types.ts';
import type { Config } from '../../config.ts';

/** Handlers of the health domain, one per function in the contract's functions/health.ts. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function healthHandlers(config: Config): Handler[] {
  return [];
}
