import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { TIME_MACHINE_FRAME_PREFIX } from '../../../lib/timeMachine.ts';

vi.mock('../../../lib/i18n/react.tsx', async () => (await import('../../../test/render.tsx')).i18nMock);

/**
 * Issue 55, item 4 (docs/decisions/180-checked-with-standard-tools.md): in the console's time machine the charts show
 * the week of the previewed moment, not the device's.
 */
describe('the charts week in a time-machine frame', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    window.name = '';
  });

  it('is the week of `at`, and cannot go past it', async () => {
    // Thursday 2027-01-14, 12:00 in Tokyo; the device says Wednesday 2026-11-18.
    const at = Date.parse('2027-01-14T12:00:00+09:00');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-18T10:00:00+09:00'));
    window.name = `${TIME_MACHINE_FRAME_PREFIX}${JSON.stringify({ at, audience: 'contractMember', locale: 'ja' })}`;
    vi.stubGlobal('parent', { location: { pathname: '/console/time-machine' } });
    vi.resetModules();
    const { appNow } = await import('../../../lib/timeMachine.ts');
    expect(appNow()).toBe(at);
    const { useWeek } = await import('./useWeek.ts');
    const { result } = renderHook(() => useWeek());
    expect(result.current.from).toBe(Date.parse('2027-01-11T00:00:00+09:00'));
    expect(result.current.days[3]!.short).toBe('1/14');
    expect(result.current.canGoForward).toBe(false);
  });

  it("is the device's week outside a frame", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-18T10:00:00+09:00'));
    vi.resetModules();
    const { useWeek } = await import('./useWeek.ts');
    const { result } = renderHook(() => useWeek());
    expect(result.current.from).toBe(Date.parse('2026-11-16T00:00:00+09:00'));
  });
});
