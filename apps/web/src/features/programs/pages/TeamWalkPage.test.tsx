import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { ProgramSummary } from '@hibi/contract/functions/programs';
import { renderWithProviders } from '../../../test/render.tsx';
import { call, callOrThrow } from '../../../lib/api.ts';
import type { TeamWalk } from '../api/get-team-match.ts';
import TeamWalkPage from './TeamWalkPage.tsx';

vi.mock('../../../lib/i18n/react.tsx', async () => (await import('../../../test/render.tsx')).i18nMock);
vi.mock('../../../lib/api.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/api.ts')>()),
  call: vi.fn(),
  callOrThrow: vi.fn(),
}));
vi.mock('../../../lib/viewer.ts', () => ({ useViewer: () => ['en', 1] }));
vi.mock('../../../lib/i18n.ts', () => ({ currentLocale: () => 'en' }));

const read = vi.mocked(callOrThrow) as unknown as ReturnType<typeof vi.fn>;
const write = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

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

const round = (over: Partial<TeamWalk> = {}): TeamWalk => ({
  succeed: true,
  program: program(),
  team: null,
  league: null,
  leagueTeams: 0,
  totalTeams: 0,
  final: false,
  throughDay: null,
  standings: [],
  rankHistory: [],
  bestRank: null,
  bestLeagueRank: null,
  myDays: [],
  ...over,
});

const entered = (over: Partial<TeamWalk> = {}) =>
  round({
    program: program({ status: 'running', entered: true, entryTo: '2000-01-02' }),
    team: {
      id: 8,
      name: 'Blue Herons',
      code: null,
      members: [
        { nickname: 'Aki', me: false },
        { nickname: 'Mina', me: true },
      ],
    },
    league: 'League A',
    leagueTeams: 3,
    totalTeams: 9,
    throughDay: '2999-01-05',
    standings: [
      { teamID: 7, name: 'Red Foxes', memberCount: 8, score: 9120, rank: 1, leagueRank: 1, mine: false },
      { teamID: 8, name: 'Blue Herons', memberCount: 7, score: 8450, rank: 3, leagueRank: 2, mine: true },
    ],
    rankHistory: [
      { day: '2999-01-04', rank: 4, leagueRank: 3, score: 7000 },
      { day: '2999-01-05', rank: 3, leagueRank: 2, score: 8450 },
    ],
    bestRank: 3,
    bestLeagueRank: 2,
    myDays: [
      { day: '2999-01-04', steps: 35_000, counted: 30_000, state: 'underReview' },
      { day: '2999-01-05', steps: null, counted: 0, state: 'missing' },
    ],
    ...over,
  });

function renderPage(id = 3) {
  return renderWithProviders(
    <Routes>
      <Route path="/programs/team-walk/:teamMatchID" element={<TeamWalkPage />} />
      <Route path="/notFound" element={<p>not found page</p>} />
    </Routes>,
    { path: `/programs/team-walk/${id}` },
  );
}

