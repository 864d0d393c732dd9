import { currentLocale } from '../../lib/i18n.ts';
import type { ConsoleAnswer, ConsoleFunctionName, ConsolePayload, ConsoleResult } from './types.ts';

/**
 * The console's client of POST /api/console/{name}: JSON in and out, the operator's session in the HttpOnly cookie
 * (the browser sends it; the server checks the Origin), the envelope of docs/requirements/platform.md#platform-errors. Types come from the
 * contract (import type only: no zod in this module).
 */
export class ConsoleApiError extends Error {
  constructor(
    readonly errorCode: string,
    readonly status: number,
    readonly validationErrorMessage: string[] = [],
  ) {
    super(errorCode);
  }
}

/** Dispatched on window when the server answers 401: the operator's session ended (12 h, 30 min idle, signed out). */
export const CONSOLE_SIGNED_OUT_EVENT = 'hibi:console-signed-out';

type Envelope = { succeed: true } | { succeed: false; errorCode: string; validationErrorMessage?: string[]; message?: string };
type Args<N extends ConsoleFunctionName> = {} extends ConsolePayload<N> ? [ConsolePayload<N>?] : [ConsolePayload<N>];

async function send<E extends Envelope>(name: string, init: RequestInit): Promise<E> {
  let response: Response;
  try {
    response = await fetch(`/api/console/${name}`, { method: 'POST', credentials: 'same-origin', ...init });
  } catch {
    throw new ConsoleApiError('networkError', 0);
  }
  let body: E | null;
  try {
    body = (await response.json()) as E;
  } catch {
    throw new ConsoleApiError('internalError', response.status);
  }
  if (response.status === 401) window.dispatchEvent(new Event(CONSOLE_SIGNED_OUT_EVENT));
  if (response.status === 200 || response.status === 400) return body;
  throw new ConsoleApiError(body && !body.succeed ? body.errorCode : 'internalError', response.status);
}

/** A JSON call: resolves with the envelope for 200 (success or business failure) and 400; rejects otherwise. */
export function consoleCall<N extends ConsoleFunctionName>(name: N, ...[payload]: Args<N>): Promise<ConsoleAnswer<N>> {
  return send<ConsoleAnswer<N>>(name, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...(payload ?? {}), locale: currentLocale() }),
  });
}

/** Same, but a business failure rejects too: for queries and for mutations whose failures a form shows as a whole. */
export async function consoleCallOrThrow<N extends ConsoleFunctionName>(name: N, ...args: Args<N>): Promise<ConsoleResult<N>> {
  const result = await consoleCall(name, ...args);
  if (!result.succeed) throw new ConsoleApiError(result.errorCode, 200, result.validationErrorMessage);
  return result;
}

/** An upload: the file itself as the body, its type as Content-Type, its name URI-encoded in X-File-Name. */
export async function consoleUpload<N extends ConsoleFunctionName>(name: N, file: File): Promise<ConsoleResult<N>> {
  const result = await send<ConsoleAnswer<N>>(name, {
    headers: { 'content-type': file.type || 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name) },
    body: file,
  });
  if (!result.succeed) throw new ConsoleApiError(result.errorCode, 200, result.validationErrorMessage);
  return result;
}
