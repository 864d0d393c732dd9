import { useEffect, useState, type RefObject } from 'react';
import type { FieldError, FieldErrors } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { fieldErrorText } from '../lib/forms.ts';

/** One failing field: the path React Hook Form knows it by, its error, and where it is on the page in words. */
export interface SummaryItem {
  path: string;
  error: FieldError;
  where: string;
  target: HTMLElement | null;
}

const isLeaf = (value: unknown): value is FieldError =>
  typeof value === 'object' && value !== null && typeof (value as FieldError).type === 'string' && 'message' in value;

/** The errors as paths (`sections.1.images.0.alt.ja`), in the order of the form's fields. */
export function errorPaths(errors: FieldErrors, prefix = ''): { path: string; error: FieldError }[] {
  const out: { path: string; error: FieldError }[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || value === undefined || value === null) continue;
    const path = key === 'root' ? prefix : prefix ? `${prefix}.${key}` : key;
    if (isLeaf(value)) out.push({ path, error: value });
    else if (typeof value === 'object') out.push(...errorPaths(value as FieldErrors, path));
  }
  return out;
}

/** A label's words without its decorations (the required mark). */
function textOf(element: Element | null | undefined): string {
  if (!element) return '';
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden="true"], .field__hint, .field__error').forEach((node) => node.remove());
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * The control of a path inside the form: the input named so, else the element marked with data-error-path (a
 * picker), else the first control below the path (an array's first item), else the same for the parent path.
 */
function targetOf(form: HTMLElement, path: string): HTMLElement | null {
  for (let p = path; p !== ''; p = p.includes('.') ? p.slice(0, p.lastIndexOf('.')) : '') {
    const found =
      form.querySelector<HTMLElement>(`[name="${CSS.escape(p)}"]`) ??
      form.querySelector<HTMLElement>(`[data-error-path="${CSS.escape(p)}"]`) ??
      form.querySelector<HTMLElement>(`[name^="${CSS.escape(`${p}.`)}"]`);
    if (found) return found;
  }
  return null;
}

/** Where a control is, in words: its fieldsets' legends and its list items' names, outermost first, then its label. */
function whereOf(form: HTMLElement, target: HTMLElement | null, path: string): string {
  if (!target) return path;
  const parts: string[] = [];
  for (let node: HTMLElement | null = target.parentElement; node && node !== form; node = node.parentElement) {
    if (node.dataset.errorContext) parts.unshift(node.dataset.errorContext);
    if (node instanceof HTMLFieldSetElement) {
      const legend = textOf(node.querySelector(':scope > legend'));
      if (legend) parts.unshift(legend);
    }
  }
  const own =
    target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
      ? textOf(target.labels?.[0])
      : (target.dataset.errorLabel ?? '');
  if (own) parts.push(own);
  return [...new Set(parts)].join(' › ') || path;
}

/** Brings a field into view and puts the cursor in it (a rich-text editor: its editable area). */
export function focusField(target: HTMLElement) {
  const editable = target.matches('input, textarea, select, button, [contenteditable="true"]')
    ? target
    : (target.querySelector<HTMLElement>('[contenteditable="true"], input, textarea, select, button') ?? target);
  editable.scrollIntoView({ block: 'center' });
  editable.focus({ preventScroll: true });
}

/**
 * What stops a form from being saved, field by field (issue 55, item 3): each failing field named by where it is
 * ("Sections › Description 2 › Image 1 › Alt text (Japanese)") with its error, as a link that scrolls to the field
 * and focuses it. Shown under the form's message after a failed submit; empty when nothing fails.
 */
export function ErrorSummary({ errors, formRef, show }: { errors: FieldErrors; formRef: RefObject<HTMLElement | null>; show: boolean }) {
  const { t } = useTranslation('console');
  const [items, setItems] = useState<SummaryItem[]>([]);
  const found = show ? errorPaths(errors) : [];
  // React Hook Form changes its errors object in place: the summary follows what it holds, not its identity.
  const signature = found.map(({ path, error }) => `${path}:${error.type}:${String(error.message)}`).join('|');
  // The labels are read from the page once the fields with errors have rendered.
  useEffect(() => {
    const form = formRef.current;
    if (!form || signature === '') return setItems([]);
    setItems(
      errorPaths(errors).map(({ path, error }) => {
        const target = targetOf(form, path);
        return { path, error, target, where: whereOf(form, target, path) };
      }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the signature stands for the errors' content
  }, [signature, formRef]);
  if (!show || items.length === 0) return null;
  return (
    <nav className="console-error-summary" aria-label={t('errorSummary.label')}>
      <p className="console-error-summary__title">{t('errorSummary.title', { count: items.length })}</p>
      <ul>
        {items.map((item) => (
          <li key={item.path}>
            <a
              href={item.target?.id ? `#${item.target.id}` : '#'}
              data-error-for={item.path}
              onClick={(event) => {
                event.preventDefault();
                if (item.target) focusField(item.target);
              }}
            >
              {item.where}
            </a>
            {': '}
            {fieldErrorText(item.error)}
          </li>
        ))}
      </ul>
    </nav>
  );
}
