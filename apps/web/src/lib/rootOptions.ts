import type { RootOptions } from 'react-dom/client';

const reported = (kind: string) => (error: unknown, info: { componentStack?: string | undefined }) =>
  console.error(`[hibi] ${kind}:`, error instanceof Error ? error.message : error, info.componentStack ?? '');

/**
 * React's own reports, for the members' app and the console (decision 143): a difference between the server's HTML and
 * the browser's render (a recoverable error: React renders that part afresh) and an error no boundary caught are
 * console errors with a fixed prefix, which the e2e suite fails a test on. An error a boundary caught is shown by the
 * boundary (a screen's error panel) and logged as a warning.
 */
export const rootOptions: RootOptions = {
  onRecoverableError: reported('hydration error'),
  onUncaughtError: reported('uncaught React error'),
  onCaughtError: (error, info) => console.warn('[hibi] caught React error:', error, info.componentStack ?? ''),
};
