/** Error codes of failed calls go to the console only in development (spec 2 §9: logging is silenced in production). */
export function logFailure(what: string, code: string) {
  if (import.meta.env.DEV) console.warn(`[password] ${what} failed: ${code}`);
}
