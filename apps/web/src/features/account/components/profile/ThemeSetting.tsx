import { useId, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { setThemeChoice, THEME_CHOICES, useThemeChoice, type ThemeChoice } from '../../../../lib/theme.ts';

/**
 * The theme: the device's setting, light or dark (issue 20). Kept in this browser, not on the server: it applies at
 * once, before the next page is even drawn (src/lib/theme.ts).
 */
export function ThemeSetting() {
  const { t } = useTranslation('account');
  const choice = useThemeChoice();
  const [message, setMessage] = useState<StatusText | null>(null);
  const id = useId();

  function change(next: ThemeChoice) {
    setThemeChoice(next);
    setMessage({ text: t(`settings.themeNow.${next}`), error: false });
  }

  return (
    <fieldset className="setting" aria-describedby={`${id}-hint ${id}-status`}>
      <legend className="setting__title">{t('settings.theme')}</legend>
      <p id={`${id}-hint`} className="field__hint">
        {t('settings.themeHint')}
      </p>
      <div className="setting__options">
        {THEME_CHOICES.map((option) => (
          <label key={option} className="radio-card">
            <input type="radio" name="theme" value={option} checked={choice === option} onChange={() => change(option)} />
            {t(`settings.themeChoice.${option}`)}
          </label>
        ))}
      </div>
      <StatusMessage id={`${id}-status`} message={message} />
    </fieldset>
  );
}
