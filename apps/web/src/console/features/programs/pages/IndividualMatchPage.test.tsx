import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { ConsoleIndividualMatch } from '@hibi/contract/console/programs';
import { renderWithProviders } from '../../../../test/render.tsx';
import { useMe } from '../../../lib/me.ts';
import { individualMatchOf, meAs, tenantsAnswer } from '../test-fixtures.ts';
import IndividualMatchPage from './IndividualMatchPage.tsx';

vi.mock('../../../../lib/i18n/react.tsx', async () => (await import('../../../../test/render.tsx')).i18nMock);
const api = vi.hoisted(() => ({ call: vi.fn(), callOrThrow: vi.fn() }));
vi.mock('../../../lib/api.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/api.ts')>()),
  consoleCall: api.call,
  consoleCallOrThrow: api.callOrThrow,
}));
vi.mock('../../../lib/me.ts', () => ({ useMe: vi.fn() }));

const me = vi.mocked(useMe);
const COMMITMENT = '9f'.repeat(32);
const SEED = '4a'.repeat(32);

/** The challenge as the server holds it; a test moves it on as the calls succeed. */
let current: ConsoleIndividualMatch;
function serve(item: ConsoleIndividualMatch) {
  current = item;
  api.callOrThrow.mockImplementation(async (name: string) => {
    if (name === 'getConsoleIndividualMatch') return { succeed: true, individualMatch: current };
    if (name === 'listSurveyTenants') return tenantsAnswer;
    throw new Error(`unexpected ${name}`);
  });
}

const renderChallenge = () =>
  renderWithProviders(
    <Routes>
      <Route path="/programs/challenges/:id" element={<IndividualMatchPage />} />
    </Routes>,
    { path: '/programs/challenges/6' },
  );
const button = (name: string) => screen.queryByRole('button', { name }) as HTMLButtonElement | null;
const confirmIn = async (name: string) => act(async () => fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name })));

afterEach(() => {
  api.call.mockReset();
  api.callOrThrow.mockReset();
});

