import type { Handler } from '../../functions/types.ts';
import type { Config } from '../../config.ts';

/** Handlers of the content domain, one per function in the contract's functions/content.ts. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function contentHandlers(config: Config): Handler[] {
  return [];
}
