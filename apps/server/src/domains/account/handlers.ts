import type { Handler } from '../../functions/types.ts';
import type { Config } from '../../config.ts';

/** Handlers of the account domain, one per function in the contract's functions/account.ts. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function accountHandlers(config: Config): Handler[] {
  return [];
}
