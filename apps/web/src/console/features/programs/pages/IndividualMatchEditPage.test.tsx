import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMe } from '../../../lib/me.ts';
import { individualMatchOf, meAs, tenantsAnswer } from '../test-fixtures.ts';
import IndividualMatchEditPage from './IndividualMatchEditPage.tsx';

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
      { path: '/programs/challenges/new', element: <IndividualMatchEditPage /> },
      { path: '/programs/challenges/:id/edit', element: <IndividualMatchEditPage /> },
      { path: '/programs/challenges/:id', element: <p>detail</p> },
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

function answers(item = individualMatchOf()) {
  api.callOrThrow.mockImplementation(async (name: string) => {
    if (name === 'listSurveyTenants') return tenantsAnswer;
    if (name === 'getConsoleIndividualMatch') return { succeed: true, individualMatch: item };
    throw new Error(`unexpected ${name}`);
  });
}

const exactly = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`);
const input = (label: string, scope: HTMLElement = document.body) => within(scope).getByLabelText(exactly(label)) as HTMLInputElement;
const localizedLabel = (label: string, lang: 'ja' | 'en') => `editor.inLanguage:{"label":"${label}","language":"editor.languages.${lang}"}`;
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'editor.save' })));
const prizeRows = () => screen.getAllByRole('listitem').filter((li) => li.classList.contains('programs-prize'));

async function fillNew() {
  fireEvent.change(await screen.findByLabelText(exactly(localizedLabel('editor.name', 'ja'))), { target: { value: '秋のチャレンジ' } });
  fireEvent.change(input('editor.entryFrom'), { target: { value: '2027-09-01' } });
  fireEvent.change(input('editor.entryTo'), { target: { value: '2027-09-30' } });
  fireEvent.change(input('editor.startDate'), { target: { value: '2027-10-01' } });
  fireEvent.change(input('editor.endDate'), { target: { value: '2027-10-31' } });
}

afterEach(() => {
  api.call.mockReset();
  api.callOrThrow.mockReset();
});

// docs/requirements/programs.md#programs-challenges
describe('the individual challenge editor', () => {
  it('starts with one prize and the defaults; no tenant chosen means every tenant, and it says so', async () => {
    me.mockReturnValue(meAs('editor'));
    answers();
    renderAt('/programs/challenges/new');
    expect(await screen.findByText('editor.tenantsAll')).toBeTruthy();
    expect(input('editor.threshold').value).toBe('8000');
    expect(input('editor.dailyCap').value).toBe('30000');
    expect(input('editor.graceDays').value).toBe('7');
    expect(prizeRows()).toHaveLength(1);
    // The only prize cannot be removed.
    expect((screen.getByRole('button', { name: 'editor.removePrize:{"n":1}' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: '日々商事' }));
    expect(screen.getByText('editor.tenantsChosen:{"count":1}')).toBeTruthy();
  });

  it('adds and removes prize rows, marks a prize without a name, and saves the prizes in order', async () => {
    me.mockReturnValue(meAs('editor'));
    answers();
    api.call.mockResolvedValue({ succeed: true, individualMatchID: 12 });
    const router = renderAt('/programs/challenges/new');
    await fillNew();
    fireEvent.click(screen.getByRole('button', { name: 'editor.addPrize' }));
    fireEvent.click(screen.getByRole('button', { name: 'editor.addPrize' }));
    expect(prizeRows()).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'editor.removePrize:{"n":2}' }));
    expect(prizeRows()).toHaveLength(2);
    const [first, second] = prizeRows();
    fireEvent.change(input(localizedLabel('editor.prizeName', 'ja'), first), { target: { value: 'ギフトカード' } });
    fireEvent.change(input('editor.prizeWinners', first), { target: { value: '3' } });
    await save();
    expect(await screen.findByText('editor.fixErrors')).toBeTruthy();
    expect(input(localizedLabel('editor.prizeName', 'ja'), second).getAttribute('aria-invalid')).toBe('true');
    expect(api.call).not.toHaveBeenCalled();
    fireEvent.change(input(localizedLabel('editor.prizeName', 'ja'), second), { target: { value: 'タオル' } });
    fireEvent.change(input(localizedLabel('editor.prizeName', 'en'), second), { target: { value: 'Towel' } });
    fireEvent.change(input('editor.prizeWinners', second), { target: { value: '10' } });
    await save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/programs/challenges/12'));
    expect(api.call).toHaveBeenCalledWith('saveIndividualMatch', {
      name: { ja: '秋のチャレンジ', en: null },
      tenantIDs: [],
      entryFrom: '2027-09-01',
      entryTo: '2027-09-30',
      startDate: '2027-10-01',
      endDate: '2027-10-31',
      thresholdSteps: 8_000,
      dailyCap: 30_000,
      graceDays: 7,
      prizes: [
        { name: { ja: 'ギフトカード', en: null }, winners: 3 },
        { name: { ja: 'タオル', en: 'Towel' }, winners: 10 },
      ],
    });
  });

  it('checks the entry window before sending', async () => {
    me.mockReturnValue(meAs('editor'));
    answers();
    renderAt('/programs/challenges/new');
    await fillNew();
    fireEvent.change(input(localizedLabel('editor.prizeName', 'ja'), prizeRows()[0]), { target: { value: 'ギフトカード' } });
    // Entry opening after the start.
    fireEvent.change(input('editor.entryFrom'), { target: { value: '2027-10-05' } });
    fireEvent.change(input('editor.entryTo'), { target: { value: '2027-10-10' } });
    await save();
    expect((await screen.findAllByText('errors.entryWindowInvalid')).length).toBeGreaterThan(0);
    expect(input('editor.entryFrom').getAttribute('aria-invalid')).toBe('true');
    expect(api.call).not.toHaveBeenCalled();
  });

  it.each(['alreadyCommitted', 'endBeforeStart', 'entryWindowInvalid', 'notFound'])("names the server's refusal %s in words", async (code) => {
    me.mockReturnValue(meAs('owner'));
    answers();
    api.call.mockResolvedValue({ succeed: false, errorCode: code });
    renderAt('/programs/challenges/6/edit');
    fireEvent.change(await screen.findByLabelText(exactly(localizedLabel('editor.name', 'en'))), { target: { value: 'Autumn' } });
    await save();
    expect((await screen.findByRole('alert')).textContent).toBe(`errors.${code}`);
    expect(api.call).toHaveBeenCalledWith('saveIndividualMatch', expect.objectContaining({ individualMatchID: 6, tenantIDs: [] }));
  });

  it('once the draw is committed, only the names stay editable', async () => {
    me.mockReturnValue(meAs('editor'));
    answers(individualMatchOf({ committedAt: Date.UTC(2027, 9, 1), commitment: 'ff'.repeat(32) }));
    renderAt('/programs/challenges/6/edit');
    expect(await screen.findByText('editor.committedNote')).toBeTruthy();
    expect(input('editor.threshold').readOnly).toBe(true);
    expect(input('editor.endDate').readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'editor.addPrize' })).toBeNull();
    expect(input(localizedLabel('editor.name', 'ja')).readOnly).toBe(false);
  });
});
