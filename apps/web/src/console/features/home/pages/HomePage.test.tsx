import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { ConsoleHome } from '@hibi/contract/console/home';
import { renderWithProviders } from '../../../../test/render.tsx';
import HomePage from './HomePage.tsx';

vi.mock('../../../../lib/i18n/react.tsx', async () => (await import('../../../../test/render.tsx')).i18nMock);
const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api.ts', () => ({ consoleCallOrThrow: call, isUnavailable: () => false }));

const NOW = Date.parse('2026-12-01T01:00:00Z');
const base = (over: Partial<ConsoleHome> = {}): ConsoleHome => ({
  now: NOW,
  weekEnd: NOW + 7 * 86_400_000,
  week: { entries: [], truncated: false },
  decisions: { failedMail: { total: 0, items: [] }, fullSessions: null, missingEnglish: null },
  usage: null,
  ...over,
});

afterEach(() => {
  call.mockReset();
  vi.useRealTimers();
});

describe('the console home (issue 60)', () => {
  it('says plainly that nothing is scheduled this week and nothing needs a decision', async () => {
    call.mockResolvedValue(base());
    renderWithProviders(<HomePage />);
    expect(await screen.findByText('week.empty')).toBeTruthy();
    expect(screen.getByText('decisions.empty')).toBeTruthy();
    // Blocks the role does not get are not there at all.
    expect(screen.queryByText('usage.title')).toBeNull();
  });

  it('lists the week by day, each entry linked to its editor, and the decisions in words', async () => {
    call.mockResolvedValue(
      base({
        week: {
          entries: [
            {
              kind: 'announcement',
              itemId: 7,
              sessionId: null,
              title: { ja: '三日後', en: 'In three days' },
              sessionTitle: null,
              at: NOW + 3 * 86_400_000,
              endAt: null,
              state: 'scheduled',
            },
          ],
          truncated: false,
        },
        decisions: {
          failedMail: {
            total: 1,
            items: [
              {
                id: 3,
                kind: 'signup',
                recipient: 'gone@example.org',
                reason: 'recipientRejected',
                lastError: '550 5.1.1',
                attempts: 1,
                createdAt: NOW,
              },
            ],
          },
          fullSessions: null,
          missingEnglish: null,
        },
      }),
    );
    renderWithProviders(<HomePage />);
    const link = (await screen.findByText('In three days')).closest('a')!;
    expect(link.getAttribute('href')).toBe('/announcements/7');
    expect(screen.getByText('reasons.recipientRejected')).toBeTruthy();
    expect(screen.queryByText('week.empty')).toBeNull();
  });

  it('reads itself again every minute while open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    call
      .mockResolvedValueOnce(base())
      .mockResolvedValue(base({ week: { entries: [], truncated: true }, decisions: { failedMail: null, fullSessions: null, missingEnglish: null } }));
    renderWithProviders(<HomePage />);
    expect(await screen.findByText('week.empty')).toBeTruthy();
    expect(call).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(61_000);
    });
    expect(call).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('week.truncated')).toBeTruthy();
  });
});
