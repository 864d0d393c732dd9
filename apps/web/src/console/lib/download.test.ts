import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download.ts';

describe('fileNameOf', () => {
  it('prefers the UTF-8 name, falls back to the plain one and then to the default', () => {
    expect(fileNameOf(`attachment; filename="__.csv"; filename*=UTF-8''%E4%BA%88%E7%B4%84.csv`, 'x.csv')).toBe('予約.csv');
    expect(fileNameOf('attachment; filename="plain.csv"', 'x.csv')).toBe('plain.csv');
    expect(fileNameOf(`attachment; filename*=UTF-8''%E0%A4%A`, 'x.csv')).toBe('x.csv');
    expect(fileNameOf(null, 'x.csv')).toBe('x.csv');
  });
});