// docs/requirements/programs.md#programs-team-walk, #programs-members
describe('TeamWalkPage: entering', () => {
  beforeEach(() => {
    read.mockReset();
    write.mockReset();
  });

  it('department/balanced: one Enter button with a confirmation, then the page is read again', async () => {
    read.mockResolvedValueOnce(round()).mockResolvedValue(round({ program: program({ entered: true }) }));
    write.mockResolvedValue({ succeed: true, teamCode: null });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Autumn Team Walk' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'entry.button' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('entry.confirmTeamWalk')).toBeTruthy();
    expect(write).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'entry.confirm' })));
    expect(write).toHaveBeenCalledWith('enterTeamMatch', { teamMatchID: 3 });
    expect(read).toHaveBeenCalledTimes(2);
    expect(await screen.findByText(/team.waiting/)).toBeTruthy();
    expect(screen.getByText('entry.done').getAttribute('role')).toBe('status');
  });

  it.each([
    ['entryClosed', 'entry.errors.entryClosed'],
    ['alreadyEntered', 'entry.errors.alreadyEntered'],
    ['notFound', 'entry.errors.notFound'],
    ['somethingElse', 'entry.errors.failed'],
  ])('department: the refusal %s has its own message', async (errorCode, message) => {
    read.mockResolvedValue(round());
    write.mockResolvedValue({ succeed: false, errorCode });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'entry.button' }));
    await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'entry.confirm' })));
    expect(screen.getByRole('alert').textContent).toBe(message);
  });

  it('selfFormed: creating a team sends its name and shows the returned code with a copy button', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    read
      .mockResolvedValueOnce(round({ program: program({ formationMode: 'selfFormed' }) }))
      .mockResolvedValue(round({ program: program({ formationMode: 'selfFormed', entered: true }) }));
    write.mockResolvedValue({ succeed: true, teamCode: '7K3M9QXA' });
    renderPage();
    // Nothing to send yet: the name is asked for.
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'entry.createButton' })));
    expect(screen.getByText('entry.teamNameRequired')).toBeTruthy();
    expect(write).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('textbox', { name: 'entry.teamName' }), { target: { value: '  Walkers  ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'entry.createButton' })));
    expect(write).toHaveBeenCalledWith('enterTeamMatch', { teamMatchID: 3, newTeamName: 'Walkers' });
    expect(await screen.findByText('7K3M9QXA')).toBeTruthy();
    expect(screen.getByText('code.note')).toBeTruthy();
    // The form gave way at once.
    expect(screen.queryByRole('button', { name: 'entry.createButton' })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'code.copy' })));
    expect(writeText).toHaveBeenCalledWith('7K3M9QXA');
    expect(screen.getByText('code.copied')).toBeTruthy();
  });

  it('selfFormed: joining with a code says the member entered, never that they created the team', async () => {
    read
      .mockResolvedValueOnce(round({ program: program({ formationMode: 'selfFormed' }) }))
      .mockResolvedValue(round({ program: program({ formationMode: 'selfFormed', entered: true }) }));
    write.mockResolvedValue({ succeed: true, teamCode: '7K3M9QXA' });
    renderPage();
    await act(async () => fireEvent.click(await screen.findByRole('radio', { name: /entry\.join/ })));
    fireEvent.change(screen.getByRole('textbox', { name: 'entry.teamCode' }), { target: { value: '7k3m9qxa' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'entry.joinButton' })));
    expect(write).toHaveBeenCalledWith('enterTeamMatch', { teamMatchID: 3, teamCode: '7K3M9QXA' });
    expect(await screen.findByText('entry.done')).toBeTruthy();
    expect(screen.queryByText('code.created')).toBeNull();
  });

  it('selfFormed: a name over the limit is refused before sending', async () => {
    read.mockResolvedValue(round({ program: program({ formationMode: 'selfFormed' }) }));
    renderPage();
    fireEvent.change(await screen.findByRole('textbox', { name: 'entry.teamName' }), { target: { value: 'x'.repeat(41) } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'entry.createButton' })));
    expect(screen.getByText('entry.teamNameTooLong:{"max":40}')).toBeTruthy();
    expect(write).not.toHaveBeenCalled();
  });

  it("selfFormed: a name the server refuses shows the server's words", async () => {
    read.mockResolvedValue(round({ program: program({ formationMode: 'selfFormed' }) }));
    write.mockResolvedValue({
      succeed: false,
      errorCode: 'validationError',
      validationErrorMessage: ['The name has a character that cannot be used'],
    });
    renderPage();
    fireEvent.change(await screen.findByRole('textbox', { name: 'entry.teamName' }), { target: { value: 'Walkers' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'entry.createButton' })));
    expect(screen.getByRole('alert').textContent).toBe('The name has a character that cannot be used');
  });

  it.each([
    ['teamCodeUnknown', 'entry.errors.teamCodeUnknown'],
    ['teamChoiceInvalid', 'entry.errors.teamChoiceInvalid'],
    ['entryClosed', 'entry.errors.entryClosed'],
    ['alreadyEntered', 'entry.errors.alreadyEntered'],
  ])('selfFormed: joining with a code (upper-cased) refused with %s says so', async (errorCode, message) => {
    read.mockResolvedValue(round({ program: program({ formationMode: 'selfFormed' }) }));
    write.mockResolvedValue({ succeed: false, errorCode });
    renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: /entry.join/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'entry.teamCode' }), { target: { value: ' 7k3m9qxa ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'entry.joinButton' })));
    expect(write).toHaveBeenCalledWith('enterTeamMatch', { teamMatchID: 3, teamCode: '7K3M9QXA' });
    expect(screen.getByRole('alert').textContent).toBe(message);
  });

  it('says when entry opens, and that it is closed, without an entry form', async () => {
    read.mockResolvedValue(round({ program: program({ status: 'upcoming', entryFrom: '2999-01-01' }) }));
    renderPage();
    expect(await screen.findByText('entry.notYet:{"day":"Tue, Jan 1, 2999"}')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'entry.button' })).toBeNull();
  });

  it('a round not open to the member is not found', async () => {
    const { ApiError } = await import('../../../lib/api.ts');
    read.mockRejectedValue(new ApiError('notFound', 200));
    renderPage();
    expect(await screen.findByText('not found page')).toBeTruthy();
  });
});

