// The check of hydration (decision 142) on Preact itself: the server's HTML from preact-render-to-string, hydrated by
// Preact with the same tree or a different one.
import { h, hydrate, type VNode } from 'preact';
import { Suspense } from 'preact/compat';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auditHydration } from './hydrationAudit.ts';
import { hydrateInNextTask, isHydrating, whenHydrated, whileHydrating } from './hydration.ts';

async function mismatches(server: VNode<any>, browser: VNode<any>): Promise<string[]> {
  const root = document.createElement('div');
  root.innerHTML = renderToString(server);
  document.body.append(root);
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  whileHydrating(() => auditHydration(root, () => hydrate(browser, root)));
  // Reported once the page and its deferred parts are hydrated.
  await whenHydrated();
  await new Promise((resolve) => setTimeout(resolve, 0));
  const reported = error.mock.calls.map((call) => String(call[0]));
  root.remove();
  return reported;
}

const page = (label: string, selected: boolean, text: string) =>
  h('main', { id: 'main', className: 'site-main' }, [
    h('button', { type: 'button', 'aria-pressed': selected, 'aria-label': label, className: selected ? 'on' : 'off' }, text),
    h('p', null, 'count: ', 3, ' items'),
    h('input', { type: 'checkbox', checked: selected, disabled: false, readOnly: true }),
  ]);

describe('the check of hydration (decision 142)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reports nothing when the browser renders what the server did (texts the server merged included)', async () => {
    expect(await mismatches(page('a', true, 'x'), page('a', true, 'x'))).toEqual([]);
  });

  it('reports an attribute Preact keeps from the server', async () => {
    const reported = await mismatches(page('a', true, 'x'), page('a', false, 'x'));
    expect(reported).toContain('Hydration mismatch: <button.on> aria-pressed: server "true", browser "false"');
    expect(reported).toContain('Hydration mismatch: <button.on> class: server "on", browser "off"');
  });

  it('reports a text the browser renders otherwise', async () => {
    expect(await mismatches(page('a', true, 'x'), page('a', true, 'y'))).toEqual([
      expect.stringMatching(/^Hydration mismatch: text: server "x.*", browser "y/),
    ]);
  });

  it('reports an element of another kind', async () => {
    const server = h('main', null, h('div', null, 'x'));
    const browser = h('main', null, h('section', null, 'x'));
    expect(await mismatches(server, browser)).toEqual(expect.arrayContaining([expect.stringMatching(/^Hydration mismatch: added SECTION/)]));
  });

  it('checks a part hydrated in a task of its own (lazyPart), and reports only once it is done', async () => {
    /** A part that waits for its own task while the page hydrates, as lazyPart does; it renders `tag` with `text`. */
    const part = (tag: string, text: string) => {
      let deferred: Promise<void> | null = null;
      return function Part() {
        if (isHydrating() && !deferred) throw (deferred = hydrateInNextTask());
        return h(tag, { className: 'part' }, text);
      };
    };
    const tree = (Part: () => VNode<any>) => h('main', null, h('h1', null, 'Home'), h(Suspense, { fallback: null }, h(Part, null)));
    expect(await mismatches(tree(part('section', 'a')), tree(part('section', 'a')))).toEqual([]);
    expect(await mismatches(tree(part('section', 'a')), tree(part('section', 'b')))).not.toEqual([]);
    expect(await mismatches(tree(part('section', 'a')), tree(part('div', 'a')))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Hydration mismatch: added DIV/)]),
    );
  });
});
