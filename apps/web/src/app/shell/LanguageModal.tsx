import { useState } from 'react';
import { useTranslation } from '../../lib/i18n/react.tsx';
import type { Locale } from '@hibi/contract/protocol';
import { Modal } from '../../components/Modal.tsx';
import { currentLocale } from '../../lib/i18n.ts';
import { switchLanguage } from '../../lib/language.ts';

const LANGUAGES: { code: Locale; label: string }[] = [
  { code: 'ja', label: '日本語' },
  { code: 'en', label: 'English' },
];

/**
 * Saves the language, tells the server, clears every cached list and confirms in the chosen language (docs/requirements/web.md#web-language-switch).
 */
export function LanguageModal({ open, onClose, onChanged }: { open: boolean; onClose: () => void; onChanged: (message: string) => void }) {
  const { t, i18n } = useTranslation('common');
  const [selected, setSelected] = useState<Locale>(currentLocale());
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    await switchLanguage(selected);
    setSaving(false);
    onClose();
    onChanged(i18n.getFixedT(selected, 'common')('language.changed'));
  }

  return (
    <Modal open={open} title={t('language.title')} onClose={onClose}>
      <fieldset className="language-options">
        <legend className="visually-hidden">{t('language.title')}</legend>
        {LANGUAGES.map((lang) => (
          <label key={lang.code} className="radio-card">
            <input type="radio" name="language" value={lang.code} checked={selected === lang.code} onChange={() => setSelected(lang.code)} />
            <span lang={lang.code}>{lang.label}</span>
          </label>
        ))}
      </fieldset>
      <div className="modal__actions">
        <button type="button" className="button button--outline" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button type="button" className="button button--primary" onClick={() => void save()} disabled={saving}>
          {t('language.save')}
        </button>
      </div>
    </Modal>
  );
}
