import type { RootOptions } from 'react-dom/client';

/** An error's message, and its cause's when React wraps one (error 520 and the hydration errors carry the real one). */
const describe = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: unknown }).cause;
  if (cause === undefined) return error.message;
  return `${error.message} (cause: ${cause instanceof Error ? `${cause.message}\n${cause.stack ?? ''}` : String(cause)})`;
};

const reported = (kind: string) => (error: unknown, info: { componentStack?: string | undefined }) =>
  console.error(`[hibi] ${kind}:`, describe(error), info.componentStack ?? '');

/**
 * React's own reports, for the members' app and the console (decision 143): a difference between the server's HTML and
 * the browser's render, or a render that threw once and then rendered again (recoverable errors: React renders that
 * part afresh), and an error no boundary caught are console errors with a fixed prefix, which the e2e suite fails a
 * test on; the cause React wraps is printed with them. An error a boundary caught is shown by the boundary (a screen's
 * error panel) and logged as a warning.
 */
export const rootOptions: RootOptions = {
  onRecoverableError: reported('hydration error'),
  onUncaughtError: reported('uncaught React error'),
  onCaughtError: (error, info) => console.warn('[hibi] caught React error:', error, info.componentStack ?? ''),
};
