import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERIES_COLOURS, seriesStyle } from './series.ts';

// Issue 55: two departments shared a colour in the insights' weekly chart (five colours for six departments). Every
// series now has a colour of its own up to eight, each with at least 3:1 contrast against the chart's surface in
// both themes (WCAG 1.4.11), and a point shape and dash that keep any two series apart without colour.
const tokens = fs.readFileSync(path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../../styles/tokens.css'), 'utf8');

function block(selector: string): Map<string, string> {
  const start = tokens.indexOf(`${selector} {`);
  const text = tokens.slice(start, tokens.indexOf('\n}', start));
  return new Map([...text.matchAll(/^\s*(--[\w-]+):\s*([^;]+);/gm)].map((m) => [m[1]!, m[2]!.trim()]));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
};

describe('the insights charts’ series', () => {
  for (const [theme, selector] of [
    ['light', ':root'],
    ['dark', ":root[data-theme='dark']"],
  ] as const) {
    it(`the demo's six departments, and up to eight groups, get distinct colours with 3:1 against the surface (${theme})`, () => {
      const values = block(selector);
      const surface = values.get('--color-surface')!;
      const colours = Array.from({ length: 8 }, (_, i) => values.get(seriesStyle(i).colour));
      expect(colours.every((c) => c !== undefined && /^#[0-9a-f]{6}$/i.test(c))).toBe(true);
      expect(new Set(colours.map((c) => c!.toLowerCase())).size).toBe(8);
      for (const c of colours) expect(contrast(c!, surface), `${c} on ${surface}`).toBeGreaterThanOrEqual(3);
      // Distinct from one another too, not just from the surface: no two nearly the same.
      for (let i = 0; i < colours.length; i++)
        for (let j = i + 1; j < colours.length; j++) {
          const diff = [1, 3, 5].reduce(
            (s, k) => s + Math.abs(parseInt(colours[i]!.slice(k, k + 2), 16) - parseInt(colours[j]!.slice(k, k + 2), 16)),
            0,
          );
          expect(diff, `${colours[i]} and ${colours[j]}`).toBeGreaterThan(60);
        }
    });
  }

  it('no two of the first 56 series look the same (colour, point shape and dash together)', () => {
    const looks = Array.from({ length: 56 }, (_, i) => JSON.stringify(seriesStyle(i)));
    expect(new Set(looks).size).toBe(56);
    expect(SERIES_COLOURS).toHaveLength(8);
  });
});
