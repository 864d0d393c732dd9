import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Mission } from '@hibi/contract/functions/points';
import { renderWithProviders } from '../../../test/render.tsx';
import { ApiError, callOrThrow } from '../../../lib/api.ts';
import MissionsPage from './MissionsPage.tsx';

vi.mock('../../../lib/i18n/react.tsx', async () => (await import('../../../test/render.tsx')).i18nMock);
vi.mock('../../../lib/api.ts', async (original) => ({ ...(await original<typeof import('../../../lib/api.ts')>()), callOrThrow: vi.fn() }));
vi.mock('../../../lib/viewer.ts', () => ({ useViewer: () => ['en', 1] }));
vi.mock('../../../lib/i18n.ts', () => ({ currentLocale: () => 'en' }));

const api = vi.mocked(callOrThrow) as unknown as ReturnType<typeof vi.fn>;

const mission = (over: Partial<Mission> = {}): Mission => ({
  id: 1,
  title: 'Walk 8,000 steps',
  description: 'Keep moving this month.',
  kind: 'steps',
  minSteps: 8000,
  points: 300,
  progress: 6,
  target: 10,
  completed: false,
  completedAt: null,
  ...over,
});

const answer = (over: Record<string, unknown> = {}) => ({
  succeed: true,
  month: '2026-11',
  missions: [
    mission(),
    mission({
      id: 2,
      title: 'Read articles',
      kind: 'articlesRead',
      minSteps: null,
      progress: 3,
      target: 3,
      completed: true,
      completedAt: Date.parse('2026-11-12T09:00:00+09:00'),
    }),
  ],
  stamps: 13,
  cardSize: 10,
  cardBonus: 500,
  cardsCompleted: 1,
  ...over,
});

// docs/requirements/points.md#points-missions
describe('MissionsPage', () => {
  beforeEach(() => {
    api.mockReset();
  });

  it("shows the month's missions with their progress in words and as a bar, points and completion", async () => {
    api.mockResolvedValue(answer());
    renderWithProviders(<MissionsPage />, { path: '/points/missions?month=2026-11' });
    expect(await screen.findByRole('heading', { name: 'missions.monthTitle:{"month":"November 2026"}' })).toBeTruthy();
    expect(api).toHaveBeenCalledWith('getMissions', { month: '2026-11' });
    const items = within(document.querySelector<HTMLElement>('.mission-list')!).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const bar = within(items[0]!).getByRole('progressbar');
    expect(bar.getAttribute('aria-valuetext')).toBe('missions.progress.steps:{"progress":"6","target":"10"}');
    expect(bar.getAttribute('aria-valuenow')).toBe('60');
    expect(bar.getAttribute('aria-label')).toBe('missions.progressLabel:{"title":"Walk 8,000 steps"}');
    expect(items[0]!.textContent).toContain('missions.rule.steps:{"target":"10","minSteps":"8,000"}');
    expect(items[0]!.textContent).toContain('missions.reward:{"count":300,"n":"300"}');
    expect(items[0]!.textContent).not.toContain('missions.completed');
    expect(items[1]!.textContent).toContain('missions.completed');
    expect(items[1]!.textContent).toContain('missions.completedOn:{"day":"Thu, Nov 12, 2026"}');
    // A past month: the switcher goes back and forward, and back to this month.
    const nav = screen.getByRole('navigation', { name: 'missions.monthNav' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href'))[0],
    ).toBe('/points/missions?month=2026-10');
  });

  it("the stamp card's grid has a text alternative: the current card's stamps of the card size", async () => {
    api.mockResolvedValue(answer());
    renderWithProviders(<MissionsPage />, { path: '/points/missions' });
    const grid = await screen.findByRole('img', { name: 'stamps.cardText:{"stamps":3,"size":10}' });
    expect(grid.querySelectorAll('.stamp-card__cell')).toHaveLength(10);
    expect(grid.querySelectorAll('.stamp-card__cell--stamped')).toHaveLength(3);
    const card = screen.getByRole('region', { name: 'stamps.title' });
    expect(card.textContent).toContain('stamps.cardsCompleted:{"count":1}');
    expect(card.textContent).toContain('stamps.toGo:{"count":7}');
    expect(card.textContent).toContain('stamps.rule:{"size":10,"bonus":"500"}');
    expect(api).toHaveBeenCalledWith('getMissions', {});
  });

  it('says so when a month has no mission, and still shows the stamp card', async () => {
    api.mockResolvedValue(answer({ month: '2026-09', missions: [], stamps: 0, cardsCompleted: 0 }));
    renderWithProviders(<MissionsPage />, { path: '/points/missions?month=2026-09' });
    expect(await screen.findByText('missions.empty:{"month":"September 2026"}')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'stamps.cardText:{"stamps":0,"size":10}' })).toBeTruthy();
  });

  it('ignores a month parameter that is not a month, and says so when the missions cannot be loaded', async () => {
    api.mockRejectedValue(new ApiError('internalError', 500));
    renderWithProviders(<MissionsPage />, { path: '/points/missions?month=2026-13' });
    expect((await screen.findByRole('alert')).textContent).toBe('missions.loadFailed');
    expect(api).toHaveBeenCalledWith('getMissions', {});
  });
});
