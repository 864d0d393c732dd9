import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.dirname(new URL(import.meta.url).pathname);

function keys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keys(v, `${prefix}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

const namespaces = (lang: string) =>
  fs
    .readdirSync(path.join(dir, lang))
    .filter((f) => f.endsWith('.json'))
    .sort();

describe('message files', () => {
  it('ja and en have the same namespaces', () => {
    expect(namespaces('en')).toEqual(namespaces('ja'));
    expect(namespaces('ja')).toContain('common.json');
  });

  for (const file of namespaces('ja')) {
    it(`${file}: ja and en have the same keys, none empty`, () => {
      const ja = JSON.parse(fs.readFileSync(path.join(dir, 'ja', file), 'utf8'));
      const en = JSON.parse(fs.readFileSync(path.join(dir, 'en', file), 'utf8'));
      // Arrays of content may differ in length between languages; their item shapes are compared by key names.
      const norm = (k: string) => k.replace(/\[\d+\]/g, '[]');
      expect([...new Set(keys(en).map(norm))].sort()).toEqual([...new Set(keys(ja).map(norm))].sort());
      for (const s of [...strings(ja), ...strings(en)]) expect(s.trim().length).toBeGreaterThan(0);
    });
  }
});

describe('no UI literals in components', () => {
  const src = path.resolve(dir, '..');
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('.tsx') && !e.name.endsWith('.test.tsx')) files.push(full);
    }
  };
  walk(src);

  it('no component contains Japanese text (it belongs in the ja message files)', () => {
    const offenders = files.filter((f) => {
      const text = fs
        .readFileSync(f, 'utf8')
        .replace(/\/\/.*$/gm, '')
        .replace(/\/\*[\s\S]*?\*\//g, '');
      return /[\u3040-\u30ff\u4e00-\u9faf]/.test(text.replace(/label: '日本語'/g, ''));
    });
    expect(offenders.map((f) => path.relative(src, f))).toEqual([]);
  });

  it('no component has English sentences as JSX text', () => {
    const offenders = files.filter((f) => {
      const text = fs.readFileSync(f, 'utf8');
      // JSX text between tags made of two or more words, such as >Read more<
      return /> *[A-Z][a-z]+(?: [a-z]+)+[.!?]? *</.test(text);
    });
    expect(offenders.map((f) => path.relative(src, f))).toEqual([]);
  });
});
