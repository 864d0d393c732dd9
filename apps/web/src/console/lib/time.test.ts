import { describe, expect, it } from 'vitest';
import { formatDateTime, fromTokyoInput, toTokyoInput } from './time.ts';

describe('console times are Asia/Tokyo', () => {
  it('reads a datetime-local value as Tokyo wall time and writes it back', () => {
    const ms = fromTokyoInput('2026-04-01T09:30');
    expect(ms).toBe(Date.UTC(2026, 3, 1, 0, 30));
    expect(toTokyoInput(ms!)).toBe('2026-04-01T09:30');
    expect(formatDateTime(ms!)).toBe('2026.04.01 09:30');
  });

  it('refuses what is not a time', () => {
    expect(fromTokyoInput('')).toBeNull();
    expect(fromTokyoInput('2026-13-45T99:99')).toBeNull();
    expect(fromTokyoInput('tomorrow')).toBeNull();
  });
});
