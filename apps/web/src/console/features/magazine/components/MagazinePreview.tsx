import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { isEmptyHtml } from '../../../components/editor/values.ts';
import { useMagazinePreview, type MagazinePreviewPayload } from '../api/preview-issue.ts';
import { previewable, type MagazineForm } from './values.ts';

type Lang = 'ja' | 'en';
/** A phone's width and a mail client's reading pane on a desktop (docs/requirements/magazine.md#magazine-console). */
const WIDTHS = [375, 700] as const;
/** Typing pauses this long before the server renders the mail again. */
const PREVIEW_DELAY_MS = 600;

/** The texts of the preview's payload (English null when empty: the server falls back to Japanese). */
function textsOf(values: MagazineForm): Omit<MagazinePreviewPayload, 'language'> {
  return {
    subject: { ja: values.subject.ja, en: values.subject.en.trim() === '' ? null : values.subject.en },
    body: { ja: values.body.ja, en: isEmptyHtml(values.body.en) ? null : values.body.en },
  };
}

/** The values, once they have not changed for a moment. */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The frame's document inherits the console's Content-Security-Policy, which applies no inline `style` attribute, and
 * the mail's layout is all inline styles (as mail clients need). Styles set through the CSSOM are not inline markup, so
 * the console copies each element's `style` attribute into its style once the frame has loaded (decision 186).
 */
function applyInlineStyles(frame: HTMLIFrameElement): void {
  const doc = frame.contentDocument;
  if (!doc) return;
  for (const element of doc.querySelectorAll<HTMLElement>('[style]')) element.style.cssText = element.getAttribute('style') ?? '';
}

/**
 * The mail as a member gets it (previewMagazineIssue, rendered by the server from the form's values, saved or not): in
 * Japanese or English, at a phone's or a desktop's width. The HTML part is shown in a sandboxed frame (no scripts,
 * no forms, no navigation; same origin only so that the console can apply its styles), the text part below it (decision 186).
 */
export function MagazinePreview({ values }: { values: MagazineForm }) {
  const { t } = useTranslation(['consoleMagazine', 'consoleContent']);
  const [lang, setLang] = useState<Lang>('ja');
  const [width, setWidth] = useState<(typeof WIDTHS)[number]>(WIDTHS[1]);
  const name = useId();
  const ready = previewable(values);
  // Compared as text: the form gives a new object at every render.
  const texts = useSettled(JSON.stringify(textsOf(values)), PREVIEW_DELAY_MS);
  const preview = useMagazinePreview({ ...(JSON.parse(texts) as Omit<MagazinePreviewPayload, 'language'>), language: lang }, ready);
  const mail = ready ? preview.data : undefined;
  const language = t(`consoleContent:editor.languages.${lang}`);

  let status = '';
  if (!ready) status = t('preview.needsContent');
  else if (preview.isError) status = t('preview.error');
  else if (preview.isFetching) status = t('preview.loading');

  return (
    <section className="console-preview magazine-preview" aria-labelledby={`${name}-title`}>
      <h2 id={`${name}-title`} className="console-editor__heading">
        {t('preview.title')}
      </h2>
      <div className="console-preview__controls">
        <fieldset className="console-segmented">
          <legend>{t('preview.language')}</legend>
          {(['ja', 'en'] as const).map((value) => (
            <label key={value} className="console-check">
              <input type="radio" name={`${name}-lang`} checked={lang === value} onChange={() => setLang(value)} />
              {t(`consoleContent:editor.languages.${value}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className="console-segmented">
          <legend>{t('preview.width')}</legend>
          {WIDTHS.map((value) => (
            <label key={value} className="console-check">
              <input type="radio" name={`${name}-width`} checked={width === value} onChange={() => setWidth(value)} />
              {t(value === WIDTHS[0] ? 'preview.phone' : 'preview.desktop', { n: value })}
            </label>
          ))}
        </fieldset>
      </div>
      <p role="status" className="console-muted">
        {status}
      </p>
      {mail && (
        <>
          <p className="magazine-preview__subject" lang={lang}>
            <span className="console-muted">{t('preview.subject')}: </span>
            <strong>{mail.subject}</strong>
          </p>
          {/* Wider than a phone's screen at 700 px: it scrolls sideways, by keyboard too. */}
          <div className="console-preview__scroll" role="region" aria-label={t('preview.title')} tabIndex={0}>
            <iframe
              className={`magazine-preview__frame magazine-preview__frame--${width}`}
              title={t('preview.frame', { language, n: width })}
              sandbox="allow-same-origin"
              srcDoc={mail.html}
              onLoad={(event) => applyInlineStyles(event.currentTarget)}
              data-testid="magazine-preview-frame"
            />
          </div>
          <details className="magazine-preview__text">
            <summary>{t('preview.text')}</summary>
            <pre lang={lang}>{mail.text}</pre>
          </details>
        </>
      )}
    </section>
  );
}
