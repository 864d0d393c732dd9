import { addMessageFiles, initI18n, initialLanguage } from '../../lib/i18n.ts';

/**
 * The console's messages: namespaces console* (console.json for the shell and shared words, consoleAuth, consoleContent,
 * consoleAdmin), each loaded with the screens that use them, beside the members' common namespace that the UI kit uses.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/console*.json');
// Named as src/lib/i18n.ts names its files (relative to src/lib).
addMessageFiles(Object.fromEntries(Object.entries(files).map(([name, load]) => [name.replace('../../locales/', '../locales/'), load])));

export async function initConsoleI18n() {
  const i18n = await initI18n(initialLanguage());
  await i18n.loadNamespaces(['console']);
  return i18n;
}
