import { useTranslation } from '../../../lib/i18n/react.tsx';
import { changeLanguage, currentLocale } from '../../../lib/i18n.ts';
import { consoleQueryClient } from '../../lib/queryClient.ts';

/** One button to the other language: its label is written in that language (lang set, so it is read right). */
export function LanguageSwitch() {
  const { t } = useTranslation('console');
  const other = currentLocale() === 'ja' ? 'en' : 'ja';
  return (
    <button
      type="button"
      className="button button--outline button--small console-lang"
      lang={other}
      onClick={() => {
        void changeLanguage(other).then(() => consoleQueryClient.invalidateQueries());
      }}
    >
      {t(`language.${other}`)}
    </button>
  );
}
