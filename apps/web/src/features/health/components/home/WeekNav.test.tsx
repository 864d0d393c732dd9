import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { formatDate } from '../../../../lib/format.ts';
import { useWeek } from '../../hooks/useWeek.ts';
import { WeekNav } from './WeekNav.tsx';

vi.mock('../../../../lib/i18n/react.tsx', async () => (await import('../../../../test/render.tsx')).i18nMock);

function Harness({ busy = false }: { busy?: boolean }) {
  const week = useWeek();
  return (
    <>
      <WeekNav week={week} busy={busy} />
      <ol>
        {week.days.map((d) => (
          <li key={d.key}>{`${d.short} ${d.weekday}`}</li>
        ))}
      </ol>
    </>
  );
}

const label = () => document.querySelector('.health-week-nav__label')!.textContent;
const previous = () => screen.getByRole('button', { name: /week\.previous/ }) as HTMLButtonElement;
const next = () => screen.getByRole('button', { name: /week\.next/ }) as HTMLButtonElement;

describe('chart week navigation', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Wednesday 2026-11-18, 10:00 in Tokyo.
    vi.setSystemTime(new Date('2026-11-18T10:00:00+09:00'));
  });
  afterEach(() => vi.useRealTimers());

  it('starts on the current Monday-to-Sunday week, and cannot go past it', () => {
    render(<Harness />);
    expect(label()).toBe(
      `week.shown: ${formatDate(Date.parse('2026-11-16T00:00:00+09:00'))} – ${formatDate(Date.parse('2026-11-23T00:00:00+09:00') - 1)}`,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '11/16 weekday.mon',
      '11/17 weekday.tue',
      '11/18 weekday.wed',
      '11/19 weekday.thu',
      '11/20 weekday.fri',
      '11/21 weekday.sat',
      '11/22 weekday.sun',
    ]);
    expect(next().disabled).toBe(true);
    expect(previous().disabled).toBe(false);
  });

  it('goes back a week at a time and forward again up to the current week', () => {
    render(<Harness />);
    fireEvent.click(previous());
    expect(label()).toContain('2026.11.09 – 2026.11.15');
    fireEvent.click(previous());
    expect(label()).toContain('2026.11.02 – 2026.11.08');
    expect(next().disabled).toBe(false);
    fireEvent.click(next());
    fireEvent.click(next());
    expect(label()).toContain('2026.11.16 – 2026.11.22');
    expect(next().disabled).toBe(true);
  });

  it('waits while the week loads', () => {
    render(<Harness busy />);
    expect(previous().disabled).toBe(true);
    expect(next().disabled).toBe(true);
  });
});
