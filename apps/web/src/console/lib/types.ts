import type { ConsoleFunctionByName, ConsoleFunctionName } from '@hibi/contract/console/index';
import type { ConsoleEnvelope, ConsolePayloadOf, ConsoleSuccess } from '@hibi/contract/console/protocol';

/** Types of the console's functions from the contract (import type only: no zod ships for them). */
export type { ConsoleFunctionName };
export type ConsolePayload<N extends ConsoleFunctionName> = ConsolePayloadOf<ConsoleFunctionByName<N>>;
export type ConsoleResult<N extends ConsoleFunctionName> = Omit<ConsoleSuccess<ConsoleFunctionByName<N>>, 'succeed'>;
export type ConsoleAnswer<N extends ConsoleFunctionName> = ConsoleEnvelope<ConsoleFunctionByName<N>>;
