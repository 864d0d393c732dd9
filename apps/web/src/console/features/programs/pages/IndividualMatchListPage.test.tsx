import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render.tsx';
import { useMe } from '../../../lib/me.ts';
import { individualMatchOf, meAs } from '../test-fixtures.ts';
import IndividualMatchListPage from './IndividualMatchListPage.tsx';

vi.mock('../../../../lib/i18n/react.tsx', async () => (await import('../../../../test/render.tsx')).i18nMock);
const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api.ts', async (original) => ({ ...(await original<typeof import('../../../lib/api.ts')>()), consoleCallOrThrow: call }));
vi.mock('../../../lib/me.ts', () => ({ useMe: vi.fn() }));

const me = vi.mocked(useMe);

afterEach(() => call.mockReset());

// docs/requirements/programs.md#programs-challenges
describe('the individual challenges list', () => {
  it('lists challenges with status, target and where the draw stands; an owner may start a new one', async () => {
    me.mockReturnValue(meAs('owner'));
    const { individualMatchID, name, status, entryFrom, entryTo, startDate, endDate, thresholdSteps, entrants } = individualMatchOf();
    const row = {
      individualMatchID,
      name,
      status,
      entryFrom,
      entryTo,
      startDate,
      endDate,
      thresholdSteps,
      entrants,
      committedAt: null,
      drawnAt: null,
    };
    call.mockResolvedValue({
      succeed: true,
      individualMatches: [
        row,
        { ...row, individualMatchID: 2, status: 'final', committedAt: 1, drawnAt: 2 },
        { ...row, individualMatchID: 3, committedAt: 1 },
      ],
      total: 3,
    });
    renderWithProviders(<IndividualMatchListPage />, { path: '/programs/challenges' });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('link', { name: '秋のウォーキングチャレンジ' })[0]!.getAttribute('href')).toBe('/programs/challenges/6');
    expect(within(table).getAllByText('8,000').length).toBe(3);
    expect(within(table).getByText('list.drawNone')).toBeTruthy();
    expect(within(table).getByText('list.drawCommitted')).toBeTruthy();
    expect(within(table).getByText('list.drawDrawn')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'individual.new' }).getAttribute('href')).toBe('/programs/challenges/new');
  });

  it('support reads without "New challenge"; an empty list says so', async () => {
    me.mockReturnValue(meAs('support'));
    call.mockResolvedValue({ succeed: true, individualMatches: [], total: 0 });
    renderWithProviders(<IndividualMatchListPage />, { path: '/programs/challenges' });
    expect(await screen.findByText('individual.empty')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'individual.new' })).toBeNull();
  });
});
