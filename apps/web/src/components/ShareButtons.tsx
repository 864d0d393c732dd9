import { useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../lib/i18n/react.tsx';
import { requestScope } from '../lib/requestScope.ts';
import './sections.css';

/**
 * Share buttons: copy the page URL ('URL copied.' / 'URL copy failed.') and plain links to LINE, X, Facebook
 * and email. No external scripts: each target is an ordinary link that opens in a new tab.
 */
export function ShareButtons({ title, url }: { title: string; url?: string }) {
  const { t } = useTranslation('sections');
  const [message, setMessage] = useState('');
  const location = useLocation();
  // The page's address, the same in the server's render (the app's origin) and in the browser's.
  const origin = requestScope()?.origin ?? window.location.origin;
  const href = url ?? `${origin}${location.pathname}${location.search}`;
  const u = encodeURIComponent(href);
  const text = encodeURIComponent(title);
  const targets = [
    { key: 'line', href: `https://social-plugins.line.me/lineit/share?url=${u}` },
    { key: 'x', href: `https://twitter.com/intent/tweet?url=${u}&text=${text}` },
    { key: 'facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { key: 'email', href: `mailto:?subject=${text}&body=${u}` },
  ];
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(href);
      setMessage(t('share.copied'));
    } catch {
      setMessage(t('share.copyFailed'));
    }
  };
  return (
    <div className="share-buttons">
      <span className="share-buttons__label">{t('share.title')}</span>
      <ul className="share-buttons__list">
        <li>
          <button type="button" className="button button--outline button--small" onClick={() => void copy()}>
            {t('share.copy')}
          </button>
        </li>
        {targets.map((target) => (
          <li key={target.key}>
            <a
              className="button button--outline button--small"
              href={target.href}
              target={target.key === 'email' ? undefined : '_blank'}
              rel="noopener noreferrer"
            >
              {t(`share.${target.key}`)}
              {target.key !== 'email' && <span className="visually-hidden"> {t('opensInNewTab')}</span>}
            </a>
          </li>
        ))}
      </ul>
      <p className="share-buttons__message" role="status" aria-live="polite">
        {message}
      </p>
    </div>
  );
}
