// The check of hydration (decision 142) on Preact itself: the server's HTML from preact-render-to-string, hydrated by
// Preact with the same tree or a different one.
import { h, hydrate, type VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auditHydration } from './hydrationAudit.ts';
import { whileHydrating } from './hydration.ts';

function mismatches(server: VNode<any>, browser: VNode<any>): string[] {
  const root = document.createElement('div');
  root.innerHTML = renderToString(server);
  document.body.append(root);
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  whileHydrating(() => auditHydration(root, () => hydrate(browser, root)));
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

  it('reports nothing when the browser renders what the server did (texts the server merged included)', () => {
    expect(mismatches(page('a', true, 'x'), page('a', true, 'x'))).toEqual([]);
  });

  it('reports an attribute Preact keeps from the server', () => {
    const reported = mismatches(page('a', true, 'x'), page('a', false, 'x'));
    expect(reported).toContain('Hydration mismatch: <button.on> aria-pressed: server "true", browser "false"');
    expect(reported).toContain('Hydration mismatch: <button.on> class: server "on", browser "off"');
  });

  it('reports a text the browser renders otherwise', () => {
    expect(mismatches(page('a', true, 'x'), page('a', true, 'y'))).toEqual([
      expect.stringMatching(/^Hydration mismatch: text: server "x.*", browser "y/),
    ]);
  });

  it('reports an element of another kind', () => {
    const server = h('main', null, h('div', null, 'x'));
    const browser = h('main', null, h('section', null, 'x'));
    expect(mismatches(server, browser)).toEqual(expect.arrayContaining([expect.stringMatching(/^Hydration mismatch: added SECTION/)]));
  });
});
