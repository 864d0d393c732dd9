import type { FunctionDef } from '@hibi/contract/protocol';
import type { Config } from '../config.ts';
import type { Handler } from '../core/handler.ts';
import { authHandlers } from '../domains/auth/handlers.ts';
import { contentHandlers } from '../domains/content/handlers.ts';
import { eventsHandlers } from '../domains/events/handlers.ts';
import { healthHandlers } from '../domains/health/handlers.ts';
import { accountHandlers } from '../domains/account/handlers.ts';
import { surveysHandlers } from '../domains/surveys/handlers.ts';
import { helpHandlers } from '../domains/help/handlers.ts';
import { lifecycleHandlers } from '../domains/lifecycle/handlers.ts';
import { passkeysHandlers } from '../domains/passkeys/handlers.ts';
import { notificationsHandlers } from '../domains/notifications/handlers.ts';
import { magazineHandlers } from '../domains/magazine/handlers.ts';
import { pointsHandlers } from '../domains/points/handlers.ts';
import { programsHandlers } from '../domains/programs/handlers.ts';

/** name -> handler, for every function this server answers (the developer tool's only with DEVTOOL_PATH set). */
export function buildRegistry(config: Config): Map<string, Handler<FunctionDef>> {
  const all = [
    ...authHandlers,
    ...contentHandlers(config),
    ...eventsHandlers(config),
    ...healthHandlers(config),
    ...accountHandlers(config),
    ...surveysHandlers(config),
    ...helpHandlers,
    ...lifecycleHandlers(config),
    ...passkeysHandlers,
    ...notificationsHandlers,
    ...magazineHandlers,
    ...programsHandlers,
    ...pointsHandlers,
  ] as unknown as Handler<FunctionDef>[];
  const registry = new Map<string, Handler<FunctionDef>>();
  for (const handler of all) {
    if (registry.has(handler.def.name)) throw new Error(`Two handlers for ${handler.def.name}`);
    registry.set(handler.def.name, handler);
  }
  return registry;
}
