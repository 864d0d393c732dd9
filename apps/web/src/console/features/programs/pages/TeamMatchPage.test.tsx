import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '../../../../test/render.tsx';
import { useMe } from '../../../lib/me.ts';
import { downloadCsv } from '../../../lib/download.ts';
import { meAs, teamMatchOf, tenantsAnswer } from '../test-fixtures.ts';
import TeamMatchPage from './TeamMatchPage.tsx';

vi.mock('../../../../lib/i18n/react.tsx', async () => (await import('../../../../test/render.tsx')).i18nMock);
const api = vi.hoisted(() => ({ call: vi.fn(), callOrThrow: vi.fn() }));
vi.mock('../../../lib/api.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/api.ts')>()),
  consoleCall: api.call,
  consoleCallOrThrow: api.callOrThrow,
}));
vi.mock('../../../lib/me.ts', () => ({ useMe: vi.fn() }));
vi.mock('../../../lib/download.ts', () => ({ downloadCsv: vi.fn() }));

const me = vi.mocked(useMe);
const download = vi.mocked(downloadCsv);

const standingsOf = (over: Record<string, unknown> = {}) => ({
  succeed: true,
  final: false,
  throughDay: '2027-04-10',
  leagues: ['A', 'B'],
  standings: [
    { teamID: 1, name: 'Fast Feet', tenantName: '丸の内ホールディングス', league: 'A', memberCount: 8, score: 9_120, rank: 1, leagueRank: 1 },
    { teamID: 2, name: 'Slow Steady', tenantName: null, league: 'B', memberCount: 7, score: 7_005, rank: 2, leagueRank: 1 },
  ],
  total: 2,
  ...over,
});

function answers(round = teamMatchOf(), standings = standingsOf()) {
  api.callOrThrow.mockImplementation(async (name: string) => {
    if (name === 'getConsoleTeamMatch') return { succeed: true, teamMatch: round };
    if (name === 'getTeamMatchStandings') return standings;
    if (name === 'listSurveyTenants') return tenantsAnswer;
    throw new Error(`unexpected ${name}`);
  });
}

const renderRound = () =>
  renderWithProviders(
    <Routes>
      <Route path="/programs/team-walk/:id" element={<TeamMatchPage />} />
    </Routes>,
    { path: '/programs/team-walk/4' },
  );

afterEach(() => {
  api.call.mockReset();
  api.callOrThrow.mockReset();
  download.mockReset();
});

// docs/requirements/programs.md#programs-team-walk
describe('a Team Walk round', () => {
  it('shows its settings, the tenants by name, and forms the teams after a confirmation, showing teams, leagues and seed', async () => {
    me.mockReturnValue(meAs('editor'));
    answers();
    api.call.mockResolvedValue({ succeed: true, teams: 20, entrants: 140, leagues: 2, seed: 'c0ffee00' });
    renderRound();
    expect(await screen.findByRole('heading', { level: 1, name: '春のチームウォーク' })).toBeTruthy();
    expect(await screen.findByText('丸の内ホールディングス, 日々商事')).toBeTruthy();
    expect(screen.getByText('formation.notFormed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'formation.form' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('formation.confirmText:{"entrants":140}')).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'formation.confirm' })));
    expect(api.call).toHaveBeenCalledWith('formTeams', { teamMatchID: 4 });
    expect(await screen.findByText('formation.done:{"teams":20,"entrants":140,"leagues":2}')).toBeTruthy();
    expect(screen.getByText('c0ffee00')).toBeTruthy();
  });

  it.each(['tooFewEntrants', 'alreadyStarted'])('says why the teams could not be formed (%s)', async (code) => {
    me.mockReturnValue(meAs('owner'));
    answers();
    api.call.mockResolvedValue({ succeed: false, errorCode: code });
    renderRound();
    fireEvent.click(await screen.findByRole('button', { name: 'formation.form' }));
    await act(async () => fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'formation.confirm' })));
    expect((await screen.findByRole('alert')).textContent).toBe(`errors.${code}`);
  });

  it('a formed round that started shows its seed and no forming button', async () => {
    me.mockReturnValue(meAs('editor'));
    answers(teamMatchOf({ status: 'running', formedAt: Date.UTC(2027, 3, 1), teams: 20, leagues: ['A', 'B'], formationSeed: 'ab'.repeat(32) }));
    renderRound();
    expect(await screen.findByText('ab'.repeat(32))).toBeTruthy();
    expect(screen.getByText('formation.started')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /formation\.(re)?form/ })).toBeNull();
  });

  it('shows the standings as provisional through a day, filters a league, and exports the CSV', async () => {
    me.mockReturnValue(meAs('editor'));
    answers();
    download.mockResolvedValue('standings-provisional.csv');
    renderRound();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'Fast Feet' })).toBeTruthy();
    expect(within(table).getByText('9,120')).toBeTruthy();
    expect(screen.getByText('standings.provisional:{"day":"2027-04-10"}')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'standings.label' }).getAttribute('tabindex')).toBe('0');
    fireEvent.change(screen.getByRole('combobox', { name: 'standings.league' }), { target: { value: 'B' } });
    await waitFor(() =>
      expect(api.callOrThrow).toHaveBeenCalledWith('getTeamMatchStandings', { teamMatchID: 4, offset: 0, perPage: 20, league: 'B' }),
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'standings.export' })));
    expect(download).toHaveBeenCalledWith('exportTeamMatchStandings', { teamMatchID: 4 });
    expect(await screen.findByText('standings.exported:{"fileName":"standings-provisional.csv"}')).toBeTruthy();
  });

  it('says final when the standings are', async () => {
    me.mockReturnValue(meAs('editor'));
    answers(teamMatchOf({ status: 'final' }), standingsOf({ final: true, throughDay: '2027-04-30', leagues: ['A'] }));
    renderRound();
    expect(await screen.findByText('standings.final')).toBeTruthy();
    // One league: no league filter; a final round has no edit link.
    expect(screen.queryByRole('combobox', { name: 'standings.league' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'round.edit' })).toBeNull();
  });

  it('support reads the round with no write button at all', async () => {
    me.mockReturnValue(meAs('support'));
    answers();
    renderRound();
    expect(await screen.findByText('round.readOnly')).toBeTruthy();
    await screen.findByRole('table');
    expect(screen.queryByRole('link', { name: 'round.edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'formation.form' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'standings.export' })).toBeNull();
    expect(api.call).not.toHaveBeenCalled();
  });

  it('says so when the round does not exist', async () => {
    me.mockReturnValue(meAs('editor'));
    const { ConsoleApiError } = await import('../../../lib/api.ts');
    api.callOrThrow.mockRejectedValue(new ConsoleApiError('notFound', 200));
    renderRound();
    expect(await screen.findByText('errors.notFound')).toBeTruthy();
  });

  it('pages the standings', async () => {
    me.mockReturnValue(meAs('support'));
    answers(teamMatchOf(), standingsOf({ total: 45 }));
    renderRound();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'paging.next' }));
    await waitFor(() => expect(api.callOrThrow).toHaveBeenCalledWith('getTeamMatchStandings', { teamMatchID: 4, offset: 20, perPage: 20 }));
  });
});
