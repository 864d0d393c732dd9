/** Error codes of failed calls go to the console only in development (docs/requirements/platform.md#platform-logging: logging is silenced in production). */
export function logFailure(what: string, code: string) {
  if (import.meta.env.DEV) console.warn(`[password] ${what} failed: ${code}`);
}
