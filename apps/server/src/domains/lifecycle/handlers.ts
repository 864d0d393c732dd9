import type { Handler } from '../../functions/types.ts';
import type { Config } from '../../config.ts';

/** Handlers of the lifecycle domain, one per function in the contract's functions/lifecycle.ts. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function lifecycleHandlers(config: Config): Handler[] {
  return [];
}
