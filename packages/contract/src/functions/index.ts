import { authFunctions } from './auth.ts';
import { contentFunctions } from './content.ts';
import { eventsFunctions } from './events.ts';
import { healthFunctions } from './health.ts';
import { accountFunctions } from './account.ts';
import { surveysFunctions } from './surveys.ts';
import { helpFunctions } from './help.ts';
import { lifecycleFunctions } from './lifecycle.ts';
import { passkeysFunctions } from './passkeys.ts';
import { notificationsFunctions } from './notifications.ts';
import { magazineFunctions } from './magazine.ts';
import { programFunctions } from './programs.ts';
import { pointsFunctions } from './points.ts';

/** Every function of the entry. Each domain file owns its list; this file only joins them. */
export const allFunctions = [
  ...authFunctions,
  ...contentFunctions,
  ...eventsFunctions,
  ...healthFunctions,
  ...accountFunctions,
  ...surveysFunctions,
  ...helpFunctions,
  ...lifecycleFunctions,
  ...passkeysFunctions,
  ...notificationsFunctions,
  ...magazineFunctions,
  ...programFunctions,
  ...pointsFunctions,
] as const;

export type AnyFunction = (typeof allFunctions)[number];
export type FunctionName = AnyFunction['name'];

/** The function definition of a name, for type-only use by the web client (no zod shipped for it). */
export type FunctionByName<N extends FunctionName> = Extract<AnyFunction, { name: N }>;
