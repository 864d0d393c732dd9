import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * Server-sanitised HTML (survey questions, FAQ answers, help pages). Links to paths of this app
 * (/library/12, /faq#faq-3004) navigate inside the app instead of reloading the page.
 */
export function RichText({ html, className, id }: { html: string; className?: string; id?: string }) {
  const navigate = useNavigate();
  function onClick(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || anchor.target === '_blank' || !href.startsWith('/') || href.startsWith('//') || href.startsWith('/media/')) return;
    event.preventDefault();
    navigate(href);
  }
  return (
    // The HTML was sanitised by the server when it was stored (no scripts, handlers or javascript: URLs).
    <div id={id} className={`rich-text${className ? ` ${className}` : ''}`} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