// docs/requirements/programs.md#programs-draw
describe('the verifiable draw', () => {
  it('goes from not committed to committed; the draw waits for the commitment, then for final results, and says why', async () => {
    me.mockReturnValue(meAs('editor'));
    serve(individualMatchOf({ status: 'provisional' }));
    renderChallenge();
    expect(await screen.findByText('draw.notCommitted')).toBeTruthy();
    expect(screen.getByText('draw.eligibleProvisional:{"count":120}')).toBeTruthy();
    // Not committed: the draw waits for step 1.
    expect(button('draw.run')!.disabled).toBe(true);
    expect(screen.getByText('draw.needsCommit')).toBeTruthy();

    api.call.mockImplementation(async (name: string) => {
      if (name !== 'commitDraw') throw new Error(`unexpected ${name}`);
      current = { ...current, commitment: COMMITMENT, committedAt: Date.UTC(2027, 10, 1) };
      return { succeed: true, commitment: COMMITMENT };
    });
    fireEvent.click(button('draw.commit')!);
    await confirmIn('draw.commit');
    expect(api.call).toHaveBeenCalledWith('commitDraw', { individualMatchID: 6 });
    expect(await screen.findByText(COMMITMENT)).toBeTruthy();
    expect(screen.getByText('draw.committed')).toBeTruthy();
    expect(button('draw.commit')).toBeNull();
    // Committed but provisional: still waiting, until the day results are final.
    const run = button('draw.run')!;
    expect(run.disabled).toBe(true);
    expect(run.getAttribute('aria-describedby')).toBe('programs-draw-wait');
    expect(document.getElementById('programs-draw-wait')!.textContent).toBe('draw.needsFinal:{"day":"2027-11-03"}');
  });

  it('runs the draw on final results after a confirmation and shows the seed, the entries and the winners', async () => {
    me.mockReturnValue(meAs('owner'));
    serve(individualMatchOf({ status: 'final', commitment: COMMITMENT, committedAt: Date.UTC(2027, 10, 1), eligible: 4 }));
    renderChallenge();
    expect(await screen.findByText('draw.eligibleFinal:{"count":4}')).toBeTruthy();
    expect(button('draw.run')!.disabled).toBe(false);
    api.call.mockImplementation(async (name: string) => {
      if (name !== 'runDraw') throw new Error(`unexpected ${name}`);
      current = {
        ...current,
        drawnAt: Date.UTC(2027, 10, 4),
        seed: SEED,
        entryNumbers: [1, 2, 3, 4],
        winners: [
          { entryNumber: 3, prizeIndex: 0, nickname: 'はなこ', tenantName: '日々商事' },
          { entryNumber: 1, prizeIndex: 1, nickname: 'たろう', tenantName: '丸の内ホールディングス' },
        ],
      };
      return {
        succeed: true,
        seed: SEED,
        entries: 4,
        winners: [
          { entryNumber: 3, prizeIndex: 0 },
          { entryNumber: 1, prizeIndex: 1 },
        ],
      };
    });
    fireEvent.click(button('draw.run')!);
    await confirmIn('draw.run');
    expect(api.call).toHaveBeenCalledWith('runDraw', { individualMatchID: 6 });
    expect(await screen.findByText(SEED)).toBeTruthy();
    expect(screen.getByText('draw.drawn:{"count":2,"entries":4}')).toBeTruthy();
    expect(screen.getByText('draw.entryNumbers:{"count":4}')).toBeTruthy();
    expect(screen.getByText('1, 2, 3, 4')).toBeTruthy();
    const winners = screen.getByRole('table');
    expect(within(winners).getByRole('rowheader', { name: '3' })).toBeTruthy();
    expect(within(winners).getByText('ギフトカード')).toBeTruthy();
    expect(within(winners).getByText('はなこ')).toBeTruthy();
    expect(within(winners).getByText('丸の内ホールディングス')).toBeTruthy();
    expect(button('draw.run')).toBeNull();
  });

  it.each(['notFinal', 'notCommitted', 'alreadyDrawn'])("names the server's refusal %s", async (code) => {
    me.mockReturnValue(meAs('editor'));
    serve(individualMatchOf({ status: 'final', commitment: COMMITMENT, committedAt: 1 }));
    api.call.mockResolvedValue({ succeed: false, errorCode: code });
    renderChallenge();
    fireEvent.click(await screen.findByRole('button', { name: 'draw.run' }));
    await confirmIn('draw.run');
    expect((await screen.findByRole('alert')).textContent).toBe(`errors.${code}`);
  });

  it('names a refused commitment (alreadyCommitted)', async () => {
    me.mockReturnValue(meAs('editor'));
    serve(individualMatchOf());
    api.call.mockResolvedValue({ succeed: false, errorCode: 'alreadyCommitted' });
    renderChallenge();
    fireEvent.click(await screen.findByRole('button', { name: 'draw.commit' }));
    await confirmIn('draw.commit');
    expect((await screen.findByRole('alert')).textContent).toBe('errors.alreadyCommitted');
  });

  it('support reads the challenge and its draw with no write button', async () => {
    me.mockReturnValue(meAs('support'));
    serve(individualMatchOf({ status: 'final', commitment: COMMITMENT, committedAt: 1 }));
    renderChallenge();
    expect(await screen.findByText(COMMITMENT)).toBeTruthy();
    expect(screen.getByText('round.readOnly')).toBeTruthy();
    expect(button('draw.commit')).toBeNull();
    expect(button('draw.run')).toBeNull();
    expect(screen.queryByRole('link', { name: 'challenge.edit' })).toBeNull();
    // No tenant chosen: every tenant.
    expect(screen.getByText('challenge.tenantsAll')).toBeTruthy();
  });
});
