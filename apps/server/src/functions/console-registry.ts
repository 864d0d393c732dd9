import type { ConsoleFunctionDef } from '@hibi/contract/console/protocol';
import type { Config } from '../config.ts';
import type { ConsoleHandler } from '../core/console-handler.ts';
import { operatorsConsoleHandlers } from '../domains/operators/handlers.ts';
import { contentConsoleHandlers } from '../domains/content/handlers.ts';
import { mediaConsoleHandlers } from '../domains/media/handlers.ts';
import { eventsConsoleHandlers } from '../domains/events/handlers.ts';
import { surveysConsoleHandlers } from '../domains/surveys/handlers.ts';
import { helpConsoleHandlers } from '../domains/help/handlers.ts';
import { peopleConsoleHandlers } from '../domains/people/handlers.ts';
import { insightsConsoleHandlers } from '../domains/insights/handlers.ts';
import { buildRegistry } from './registry.ts';
import { previewHandler } from './preview.ts';
import { calendarConsoleHandlers } from '../domains/calendar/handlers.ts';
import { homeConsoleHandlers } from '../domains/home/handlers.ts';
import { magazineConsoleHandlers } from '../domains/magazine/handlers.ts';
import { pointsConsoleHandlers } from '../domains/points/handlers.ts';
import { programsConsoleHandlers } from '../domains/programs/handlers.ts';

/** name -> handler, for every function of the console entry (POST /api/console/{name}). */
export function buildConsoleRegistry(config: Config): Map<string, ConsoleHandler<ConsoleFunctionDef>> {
  const all = [
    ...operatorsConsoleHandlers,
    ...contentConsoleHandlers,
    ...mediaConsoleHandlers(config),
    ...eventsConsoleHandlers(config),
    ...surveysConsoleHandlers,
    ...helpConsoleHandlers,
    ...peopleConsoleHandlers,
    ...insightsConsoleHandlers,
    // The time machine runs the member functions themselves (decision 154).
    previewHandler(config, buildRegistry(config)),
    ...calendarConsoleHandlers,
    ...homeConsoleHandlers,
    ...magazineConsoleHandlers,
    ...programsConsoleHandlers,
    ...pointsConsoleHandlers,
  ] as unknown as ConsoleHandler<ConsoleFunctionDef>[];
  const registry = new Map<string, ConsoleHandler<ConsoleFunctionDef>>();
  for (const handler of all) {
    if (registry.has(handler.def.name)) throw new Error(`Two console handlers for ${handler.def.name}`);
    registry.set(handler.def.name, handler);
  }
  return registry;
}
