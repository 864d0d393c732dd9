import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { ProgramSummary } from '@hibi/contract/functions/programs';
import { addDays, tokyoDay } from '@hibi/contract/time';
import { renderWithProviders } from '../../../test/render.tsx';
import { ApiError, callOrThrow } from '../../../lib/api.ts';
import ProgramsPage from './ProgramsPage.tsx';

vi.mock('../../../lib/i18n/react.tsx', async () => (await import('../../../test/render.tsx')).i18nMock);
vi.mock('../../../lib/api.ts', async (original) => ({ ...(await original<typeof import('../../../lib/api.ts')>()), callOrThrow: vi.fn() }));
vi.mock('../../../lib/viewer.ts', () => ({ useViewer: () => ['en', 1] }));
vi.mock('../../../lib/i18n.ts', () => ({ currentLocale: () => 'en' }));

const api = vi.mocked(callOrThrow) as unknown as ReturnType<typeof vi.fn>;

const program = (over: Partial<ProgramSummary> = {}): ProgramSummary => ({
  kind: 'teamMatch',
  id: 3,
  name: 'Autumn Team Walk',
  entryFrom: '2000-01-01',
  entryTo: '2999-12-31',
  startDate: '2999-01-01',
  endDate: '2999-01-28',
  status: 'entryOpen',
  entered: false,
  dailyCap: 30_000,
  graceDays: 7,
  finalFrom: '2999-01-31',
  formationMode: 'department',
  minTeamSize: 7,
  ...over,
});

// docs/requirements/programs.md#programs-members
describe('ProgramsPage', () => {
  // A block, not an arrow's value: a function returned from beforeEach is run as its clean-up.
  beforeEach(() => {
    api.mockReset();
  });

  it('shows a spinner while the list loads', () => {
    api.mockReturnValue(new Promise(() => {}));
    renderWithProviders(<ProgramsPage />, { path: '/programs' });
    expect(screen.getByRole('status').textContent).toBe('common.loading');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says so when the tenant has no program', async () => {
    api.mockResolvedValue({ succeed: true, programs: [] });
    renderWithProviders(<ProgramsPage />, { path: '/programs' });
    expect(await screen.findByText('empty')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(api).toHaveBeenCalledWith('listPrograms', {});
  });

  it('announces results that became final within 30 days for programs the member entered, with a link', async () => {
    const today = tokyoDay(Date.now());
    api.mockResolvedValue({
      succeed: true,
      programs: [
        program({ id: 4, name: 'Entered, final', status: 'final', entered: true, finalFrom: addDays(today, -2) }),
        program({ id: 5, name: 'Not entered, final', status: 'final', entered: false, finalFrom: addDays(today, -2) }),
        program({ id: 6, name: 'Entered, final long ago', status: 'final', entered: true, finalFrom: addDays(today, -40) }),
        program({ id: 7, name: 'Entered, provisional', status: 'provisional', entered: true, finalFrom: addDays(today, 2) }),
      ],
    });
    renderWithProviders(<ProgramsPage />, { path: '/programs' });
    const notice = await screen.findByRole('region', { name: 'results.title' });
    const items = notice.querySelectorAll('li');
    expect(items).toHaveLength(1);
    expect(items[0]!.querySelector('a')!.getAttribute('href')).toBe('/programs/team-walk/4');
  });

  it('says so when the list cannot be loaded, with a retry', async () => {
    api.mockRejectedValue(new ApiError('internalError', 500));
    renderWithProviders(<ProgramsPage />, { path: '/programs' });
    expect((await screen.findByRole('alert')).textContent).toBe('loadFailed');
    expect(screen.getByRole('button', { name: 'common.retry' })).toBeTruthy();
  });

  it('shows a card per program: kind, status, entered, dates and the right call to action', async () => {
    api.mockResolvedValue({
      succeed: true,
      programs: [
        program(),
        program({ kind: 'individualMatch', id: 4, name: 'Winter challenge', status: 'running', entered: true, thresholdSteps: 8000 }),
        program({ id: 5, name: 'Summer Team Walk', status: 'final', entered: true, entryFrom: '2026-06-01', entryTo: '2026-06-10' }),
        program({ id: 6, name: 'Spring Team Walk', status: 'upcoming', entryFrom: '2999-03-01', entryTo: '2999-03-10' }),
      ],
    });
    renderWithProviders(<ProgramsPage />, { path: '/programs' });
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0]!.textContent).toContain('kind.teamMatch');
    expect(items[0]!.textContent).toContain('status.entryOpen');
    expect(items[0]!.textContent).toContain('notEntered');
    expect(items[0]!.querySelector('.program-badge--entered')).toBeNull();
    expect(items[1]!.textContent).toContain('kind.individualMatch');
    expect(items[1]!.querySelector('.program-badge--entered')!.textContent).toBe('entered');
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['/programs/team-walk/3', 'cta.enter'],
      ['/programs/challenges/4', 'cta.progress'],
      ['/programs/team-walk/5', 'cta.results'],
      ['/programs/team-walk/6', 'cta.details'],
    ]);
    // Each button is described by its program's name.
    expect(document.getElementById(links[1]!.getAttribute('aria-describedby')!)!.textContent).toBe('Winter challenge');
    // Dates in Japan time, in the member's language.
    expect(items[3]!.textContent).toContain('dateRange:{"from":"Fri, Mar 1, 2999","to":"Sun, Mar 10, 2999"}');
  });
});