describe('TeamWalkPage: after entering', () => {
  beforeEach(() => {
    read.mockReset();
    write.mockReset();
  });

  it('shows my team with me marked, the provisional standings with my team highlighted, the rank history and my days', async () => {
    read.mockResolvedValue(entered());
    renderPage();
    expect(await screen.findByText('Blue Herons', { selector: '.program-team__name' })).toBeTruthy();
    expect(screen.getByText(/Mina/).textContent).toBe('Mina team.me');
    // Provisional, with the last day included.
    expect(screen.getByText('standings.provisional:{"day":"Sat, Jan 5, 2999"}')).toBeTruthy();
    const tables = screen.getAllByRole('table');
    const standings = tables[0]!;
    const rows = within(standings).getAllByRole('row');
    expect(rows[2]!.className).toBe('program-table__mine');
    expect(rows[2]!.textContent).toContain('standings.mine');
    expect(rows[2]!.textContent).toContain('8,450');
    // The chart has a text alternative and the table the same figures.
    expect(screen.getByRole('img').getAttribute('aria-label')).toContain('history.chartLabel');
    expect(within(tables[1]!).getAllByRole('row')).toHaveLength(3);
    // My days, with states in words and a legend.
    const days = within(tables[2]!).getAllByRole('row');
    expect(days[1]!.textContent).toContain('35,000');
    expect(days[1]!.textContent).toContain('30,000');
    expect(days[1]!.textContent).toContain('days.states.underReview');
    expect(days[2]!.textContent).toContain('days.noUpload');
    expect(screen.getByText('days.legend.excluded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'entry.button' })).toBeNull();
    // The rules in plain words, with a team's score.
    expect(screen.getByRole('heading', { name: 'rules.title' })).toBeTruthy();
    expect(screen.getByText('rules.team')).toBeTruthy();
  });

  it('labels final standings as final', async () => {
    read.mockResolvedValue(entered({ final: true, program: program({ status: 'final', entered: true }), throughDay: '2999-01-28' }));
    renderPage();
    expect(await screen.findByText('standings.final:{"day":"Mon, Jan 28, 2999"}')).toBeTruthy();
    expect(screen.queryByText(/standings.provisional/)).toBeNull();
  });

  it('before the first day finished: no standings yet; a self-formed team shows its code', async () => {
    read.mockResolvedValue(
      entered({
        throughDay: null,
        standings: [],
        rankHistory: [],
        team: { id: 8, name: 'Blue Herons', code: 'ABCD2345', members: [{ nickname: 'Mina', me: true }] },
      }),
    );
    renderPage();
    expect(await screen.findByText('standings.notYet')).toBeTruthy();
    expect(screen.getByText('ABCD2345')).toBeTruthy();
  });
});
