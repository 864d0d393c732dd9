import { createHash, createHmac } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { ProgramSummary } from '@hibi/contract/functions/programs';
import { renderWithProviders } from '../../../test/render.tsx';
import { call, callOrThrow } from '../../../lib/api.ts';
import type { Challenge } from '../api/get-individual-match.ts';
import ChallengePage from './ChallengePage.tsx';

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
  kind: 'individualMatch',
  id: 4,
  name: 'Winter challenge',
  entryFrom: '2000-01-01',
  entryTo: '2999-12-31',
  startDate: '2999-01-01',
  endDate: '2999-01-28',
  status: 'entryOpen',
  entered: false,
  dailyCap: 30_000,
  graceDays: 7,
  finalFrom: '2999-01-31',
  thresholdSteps: 8000,
  ...over,
});

const noDraw: Challenge['draw'] = {
  commitment: null,
  committedAt: null,
  drawnAt: null,
  seed: null,
  entryNumbers: null,
  myEntryNumber: null,
  winners: null,
  won: null,
};

const challenge = (over: Partial<Challenge> = {}): Challenge => ({
  succeed: true,
  program: program(),
  entered: false,
  averageSteps: 0,
  daysCounted: 0,
  daysTotal: 28,
  daysLeft: 28,
  eligible: false,
  final: false,
  myDays: [],
  prizes: [
    { name: 'Gift card', winners: 2 },
    { name: 'Water bottle', winners: 3 },
  ],
  draw: noDraw,
  ...over,
});

/** A draw made with node:crypto, as the requirements state it, independently of the page's WebCrypto code. */
function vector(seed: string, entryNumbers: number[], prizes: { winners: number }[]) {
  const key = Buffer.from(seed, 'hex');
  const order = entryNumbers
    .map((n) => ({ n, mac: createHmac('sha256', key).update(String(n)).digest('hex') }))
    .sort((a, b) => (a.mac < b.mac ? -1 : 1));
  const winners: { entryNumber: number; prizeIndex: number }[] = [];
  let next = 0;
  prizes.forEach((p, prizeIndex) => {
    for (let i = 0; i < p.winners && next < order.length; i++) winners.push({ entryNumber: order[next++]!.n, prizeIndex });
  });
  return { commitment: createHash('sha256').update(key).digest('hex'), winners };
}

const SEED = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const ENTRIES = [3, 8, 15, 21, 34, 42, 55, 61, 77, 89, 90, 104];

function drawn(over: Partial<Challenge['draw']> = {}): Challenge['draw'] {
  const v = vector(SEED, ENTRIES, [{ winners: 2 }, { winners: 3 }]);
  return {
    commitment: v.commitment,
    committedAt: Date.UTC(2999, 0, 2, 1),
    drawnAt: Date.UTC(2999, 1, 1, 3),
    seed: SEED,
    entryNumbers: ENTRIES,
    myEntryNumber: v.winners[0]!.entryNumber,
    winners: v.winners,
    won: 'Gift card',
    ...over,
  };
}

function renderPage(id = 4) {
  return renderWithProviders(
    <Routes>
      <Route path="/programs/challenges/:individualMatchID" element={<ChallengePage />} />
    </Routes>,
    { path: `/programs/challenges/${id}` },
  );
}

beforeEach(() => {
  read.mockReset();
  write.mockReset();
});

// docs/requirements/programs.md#programs-challenges
describe('ChallengePage: entering and progress', () => {
  it("enters after a confirmation, with isGeneral from the member's challenge list", async () => {
    read.mockImplementation((name: string) =>
      name === 'getIndividualMatches'
        ? Promise.resolve({ succeed: true, individualMatches: [{ id: 4, isGeneral: false }] })
        : Promise.resolve(challenge()),
    );
    write.mockResolvedValue({ succeed: true, isRegistered: true });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'entry.button' }));
    expect(within(screen.getByRole('dialog')).getByText('entry.confirmChallenge')).toBeTruthy();
    await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'entry.confirm' })));
    expect(write).toHaveBeenCalledWith('enterIndividualMatch', { individualMatchID: 4, isGeneral: false });
    expect(read.mock.calls.filter(([name]) => name === 'getIndividualMatch')).toHaveLength(2);
  });

  it.each([
    ['closed', 'entry.errors.closed'],
    ['notFound', 'entry.errors.notFound'],
  ])('a refused entry (%s) says so; isGeneral is true when the challenge is not listed', async (errorCode, message) => {
    read.mockImplementation((name: string) =>
      name === 'getIndividualMatches' ? Promise.resolve({ succeed: true, individualMatches: [] }) : Promise.resolve(challenge()),
    );
    write.mockResolvedValue({ succeed: false, errorCode });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'entry.button' }));
    await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'entry.confirm' })));
    expect(write).toHaveBeenCalledWith('enterIndividualMatch', { individualMatchID: 4, isGeneral: true });
    expect(screen.getByRole('alert').textContent).toBe(message);
  });

  it('shows the average against the threshold as a bar with text, the days, eligibility and provisional figures', async () => {
    read.mockResolvedValue(
      challenge({
        program: program({ status: 'running', entered: true }),
        entered: true,
        averageSteps: 6000,
        daysCounted: 10,
        daysLeft: 18,
        myDays: [{ day: '2999-01-10', steps: 6000, counted: 6000, state: 'provisional' }],
      }),
    );
    renderPage();
    const bar = await screen.findByRole('progressbar', { name: 'challenge.progressLabel' });
    expect(bar.getAttribute('aria-valuenow')).toBe('75');
    expect(bar.getAttribute('aria-valuetext')).toBe('challenge.averageOf:{"average":"6,000","threshold":"8,000"}');
    expect(screen.getByText('challenge.eligibleNo')).toBeTruthy();
    expect(screen.getByText('challenge.provisional:{"day":"Thu, Jan 31, 2999"}')).toBeTruthy();
    expect(screen.getByText('days.states.provisional', { selector: 'td span' })).toBeTruthy();
    expect(screen.getByText('Gift card')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'entry.button' })).toBeNull();
    // The rules in plain words, with how the average counts.
    expect(screen.getByRole('heading', { name: 'rules.title' })).toBeTruthy();
    expect(screen.getByText('rules.challenge')).toBeTruthy();
  });
});

