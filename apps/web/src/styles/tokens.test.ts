import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Both themes come from the tokens (docs/decisions/100-themes-and-design-tokens.md): a colour written anywhere else
// would stay the same in the dark theme.
const src = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const COLOUR = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|oklch|lab|lch)\(|\b(?:white|black)\b(?!-)/i;

function files(dir: string, extensions: string[]): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full, extensions);
    return extensions.some((e) => entry.name.endsWith(e)) && !entry.name.includes('.test.') ? [full] : [];
  });
}

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

describe('design tokens', () => {
  it('no stylesheet but tokens.css writes a colour', () => {
    const offenders = files(src, ['.css'])
      .filter((f) => path.basename(f) !== 'tokens.css')
      .flatMap((f) =>
        withoutComments(fs.readFileSync(f, 'utf8'))
          .split('\n')
          .filter((line) => !/white-space/.test(line) && COLOUR.test(line))
          .map((line) => `${path.relative(src, f)}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it('no component or chart writes a colour (charts read the --chart-* tokens)', () => {
    const offenders = files(src, ['.ts', '.tsx']).filter((f) =>
      /['"`]#[0-9a-f]{3,8}['"`]|['"`]rgba?\(/i.test(withoutComments(fs.readFileSync(f, 'utf8'))),
    );
    expect(offenders.map((f) => path.relative(src, f))).toEqual([]);
  });

  it('every token of the light theme has a dark value, and the dark theme adds none of its own', () => {
    const tokens = fs.readFileSync(path.join(src, 'styles/tokens.css'), 'utf8');
    const block = (selector: string) => {
      const start = tokens.indexOf(`${selector} {`);
      return new Set([...tokens.slice(start, tokens.indexOf('\n}', start)).matchAll(/^\s*(--[\w-]+):/gm)].map((m) => m[1]!));
    };
    const light = block(':root');
    const dark = block(":root[data-theme='dark']");
    // Tokens that are the same in both themes (pictures' overlays, the brand's marigold) may be left to the light block.
    const shared = new Set(['--color-scrim', '--color-on-scrim', '--color-media-bg', '--color-qr-bg', '--color-face-feature', '--focus']);
    expect([...light].filter((t) => !dark.has(t) && !shared.has(t))).toEqual([]);
    expect([...dark].filter((t) => !light.has(t))).toEqual([]);
  });
});
