import type { FunctionByName, FunctionName } from '@hibi/contract/functions/index';
import type { Envelope, PayloadOf, Success } from '@hibi/contract/protocol';
import { session } from './session.ts';
import { currentLocale } from './i18n.ts';
import { requestScope } from './requestScope.ts';
import { previewCall, timeMachine } from './timeMachine.ts';

/** A call that could not give a business answer (network, 4xx/5xx, or a failure the caller chose to throw). */
export class ApiError extends Error {
  constructor(
    readonly errorCode: string,
    readonly status: number,
    readonly validationErrorMessage: string[] = [],
  ) {
    super(errorCode);
  }
}

/**
 * A 503 `serviceUnavailable`: the server could not reach its database just now (decision 145). Nothing the call meant
 * to write was saved; reads are tried again by the query client, and screens say "temporarily unavailable".
 */
export function isUnavailable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 503 || error.errorCode === 'serviceUnavailable');
}

/** The payload of a function, as the per-call files of features/<feature>/api/ declare their fetchers. */
export type Payload<N extends FunctionName> = PayloadOf<FunctionByName<N>>;
/** The success answer of a function. */
export type Result<N extends FunctionName> = Success<FunctionByName<N>>;

/** Dispatched on window when the server says the signed-in member must accept the terms first (403 termsNotAccepted). */
export const TERMS_REQUIRED_EVENT = 'hibi:terms-required';

/**
 * Calls a function of the entry: POST /api/functions/{name} with the payload and the locale. The session goes as the
 * HttpOnly cookie the browser sends by itself (same origin; the page never holds the token, decision 107).
 * Resolves with the envelope for HTTP 200 (success or business failure) and for 400 validation errors;
 * rejects with ApiError otherwise. A 401 while signed in signs the user out.
 */
export async function call<N extends FunctionName>(
  name: N,
  ...[payload]: {} extends PayloadOf<FunctionByName<N>> ? [PayloadOf<FunctionByName<N>>?] : [PayloadOf<FunctionByName<N>>]
): Promise<Envelope<FunctionByName<N>>> {
  const scope = requestScope();
  if (scope) return callOnServer(scope.transport, name, payload);
  // In the console's time machine, the preview answers every call (decision 154).
  const frame = timeMachine();
  if (frame) return callOnServer((fn, body) => previewCall(frame, fn, body), name, payload);
  const signedIn = session.mayExist();
  let response: Response;
  try {
    response = await fetch(`/api/functions/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ ...(payload ?? {}), locale: currentLocale() }),
    });
  } catch {
    throw new ApiError('networkError', 0);
  }
  let body: Envelope<FunctionByName<N>> | null;
  try {
    body = (await response.json()) as Envelope<FunctionByName<N>>;
  } catch {
    throw new ApiError('internalError', response.status);
  }
  if (response.status === 401 && signedIn) session.clear();
  if (response.status === 403 && body && !body.succeed && body.errorCode === 'termsNotAccepted')
    window.dispatchEvent(new Event(TERMS_REQUIRED_EVENT));
  if (response.status === 200 || response.status === 400) return body;
  throw new ApiError(body && !body.succeed ? body.errorCode : 'internalError', response.status);
}

/**
 * A server render's call: the function runs in-process with the page request's cookie, under the same rules; or a
 * time-machine frame's, answered by the console's preview.
 */
async function callOnServer<N extends FunctionName>(
  transport: NonNullable<ReturnType<typeof requestScope>>['transport'],
  name: N,
  payload: PayloadOf<FunctionByName<N>> | undefined,
): Promise<Envelope<FunctionByName<N>>> {
  const { status, body } = await transport(name, { ...(payload ?? {}), locale: currentLocale() });
  const envelope = body as Envelope<FunctionByName<N>> | null;
  if (status === 200 || status === 400) return envelope!;
  throw new ApiError(envelope && typeof envelope === 'object' && !envelope.succeed ? envelope.errorCode : 'internalError', status);
}

/** Same as call, but a business failure rejects too: for queries, whose failures pages handle as a whole. */
export async function callOrThrow<N extends FunctionName>(
  name: N,
  ...args: {} extends PayloadOf<FunctionByName<N>> ? [PayloadOf<FunctionByName<N>>?] : [PayloadOf<FunctionByName<N>>]
): Promise<Success<FunctionByName<N>>> {
  const result = await call(name, ...args);
  if (!result.succeed) throw new ApiError(result.errorCode, 200, result.validationErrorMessage);
  return result;
}

/** A file a `download` function answered (exportMyData): its bytes and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * Calls a function that answers a file (FunctionDef.download): reads the body as it streams in, telling `onProgress`
 * the bytes received so far, and resolves with the whole file. A JSON answer is a failure (401, 429, ...) and rejects
 * with ApiError like callOrThrow.
 */
export async function download<N extends FunctionName>(
  name: N,
  payload: PayloadOf<FunctionByName<N>>,
  onProgress: (bytes: number) => void,
): Promise<DownloadedFile> {
  let response: Response;
  try {
    // The session travels in its HttpOnly cookie, as with every call (decision 107).
    response = await fetch(`/api/functions/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ ...(payload ?? {}), locale: currentLocale() }),
    });
  } catch {
    throw new ApiError('networkError', 0);
  }
  if ((response.headers.get('content-type') ?? '').startsWith('application/json') || !response.ok || !response.body) {
    let code = 'internalError';
    try {
      const body = (await response.json()) as { errorCode?: string };
      code = body.errorCode ?? code;
    } catch {
      // not JSON: keep internalError
    }
    if (response.status === 401 && session.mayExist()) session.clear();
    throw new ApiError(code, response.status);
  }
  const parts: Uint8Array[] = [];
  let received = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      received += value.length;
      onProgress(received);
    }
  } catch {
    throw new ApiError('networkError', 0);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${name}.bin`;
  return { blob: new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' }), fileName };
}
