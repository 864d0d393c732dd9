import { consoleAuditFunctions, type AuditEventAction } from './audit.ts';
import { consoleAuthFunctions } from './auth.ts';
import { consoleContentFunctions } from './content.ts';
import { consoleMediaFunctions } from './media.ts';
import { consoleOperatorFunctions } from './operators.ts';
import { consoleEventFunctions } from './events.ts';
import { consoleSurveyFunctions } from './surveys.ts';
import { consoleHelpFunctions } from './help.ts';
import { consolePeopleFunctions } from './people.ts';
import { consoleInsightsFunctions } from './insights.ts';
import { consolePasskeyFunctions } from './passkeys.ts';
import { consoleTimeMachineFunctions } from './time-machine.ts';
import { consoleCalendarFunctions } from './calendar.ts';
import { consoleHomeFunctions } from './home.ts';
import { consoleMagazineFunctions } from './magazine.ts';
import { consoleProgramFunctions } from './programs.ts';
import { consolePointsFunctions } from './points.ts';

/** Every function of the console entry. Each area file owns its list; this file only joins them. */
export const allConsoleFunctions = [
  ...consoleAuthFunctions,
  ...consoleOperatorFunctions,
  ...consoleAuditFunctions,
  ...consoleContentFunctions,
  ...consoleMediaFunctions,
  ...consoleEventFunctions,
  ...consoleSurveyFunctions,
  ...consoleHelpFunctions,
  ...consolePeopleFunctions,
  ...consoleInsightsFunctions,
  ...consolePasskeyFunctions,
  ...consoleTimeMachineFunctions,
  ...consoleCalendarFunctions,
  ...consoleHomeFunctions,
  ...consoleMagazineFunctions,
  ...consoleProgramFunctions,
  ...consolePointsFunctions,
] as const;

export type AnyConsoleFunction = (typeof allConsoleFunctions)[number];
export type ConsoleFunctionName = AnyConsoleFunction['name'];
/** What an audit row records: a console function's name or one of the other actions (the console's log names each). */
export type AuditAction = ConsoleFunctionName | AuditEventAction;
/** The function definition of a name, for type-only use by the web client. */
export type ConsoleFunctionByName<N extends ConsoleFunctionName> = Extract<AnyConsoleFunction, { name: N }>;
