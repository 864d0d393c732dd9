import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render.tsx';
import { useMe } from '../../../lib/me.ts';
import { flagOf, meAs, teamRowOf } from '../test-fixtures.ts';
import StepFlagsPage from './StepFlagsPage.tsx';

vi.mock('../../../../lib/i18n/react.tsx', async () => (await import('../../../../test/render.tsx')).i18nMock);
const api = vi.hoisted(() => ({ call: vi.fn(), callOrThrow: vi.fn() }));
vi.mock('../../../lib/api.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/api.ts')>()),
  consoleCall: api.call,
  consoleCallOrThrow: api.callOrThrow,
}));
vi.mock('../../../lib/me.ts', () => ({ useMe: vi.fn() }));

const me = vi.mocked(useMe);
const flags = [
  flagOf(),
  flagOf({
    flagID: 12,
    reason: 'overCap',
    median: null,
    steps: 35_000,
    programKind: 'individualMatch',
    programID: 6,
    programName: { ja: '秋', en: 'Autumn' },
  }),
  flagOf({
    flagID: 13,
    reason: 'manual',
    median: null,
    nickname: 'じろう',
    state: 'excluded',
    reviewedBy: 'Editor',
    reviewedAt: Date.UTC(2027, 3, 13, 1, 0),
  }),
];

/** The console's reads: the flags, and the programs the program filter offers. */
function answers(answer: { flags: typeof flags; total: number }) {
  api.callOrThrow.mockImplementation(async (name: string) => {
    if (name === 'listStepFlags') return { succeed: true, ...answer };
    if (name === 'listTeamMatches') return { succeed: true, teamMatches: [teamRowOf()], total: 1 };
    if (name === 'listIndividualMatches') return { succeed: true, individualMatches: [], total: 0 };
    throw new Error(`unexpected ${name}`);
  });
}

afterEach(() => {
  api.call.mockReset();
  api.callOrThrow.mockReset();
});

// docs/requirements/programs.md#programs-flags
describe('the unusual days', () => {
  it('lists each day with its program, member, tenant, steps, reason (the median shown), state and review', async () => {
    me.mockReturnValue(meAs('editor'));
    answers({ flags, total: 3 });
    renderWithProviders(<StepFlagsPage />, { path: '/programs/flags' });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('link', { name: '春のチームウォーク' })[0]!.getAttribute('href')).toBe('/programs/team-walk/4');
    expect(within(table).getByRole('link', { name: '秋' }).getAttribute('href')).toBe('/programs/challenges/6');
    expect(within(table).getAllByText('42,000')).toHaveLength(2);
    expect(within(table).getByText('flags.reasons.overMedian:{"median":"6,500"}')).toBeTruthy();
    expect(within(table).getByText('flags.reasons.overCap')).toBeTruthy();
    expect(within(table).getByText('flags.reasons.manual')).toBeTruthy();
    expect(within(table).getByText('flags.reviewedValue:{"by":"Editor","at":"2027.04.13 10:00"}')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'flags.label' })).toBeTruthy();
    expect(api.callOrThrow).toHaveBeenCalledWith('listStepFlags', { offset: 0, perPage: 20 });
  });

  it('filters by state and program from the address', async () => {
    me.mockReturnValue(meAs('editor'));
    answers({ flags: [], total: 0 });
    renderWithProviders(<StepFlagsPage />, { path: '/programs/flags?state=open&programKind=teamMatch&programID=4' });
    expect(await screen.findByText('flags.emptyFiltered')).toBeTruthy();
    expect(api.callOrThrow).toHaveBeenCalledWith('listStepFlags', { offset: 0, perPage: 20, state: 'open', programKind: 'teamMatch', programID: 4 });
    // The program is chosen by name among the newest rounds and challenges.
    const program = screen.getByRole('combobox', { name: 'flags.programKind' }) as HTMLSelectElement;
    await waitFor(() => expect(program.selectedOptions[0]!.textContent).toBe('春のチームウォーク'));
    fireEvent.change(program, { target: { value: 'individualMatch' } });
    await waitFor(() =>
      expect(api.callOrThrow).toHaveBeenLastCalledWith('listStepFlags', { offset: 0, perPage: 20, state: 'open', programKind: 'individualMatch' }),
    );
  });

  it('keeps and excludes a day, saying what was done', async () => {
    me.mockReturnValue(meAs('owner'));
    answers({ flags, total: 3 });
    api.call.mockResolvedValue({ succeed: true, state: 'kept' });
    renderWithProviders(<StepFlagsPage />, { path: '/programs/flags' });
    const keep = await screen.findByRole('button', {
      name: 'flags.keepNamed:{"nickname":"たろう","day":"2027-04-12","program":"春のチームウォーク"}',
    });
    await act(async () => fireEvent.click(keep));
    expect(api.call).toHaveBeenCalledWith('reviewStepFlag', { flagID: 11, decision: 'keep' });
    expect(await screen.findByText('flags.kept:{"nickname":"たろう","day":"2027-04-12"}')).toBeTruthy();
    // An excluded day can still be kept, not excluded again.
    expect(
      (
        screen.getByRole('button', {
          name: 'flags.excludeNamed:{"nickname":"じろう","day":"2027-04-12","program":"春のチームウォーク"}',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
  });

  it('says a final program can no longer be reviewed (alreadyFinal)', async () => {
    me.mockReturnValue(meAs('editor'));
    answers({ flags, total: 3 });
    api.call.mockResolvedValue({ succeed: false, errorCode: 'alreadyFinal' });
    renderWithProviders(<StepFlagsPage />, { path: '/programs/flags' });
    await act(async () =>
      fireEvent.click(
        await screen.findByRole('button', { name: 'flags.excludeNamed:{"nickname":"たろう","day":"2027-04-12","program":"春のチームウォーク"}' }),
      ),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('errors.alreadyFinal');
  });

  it('support reads the days with no Keep or Exclude button; no days says so', async () => {
    me.mockReturnValue(meAs('support'));
    answers({ flags, total: 3 });
    renderWithProviders(<StepFlagsPage />, { path: '/programs/flags' });
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: /flags\.(keep|exclude)/ })).toBeNull();
    expect(screen.queryByText('flags.actions')).toBeNull();
  });

  it('says when there are no unusual days', async () => {
    me.mockReturnValue(meAs('support'));
    answers({ flags: [], total: 0 });
    renderWithProviders(<StepFlagsPage />, { path: '/programs/flags' });
    expect(await screen.findByText('flags.empty')).toBeTruthy();
  });
});
