import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { CAROUSEL_LAYOUTS, Carousel } from './ImageSlider.tsx';

vi.mock('../lib/i18n/react.tsx', async () => (await import('../test/render.tsx')).i18nMock);

const css = fs.readFileSync(path.join(import.meta.dirname, 'slider.css'), 'utf8');

/** The --per-view slider.css gives `.carousel--<layout>` at a window width, by its media queries (min-width only). */
function perViewInCss(layout: string, width: number): number | null {
  let found: number | null = null;
  const rule = new RegExp(`\\.carousel--${layout} \\.carousel__track[^{]*\\{\\s*--per-view: (\\d+)`, 'g');
  // The rules outside any media query, then each min-width block that applies, in the file's order.
  const blocks = [{ min: 0, text: css.replace(/@media[^{]*\{(?:[^{}]*\{[^{}]*\})*\s*\}/g, '') }];
  for (const [, min, text] of css.matchAll(/@media \(min-width: (\d+)px\) \{((?:[^{}]*\{[^{}]*\})*)\s*\}/g))
    blocks.push({ min: Number(min), text: text! });
  for (const block of blocks) {
    if (width < block.min) continue;
    for (const [, n] of block.text.matchAll(rule)) found = Number(n);
  }
  return found;
}

describe('Carousel', () => {
  it("slider.css sizes each layout's slides as CAROUSEL_LAYOUTS says, at every width (the server's HTML shows them so)", () => {
    for (const [layout, breakpoints] of Object.entries(CAROUSEL_LAYOUTS)) {
      for (const [i, b] of breakpoints.entries()) {
        const next = breakpoints[i + 1]?.minWidth ?? b.minWidth + 1000;
        for (const width of [b.minWidth, next - 1]) expect(perViewInCss(layout, width), `${layout} at ${width} px`).toBe(b.perView);
      }
    }
  });

  it('on the server, leaves the number per view to the stylesheet and every slide reachable', () => {
    const html = renderToString(
      <Carousel
        layout="cards"
        label="Pickups"
        items={['a', 'b', 'c', 'd'].map((x) => (
          <p key={x}>{x}</p>
        ))}
      />,
    );
    expect(html).toContain('class="carousel carousel--cards"');
    expect(html).toContain('data-count="4"');
    expect(html).not.toContain('inert');
    expect(html).not.toContain('--per-view');
  });
});
