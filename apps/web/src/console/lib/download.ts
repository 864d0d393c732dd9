import { currentLocale } from '../../lib/i18n.ts';
import { CONSOLE_SIGNED_OUT_EVENT, ConsoleApiError } from './api.ts';
import type { ConsoleFunctionName, ConsolePayload } from './types.ts';

/** The file name of a `Content-Disposition` header: the RFC 5987 `filename*` when present, else `filename`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!);
    } catch {
      // a malformed name: use the plain one
    }
  }
  const plain = /filename="([^"]*)"/i.exec(disposition);
  return plain?.[1] || fallback;
}

/**
 * Calls a console export (a function of kind `csv` or `zip`) and saves the CSV or zip it answers as a download. A refusal (the
 * envelope of docs/requirements/platform.md#platform-errors instead of a file) rejects with a ConsoleApiError, as the other calls do.
 */
export async function downloadCsv<N extends ConsoleFunctionName>(name: N, payload: ConsolePayload<N>): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`/api/console/${name}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...payload, locale: currentLocale() }),
    });
  } catch {
    throw new ConsoleApiError('networkError', 0);
  }
  if (response.status === 401) window.dispatchEvent(new Event(CONSOLE_SIGNED_OUT_EVENT));
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || !(type.startsWith('text/csv') || type.startsWith('application/zip'))) {
    const body = (await response.json().catch(() => null)) as { errorCode?: string; validationErrorMessage?: string[] } | null;
    throw new ConsoleApiError(body?.errorCode ?? 'internalError', response.status, body?.validationErrorMessage ?? []);
  }
  const fileName = fileNameOf(response.headers.get('content-disposition'), `${name}.csv`);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next turn: the click has handed the blob to the browser's download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return fileName;
}
