import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { I18nProvider, useTranslation } from '../../../lib/i18n/react.tsx';
import type { Translator } from '../../../lib/i18n/core.ts';
import { createIsolatedI18n } from '../../../lib/i18n.ts';
import { Spinner } from '../../../components/Spinner.tsx';

type Lang = 'ja' | 'en';
const WIDTHS = [375, 1440] as const;

/**
 * The preview: the item rendered by the member page's own components (AnnouncementView, ArticleView) with the member
 * styles, in Japanese or English (its own translator, so the console's language stays), in a frame 375 or 1440
 * pixels wide (decision 098).
 */
export function ContentPreview({ render }: { render: (lang: Lang) => ReactNode }) {
  const { t } = useTranslation('consoleContent');
  const [lang, setLang] = useState<Lang>('ja');
  const [width, setWidth] = useState<(typeof WIDTHS)[number]>(WIDTHS[1]);
  // Its own translator per language: the console's own keeps its language.
  const [instances, setInstances] = useState<Partial<Record<Lang, Translator>>>({});
  const instance = instances[lang];
  useEffect(() => {
    if (instances[lang]) return;
    let live = true;
    void createIsolatedI18n(lang, ['common', 'sections', 'announcements', 'library']).then((made) => {
      if (live) setInstances((all) => ({ ...all, [lang]: made }));
    });
    return () => {
      live = false;
    };
  }, [lang, instances]);
  return (
    <section className="console-preview" aria-labelledby="preview-title">
      <h2 id="preview-title" className="console-editor__heading">
        {t('preview.title')}
      </h2>
      <div className="console-preview__controls">
        <fieldset className="console-segmented">
          <legend>{t('preview.language')}</legend>
          {(['ja', 'en'] as const).map((value) => (
            <label key={value} className="console-check">
              <input type="radio" name="preview-lang" checked={lang === value} onChange={() => setLang(value)} />
              {t(`editor.languages.${value}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className="console-segmented">
          <legend>{t('preview.width')}</legend>
          {WIDTHS.map((value) => (
            <label key={value} className="console-check">
              <input type="radio" name="preview-width" checked={width === value} onChange={() => setWidth(value)} />
              {t('preview.px', { n: value })}
            </label>
          ))}
        </fieldset>
      </div>
      <div className="console-preview__scroll" role="region" aria-label={t('preview.title')} tabIndex={0}>
        <div className={`console-preview__frame console-preview__frame--${width}`} lang={lang} data-testid="preview-frame">
          {instance ? (
            <I18nProvider i18n={instance}>
              <Suspense fallback={<Spinner />}>{render(lang)}</Suspense>
            </I18nProvider>
          ) : (
            <Spinner />
          )}
        </div>
      </div>
    </section>
  );
}
