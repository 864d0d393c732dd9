import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { SEARCH_QUERY_MAX } from '@hibi/contract/constants';

/** The library's search form: Enter or the button opens the results page (/library/search?q=…). */
export function SearchBox({ initial = '', onPopularWords }: { initial?: string; onPopularWords?: () => void }) {
  const { t } = useTranslation('library');
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const input = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = value.trim();
    if (!query) {
      input.current?.focus();
      return;
    }
    void navigate(`/library/search?q=${encodeURIComponent(query)}`);
  };
  return (
    <form role="search" className="library-search" onSubmit={submit} aria-label={t('search.formLabel')}>
      <div className="library-search__row">
        <label htmlFor="library-search-input" className="visually-hidden">
          {t('search.label')}
        </label>
        <span aria-hidden="true" className="library-search__icon">
          ⌕
        </span>
        <input
          ref={input}
          id="library-search-input"
          className="library-search__input"
          type="search"
          name="q"
          value={value}
          maxLength={SEARCH_QUERY_MAX}
          placeholder={t('search.inputPlaceholder')}
          enterKeyHint="search"
          autoComplete="off"
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="submit" className="button button--small library-search__submit">
          {t('search.submit')}
        </button>
      </div>
      {onPopularWords && (
        <button type="button" className="link-button library-search__popular" onClick={onPopularWords} aria-haspopup="dialog">
          {t('search.placeholder')}
        </button>
      )}
    </form>
  );
}

/** A text with every occurrence of the words marked (case-insensitive); plain React text, never HTML. */
export function Highlighted({ text, words }: { text: string; words: string[] }) {
  const usable = [...new Set(words.filter(Boolean))].sort((a, b) => b.length - a.length);
  if (usable.length === 0) return <>{text}</>;
  const pattern = new RegExp(`(${usable.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'giu');
  const parts = text.split(pattern);
  return <>{parts.map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : part))}</>;
}

/** The words of a query as the server splits it (any space, the ideographic one too). */
export const searchWords = (query: string) => query.split(/\s+/u).filter(Boolean);
