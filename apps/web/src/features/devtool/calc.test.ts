import { describe, expect, it } from 'vitest';
import { idealWeight, tokyoDay } from './calc.ts';

describe('developer tool arithmetic', () => {
  it('ideal weight is 22 × height(m)², one decimal', () => {
    expect(idealWeight(170)).toBe(63.6);
    expect(idealWeight(158.5)).toBe(55.3);
    expect(idealWeight(0)).toBeNull();
    expect(idealWeight(Number.NaN)).toBeNull();
  });

  it('names a day by its midnight in Asia/Tokyo', () => {
    // 2026-03-01 23:30 UTC is already 2 March in Tokyo.
    const now = Date.UTC(2026, 2, 1, 23, 30);
    expect(tokyoDay(0, now)).toBe(Date.UTC(2026, 2, 1, 15));
    expect(tokyoDay(13, now)).toBe(Date.UTC(2026, 1, 16, 15));
  });
});
