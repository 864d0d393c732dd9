import type { FieldError } from 'react-hook-form';
import { validationMessages } from '@hibi/contract/messages';
import { currentLocale, i18n } from '../../lib/i18n.ts';
import { ConsoleApiError } from './api.ts';

/**
 * The text of a field's error from the contract's zod schema: its `msg:<key>` message in the operator's language
 * (the same texts the server answers with), else the console's generic words for the kind of error.
 */
export function fieldErrorText(error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  const message = typeof error.message === 'string' ? error.message : '';
  if (message.startsWith('msg:')) {
    const text = validationMessages[currentLocale()][message.slice(4)];
    if (text) return text;
  }
  const t = i18n.getFixedT(null, 'console');
  if (error.type === 'too_big') return t('errors.tooLong');
  if (error.type === 'too_small') return t('errors.required');
  return t('errors.invalidField');
}

/** The message of a call that failed as a whole (business code, 429, network), in the console's words. */
export function callErrorText(error: unknown, codes: Record<string, string> = {}): string {
  const t = i18n.getFixedT(null, 'console');
  const code = error instanceof ConsoleApiError ? error.errorCode : typeof error === 'string' ? error : 'internalError';
  if (codes[code]) return codes[code];
  if (error instanceof ConsoleApiError && error.status === 429) return t('errors.tooManyRequests');
  const known = ['networkError', 'forbidden', 'loginRequired', 'tooManyRequests', 'validationError', 'notFound'];
  return t(`errors.${known.includes(code) ? code : 'unknown'}`);
}

/** A failed envelope's message: its validation messages from the server when there are, else the code's words. */
export function failureText(failure: { errorCode: string; validationErrorMessage?: string[] }, codes: Record<string, string> = {}): string {
  if (failure.errorCode === 'validationError' && failure.validationErrorMessage?.length) return failure.validationErrorMessage.join(' ');
  return callErrorText(failure.errorCode, codes);
}