// docs/requirements/programs.md#programs-draw
describe('ChallengePage: the draw', () => {
  it('before the commitment: not yet committed', async () => {
    read.mockResolvedValue(challenge());
    renderPage();
    expect(await screen.findByText('draw.notCommitted')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'draw.check' })).toBeNull();
  });

  it('committed: shows sha256 of the seed and how to check, not the seed', async () => {
    const { commitment } = drawn();
    read.mockResolvedValue(challenge({ draw: { ...noDraw, commitment, committedAt: Date.UTC(2999, 0, 2, 1) } }));
    renderPage();
    expect(await screen.findByText(commitment!)).toBeTruthy();
    expect(screen.getByText(commitment!).tagName).toBe('CODE');
    expect(screen.getByText('draw.waiting')).toBeTruthy();
    expect(screen.getByText('draw.howTitle')).toBeTruthy();
    expect(screen.queryByText('draw.seed')).toBeNull();
    expect(screen.queryByRole('button', { name: 'draw.check' })).toBeNull();
  });

  it('drawn: the entry numbers, the seed, the winners with prizes, my number and that I won', async () => {
    const draw = drawn();
    read.mockResolvedValue(challenge({ final: true, entered: true, eligible: true, program: program({ status: 'final', entered: true }), draw }));
    renderPage();
    expect(await screen.findByText(SEED)).toBeTruthy();
    expect(screen.getByText(/draw.entries:\{"n":"12"\}/)).toBeTruthy();
    expect(screen.getByText(ENTRIES.join(', '))).toBeTruthy();
    const winners = within(screen.getAllByRole('table').at(-1)!).getAllByRole('row').slice(1);
    expect(winners.map((r) => r.textContent)).toEqual(
      draw.winners!.map((w) => `${w.entryNumber}${w.prizeIndex === 0 ? 'Gift card' : 'Water bottle'}`),
    );
    expect(screen.getByText(/draw.myEntry/).textContent).toBe(`draw.myEntry:{"number":${draw.myEntryNumber}} draw.won:{"prize":"Gift card"}`);
  });

  it('a member not drawn is told so; a member not in the draw too', async () => {
    const draw = drawn();
    const loser = ENTRIES.find((n) => !draw.winners!.some((w) => w.entryNumber === n))!;
    read.mockResolvedValue(challenge({ draw: { ...draw, myEntryNumber: loser, won: null } }));
    const { unmount } = renderPage();
    expect(await screen.findByText(/draw.notWon/)).toBeTruthy();
    unmount();
    read.mockResolvedValue(challenge({ draw: { ...draw, myEntryNumber: null, won: null } }));
    renderPage();
    expect(await screen.findByText('draw.notInDraw')).toBeTruthy();
  });

  it('checks the draw in the browser against a vector made with node:crypto', async () => {
    read.mockResolvedValue(challenge({ draw: drawn() }));
    renderPage();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'draw.check' })));
    expect((await screen.findByText('draw.checkOk')).closest('[role="status"]')).toBeTruthy();
  });

  it('says when the commitment is not sha256 of the seed', async () => {
    read.mockResolvedValue(challenge({ draw: drawn({ commitment: createHash('sha256').update('another seed').digest('hex') }) }));
    renderPage();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'draw.check' })));
    expect(await screen.findByText('draw.checkCommitmentFailed')).toBeTruthy();
  });

  it('says when the published winners are not the computed ones', async () => {
    const draw = drawn();
    const swapped = draw.winners!.map((w) => ({ ...w, prizeIndex: w.prizeIndex === 0 ? 1 : 0 }));
    read.mockResolvedValue(challenge({ draw: { ...draw, winners: swapped } }));
    renderPage();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'draw.check' })));
    expect(await screen.findByText('draw.checkWinnersFailed')).toBeTruthy();
  });
});
