import type { Handler } from '../../functions/types.ts';
import type { Config } from '../../config.ts';

/** Handlers of the events domain, one per function in the contract's functions/events.ts. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function eventsHandlers(config: Config): Handler[] {
  return [];
}
