import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render.tsx';
import { useMe } from '../../../lib/me.ts';
import { meAs, missionOf } from '../test-fixtures.ts';
import MissionsPage from './MissionsPage.tsx';

vi.mock('../../../../lib/i18n/react.tsx', async () => (await import('../../../../test/render.tsx')).i18nMock);
const api = vi.hoisted(() => ({ call: vi.fn(), callOrThrow: vi.fn() }));
vi.mock('../../../lib/api.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/api.ts')>()),
  consoleCall: api.call,
  consoleCallOrThrow: api.callOrThrow,
}));
vi.mock('../../../lib/me.ts', () => ({ useMe: vi.fn() }));

const me = vi.mocked(useMe);
const exactly = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`);
const input = (label: string) => screen.getByLabelText(exactly(label)) as HTMLInputElement;
const titleJa = () => screen.getByLabelText(/"label":"missions\.titleField","language":"editor\.languages\.ja"/) as HTMLInputElement;
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'editor.save' })));

afterEach(() => {
  api.call.mockReset();
  api.callOrThrow.mockReset();
});

// docs/requirements/points.md#points-missions: owners and editors write, support reads.
describe('the missions page', () => {
  it("lists the address's month with kind, target, minimum steps, points, state and completions; an editor may add and edit", async () => {
    me.mockReturnValue(meAs('editor'));
    api.callOrThrow.mockResolvedValue({
      succeed: true,
      missions: [missionOf(), missionOf({ missionID: 4, kind: 'quizAnswered', minSteps: null, published: false })],
    });
    renderWithProviders(<MissionsPage />, { path: '/points?month=2027-04' });
    const table = await screen.findByRole('table');
    expect(api.callOrThrow).toHaveBeenCalledWith('listMissions', { month: '2027-04' });
    expect(within(table).getByText('kinds.steps')).toBeTruthy();
    expect(within(table).getByText('8,000')).toBeTruthy();
    expect(within(table).getAllByText('1,250').length).toBe(2);
    expect(within(table).getByText('missions.isDraft')).toBeTruthy();
    expect(within(table).getAllByRole('button', { name: /missions\.editNamed/ }).length).toBe(2);
    expect(screen.getByRole('button', { name: 'missions.new' })).toBeTruthy();
  });

  it('support reads without New or Edit', async () => {
    me.mockReturnValue(meAs('support'));
    api.callOrThrow.mockResolvedValue({ succeed: true, missions: [missionOf()] });
    renderWithProviders(<MissionsPage />, { path: '/points?month=2027-04' });
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'missions.new' })).toBeNull();
    expect(screen.queryByRole('button', { name: /missions\.editNamed/ })).toBeNull();
  });

  it('says when a month has no missions, and when they cannot be read', async () => {
    me.mockReturnValue(meAs('owner'));
    api.callOrThrow.mockResolvedValueOnce({ succeed: true, missions: [] });
    const first = renderWithProviders(<MissionsPage />, { path: '/points?month=2027-05' });
    expect(await screen.findByText('missions.empty:{"month":"2027-05"}')).toBeTruthy();
    first.unmount();
    api.callOrThrow.mockRejectedValueOnce(new Error('down'));
    renderWithProviders(<MissionsPage />, { path: '/points?month=2027-05' });
    expect((await screen.findByRole('alert')).textContent).toBe('missions.loadError');
  });

  it('the editor marks the missing title and points with the contract messages and sends nothing', async () => {
    me.mockReturnValue(meAs('editor'));
    api.callOrThrow.mockResolvedValue({ succeed: true, missions: [] });
    renderWithProviders(<MissionsPage />, { path: '/points?month=2027-04' });
    fireEvent.click(await screen.findByRole('button', { name: 'missions.new' }));
    // The editor's heading takes the focus as it opens.
    expect(document.activeElement?.textContent).toBe('missions.newTitle');
    await save();
    expect(await screen.findByText('editor.fixErrors')).toBeTruthy();
    expect(titleJa().getAttribute('aria-invalid')).toBe('true');
    expect(input('missions.points').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('ポイントは1〜100,000の整数で入力してください').length).toBeGreaterThan(0);
    expect(api.call).not.toHaveBeenCalled();
  });

  it('shows a business refusal in words and on its field (monthPast at the month; minStepsRequired at the minimum steps)', async () => {
    me.mockReturnValue(meAs('editor'));
    api.callOrThrow.mockResolvedValue({ succeed: true, missions: [] });
    renderWithProviders(<MissionsPage />, { path: '/points?month=2027-04' });
    fireEvent.click(await screen.findByRole('button', { name: 'missions.new' }));
    fireEvent.change(titleJa(), { target: { value: '歩く' } });
    fireEvent.change(input('missions.targetIn:{"unit":"units.steps"}'), { target: { value: '10' } });
    fireEvent.change(input('missions.points'), { target: { value: '300' } });
    api.call.mockResolvedValueOnce({ succeed: false, errorCode: 'minStepsRequired' });
    await save();
    expect(api.call).toHaveBeenCalledWith(
      'saveMission',
      expect.objectContaining({ month: '2027-04', kind: 'steps', target: 10, points: 300, published: false, title: { ja: '歩く', en: null } }),
    );
    expect((await screen.findAllByText('errors.minStepsRequired')).length).toBe(2);
    expect(input('missions.minSteps').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(input('missions.minSteps'), { target: { value: '8000' } });
    api.call.mockResolvedValueOnce({ succeed: false, errorCode: 'monthPast' });
    await save();
    expect(api.call).toHaveBeenLastCalledWith('saveMission', expect.objectContaining({ minSteps: 8000 }));
    expect((await screen.findAllByText('errors.monthPast')).length).toBe(2);
    const editor = screen.getByRole('region', { name: 'missions.newTitle' });
    expect(within(editor).getByLabelText(exactly('missions.month')).getAttribute('aria-invalid')).toBe('true');
  });

  it('only a steps mission has minimum steps; the kind says what it counts', async () => {
    me.mockReturnValue(meAs('owner'));
    api.callOrThrow.mockResolvedValue({ succeed: true, missions: [] });
    renderWithProviders(<MissionsPage />, { path: '/points?month=2027-04' });
    fireEvent.click(await screen.findByRole('button', { name: 'missions.new' }));
    expect(screen.getByText('kindHelp.steps')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: /missions\.kind/ }), { target: { value: 'articlesRead' } });
    expect(await screen.findByText('kindHelp.articlesRead')).toBeTruthy();
    expect(screen.queryByLabelText(exactly('missions.minSteps'))).toBeNull();
    expect(input('missions.targetIn:{"unit":"units.articlesRead"}')).toBeTruthy();
  });
});
