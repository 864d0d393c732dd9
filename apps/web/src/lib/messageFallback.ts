type Messages = Record<string, unknown>;

const PLURAL_FORM = /^(.*)_(zero|one|two|few|many)$/;

/**
 * A language's messages with another's filling what it lacks (decision 142): English is the fallback for a message a
 * Japanese file lacks (docs/requirements/platform.md#platform-language), worked out when the app is built (vite.config.ts) instead of in the browser,
 * which then loads no second language's files for a Japanese page. A plural form the language does not use (Japanese
 * has only `_other`) is not added.
 */
export function withFallback(messages: Messages, fallback: Messages): Messages {
  const merged: Messages = { ...messages };
  for (const [key, value] of Object.entries(fallback)) {
    const own = messages[key];
    if (own === undefined) {
      const plural = PLURAL_FORM.exec(key);
      if (plural && `${plural[1]}_other` in messages) continue;
      merged[key] = value;
    } else if (isMessages(own) && isMessages(value)) {
      merged[key] = withFallback(own, value);
    }
  }
  return merged;
}

function isMessages(value: unknown): value is Messages {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
