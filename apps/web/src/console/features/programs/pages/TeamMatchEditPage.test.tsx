import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMe } from '../../../lib/me.ts';
import { meAs, teamMatchOf, tenantsAnswer } from '../test-fixtures.ts';
import TeamMatchEditPage from './TeamMatchEditPage.tsx';

vi.mock('../../../../lib/i18n/react.tsx', async () => (await import('../../../../test/render.tsx')).i18nMock);
const api = vi.hoisted(() => ({ call: vi.fn(), callOrThrow: vi.fn() }));
vi.mock('../../../lib/api.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/api.ts')>()),
  consoleCall: api.call,
  consoleCallOrThrow: api.callOrThrow,
}));
vi.mock('../../../lib/me.ts', () => ({ useMe: vi.fn() }));

const me = vi.mocked(useMe);

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/programs/team-walk/new', element: <TeamMatchEditPage /> },
      { path: '/programs/team-walk/:id/edit', element: <TeamMatchEditPage /> },
      { path: '/programs/team-walk/:id', element: <p>detail</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** The console's reads: the tenants, their contracts (owners), the round. */
function answers(round = teamMatchOf()) {
  api.callOrThrow.mockImplementation(async (name: string) => {
    if (name === 'listSurveyTenants') return tenantsAnswer;
    if (name === 'listTenants')
      return {
        succeed: true,
        total: 3,
        tenants: tenantsAnswer.tenants.map((tenant) => ({ id: tenant.id, teamMatchEnabled: tenant.id !== 3 })),
      };
    if (name === 'getConsoleTeamMatch') return { succeed: true, teamMatch: round };
    throw new Error(`unexpected ${name}`);
  });
}

const exactly = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`);
const nameField = (lang: 'ja' | 'en') =>
  screen.getByLabelText(exactly(`editor.inLanguage:{"label":"editor.name","language":"editor.languages.${lang}"}`)) as HTMLInputElement;
/** A field by its label (a required one ends in its mark). */
const input = (label: string) => screen.getByLabelText(exactly(label)) as HTMLInputElement;
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'editor.save' })));

async function fillNewRound() {
  fireEvent.change(await screen.findByLabelText(/"label":"editor\.name","language":"editor\.languages\.ja"/), {
    target: { value: '春のチームウォーク' },
  });
  fireEvent.click(screen.getByRole('checkbox', { name: '丸の内ホールディングス' }));
  fireEvent.change(input('editor.entryFrom'), { target: { value: '2027-03-01' } });
  fireEvent.change(input('editor.entryTo'), { target: { value: '2027-03-31' } });
  fireEvent.change(input('editor.startDate'), { target: { value: '2027-04-01' } });
  fireEvent.change(input('editor.endDate'), { target: { value: '2027-04-30' } });
}

afterEach(() => {
  api.call.mockReset();
  api.callOrThrow.mockReset();
});

// docs/requirements/programs.md#programs-team-walk and #programs-bad-input
describe('the Team Walk editor', () => {
  it('saves nothing while the name, tenants and dates are missing, and marks those fields', async () => {
    me.mockReturnValue(meAs('editor'));
    answers();
    renderAt('/programs/team-walk/new');
    await screen.findByRole('checkbox', { name: '丸の内ホールディングス' });
    await save();
    expect(await screen.findByText('editor.fixErrors')).toBeTruthy();
    expect(nameField('ja').getAttribute('aria-invalid')).toBe('true');
    expect(nameField('en').getAttribute('aria-invalid')).toBeNull();
    expect(input('editor.startDate').getAttribute('aria-invalid')).toBe('true');
    // The contract's own message for the tenants, by the tenants' group.
    expect(screen.getAllByText('対象の企業を1つ以上選んでください').length).toBeGreaterThan(0);
    // The summary names the tenants' group as a whole and links to it.
    const summary = await screen.findByRole('navigation', { name: 'errorSummary.label' });
    expect(within(summary).getByRole('link', { name: 'editor.tenants' })).toBeTruthy();
    expect(api.call).not.toHaveBeenCalled();
  });

  it('checks the dates before sending: an end before the start is named at the end date', async () => {
    me.mockReturnValue(meAs('editor'));
    answers();
    renderAt('/programs/team-walk/new');
    await fillNewRound();
    fireEvent.change(input('editor.endDate'), { target: { value: '2027-03-20' } });
    await save();
    expect(await screen.findByText('errors.endBeforeStart')).toBeTruthy();
    expect(input('editor.endDate').getAttribute('aria-invalid')).toBe('true');
    expect(api.call).not.toHaveBeenCalled();
  });

  it('refuses a minimum team size under 7 with the contract message', async () => {
    me.mockReturnValue(meAs('editor'));
    answers();
    renderAt('/programs/team-walk/new');
    await fillNewRound();
    fireEvent.change(input('editor.minTeamSize'), { target: { value: '5' } });
    await save();
    expect(input('editor.minTeamSize').getAttribute('aria-invalid')).toBe('true');
    expect((await screen.findAllByText('チームの最少人数は7人以上にしてください')).length).toBeGreaterThan(0);
    expect(api.call).not.toHaveBeenCalled();
  });

  it('saves a new round with the defaults and goes to the round', async () => {
    me.mockReturnValue(meAs('editor'));
    answers();
    api.call.mockResolvedValue({ succeed: true, teamMatchID: 9 });
    const router = renderAt('/programs/team-walk/new');
    await fillNewRound();
    // Each formation mode says what it does.
    expect(screen.getByRole('radio', { name: 'formationModes.department' }).getAttribute('aria-describedby')).toBe('programs-mode-department');
    fireEvent.click(screen.getByRole('radio', { name: 'formationModes.department' }));
    await save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/programs/team-walk/9'));
    expect(api.call).toHaveBeenCalledWith('saveTeamMatch', {
      name: { ja: '春のチームウォーク', en: null },
      tenantIDs: [1],
      entryFrom: '2027-03-01',
      entryTo: '2027-03-31',
      startDate: '2027-04-01',
      endDate: '2027-04-30',
      formationMode: 'department',
      minTeamSize: 7,
      teamsPerLeague: 10,
      dailyCap: 30_000,
      graceDays: 7,
    });
  });

  it.each(['tenantWithoutTeamMatches', 'entryWindowInvalid', 'endBeforeStart', 'alreadyFormed', 'alreadyFinal', 'notFound'])(
    "names the server's refusal %s in words",
    async (code) => {
      me.mockReturnValue(meAs('owner'));
      answers();
      api.call.mockResolvedValue({ succeed: false, errorCode: code });
      renderAt('/programs/team-walk/4/edit');
      fireEvent.change(await screen.findByLabelText(/"label":"editor\.name","language":"editor\.languages\.en"/), { target: { value: 'Spring' } });
      await save();
      expect((await screen.findByRole('alert')).textContent).toBe(`errors.${code}`);
      expect(api.call).toHaveBeenCalledWith(
        'saveTeamMatch',
        expect.objectContaining({ teamMatchID: 4, name: { ja: '春のチームウォーク', en: 'Spring' } }),
      );
    },
  );

  it('shows owners which tenants have no team matches in their contract, and does not let them be chosen', async () => {
    me.mockReturnValue(meAs('owner'));
    answers();
    renderAt('/programs/team-walk/new');
    const lite = (await screen.findByRole('checkbox', { name: /ライト株式会社/ })) as HTMLInputElement;
    await waitFor(() => expect(lite.disabled).toBe(true));
    expect(screen.getByText('editor.noTeamMatches')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: '日々商事' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('editors cannot read the contracts: every tenant can be chosen and the hint says the server checks', async () => {
    me.mockReturnValue(meAs('editor'));
    answers();
    renderAt('/programs/team-walk/new');
    expect(((await screen.findByRole('checkbox', { name: /ライト株式会社/ })) as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByText('editor.tenantsTeamHint editor.tenantsTeamUnchecked')).toBeTruthy();
    expect(api.callOrThrow).not.toHaveBeenCalledWith('listTenants', expect.anything());
  });

  it('once teams are formed, only the names, entry end, cap and grace stay editable', async () => {
    me.mockReturnValue(meAs('editor'));
    answers(teamMatchOf({ formedAt: Date.UTC(2027, 2, 20), teams: 20, formationSeed: 'ab12' }));
    renderAt('/programs/team-walk/4/edit');
    expect(await screen.findByText('editor.formedNote')).toBeTruthy();
    expect(input('editor.startDate').readOnly).toBe(true);
    expect(input('editor.minTeamSize').readOnly).toBe(true);
    expect(input('editor.entryTo').readOnly).toBe(false);
    expect(input('editor.dailyCap').readOnly).toBe(false);
    expect((screen.getByRole('radio', { name: 'formationModes.balanced' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: '丸の内ホールディングス' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('a final round is not edited: it says so', async () => {
    me.mockReturnValue(meAs('editor'));
    answers(teamMatchOf({ status: 'final' }));
    renderAt('/programs/team-walk/4/edit');
    expect(await screen.findByText('errors.alreadyFinal')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'editor.save' })).toBeNull();
  });

  it('asks before leaving with unsaved changes', async () => {
    me.mockReturnValue(meAs('editor'));
    answers();
    const router = renderAt('/programs/team-walk/4/edit');
    fireEvent.change(await screen.findByLabelText(/"label":"editor\.name","language":"editor\.languages\.en"/), { target: { value: 'Spring' } });
    expect(screen.getByText('editor.unsaved')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'editor.backToRound' })));
    const dialog = await screen.findByRole('dialog', { name: 'editor.leaveTitle' });
    expect(router.state.location.pathname).toBe('/programs/team-walk/4/edit');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'editor.leave' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/programs/team-walk/4'));
  });
});
