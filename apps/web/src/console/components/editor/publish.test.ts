import { describe, expect, it } from 'vitest';
import { publishAtOf, publishFieldsOf } from './publish.ts';

const NOW = Date.UTC(2026, 3, 1, 3, 0);

describe('publishing fields', () => {
  it('reads a stored item as draft, scheduled or published', () => {
    expect(publishFieldsOf(null, NOW)).toEqual({ publishMode: 'draft', scheduleAt: '' });
    expect(publishFieldsOf({ publishAt: NOW + 3_600_000, state: 'scheduled' }, NOW)).toEqual({
      publishMode: 'schedule',
      scheduleAt: '2026-04-01T13:00',
    });
    expect(publishFieldsOf({ publishAt: NOW - 1, state: 'published' }, NOW).publishMode).toBe('publish');
    expect(publishFieldsOf({ publishAt: NOW - 1, state: 'unpublished' }, NOW).publishMode).toBe('draft');
  });

  it('keeps the date of an item already published, publishes a new one now, schedules at the Tokyo time given', () => {
    const published = { publishAt: NOW - 86_400_000, state: 'published' };
    expect(publishAtOf({ publishMode: 'publish', scheduleAt: '' }, published, NOW)).toBe(NOW - 86_400_000);
    expect(publishAtOf({ publishMode: 'publish', scheduleAt: '' }, null, NOW)).toBe(NOW);
    expect(publishAtOf({ publishMode: 'draft', scheduleAt: '' }, published, NOW)).toBeNull();
    expect(publishAtOf({ publishMode: 'schedule', scheduleAt: '2026-04-01T13:00' }, null, NOW)).toBe(NOW + 3_600_000);
    expect(publishAtOf({ publishMode: 'schedule', scheduleAt: '' }, null, NOW)).toBeUndefined();
  });
});
