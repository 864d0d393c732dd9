import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ANCHOR_SCROLL_DELAY_MS } from '../../../lib/constants.ts';

/**
 * When the URL names an element (#faq-3004), open it if it is a <details> item and bring it into view once
 * the content has loaded: the shell's own anchor scroll may fire before the content arrives.
 */
export function useOpenOnHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    if (target instanceof HTMLDetailsElement) target.open = true;
    const timer = setTimeout(() => target.scrollIntoView({ behavior: 'smooth', block: 'start' }), ANCHOR_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready, hash]);
}
