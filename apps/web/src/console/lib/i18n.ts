import { addMessageFiles, initI18n, storedLanguage } from '../../lib/i18n.ts';

/**
 * The console's messages: namespaces console* (console.json for the shell and shared words, consoleAuth, consoleContent,
 * consoleAdmin), each loaded with the screens that use them, beside the members' common namespace that the UI kit uses.
 */
addMessageFiles(import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/console*.json'));

export async function initConsoleI18n() {
  const i18n = await initI18n(storedLanguage());
  await i18n.loadNamespaces(['console']);
  return i18n;
}
