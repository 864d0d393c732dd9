import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render.tsx';
import { ApiError } from '../../../../lib/api.ts';
import { ChoiceSetting } from './ChoiceSetting.tsx';

vi.mock('../../../../lib/i18n/react.tsx', async () => (await import('../../../../test/render.tsx')).i18nMock);

function renderSetting(save: (next: boolean) => Promise<boolean>) {
  return renderWithProviders(
    <ChoiceSetting
      name="mail"
      legend="Mail magazine"
      labels={{ on: 'Receive', off: 'Do not receive' }}
      initial
      save={save}
      saved={(on) => (on ? 'now on' : 'now off')}
      failed="could not change"
    />,
  );
}
const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('ChoiceSetting', () => {
  it('saves a choice, shows what the server kept and reloads the profile', async () => {
    const save = vi.fn().mockResolvedValue(false);
    const { client } = renderSetting(save);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await act(async () => fireEvent.click(radio('Do not receive')));
    expect(save).toHaveBeenCalledWith(false);
    expect(radio('Do not receive').checked).toBe(true);
    expect(screen.getByText('now off').className).toBe('form-success');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['account', 'profile'] });
  });

  it('puts the previous choice back when the server refuses, and says so in red', async () => {
    renderSetting(() => Promise.reject(new Error('refused')));
    await act(async () => fireEvent.click(radio('Do not receive')));
    expect(radio('Receive').checked).toBe(true);
    expect(screen.getByText('could not change').className).toBe('form-error');
  });

  it('says that nothing was saved when the server answers 503, and puts the previous choice back', async () => {
    renderSetting(() => Promise.reject(new ApiError('serviceUnavailable', 503)));
    await act(async () => fireEvent.click(radio('Do not receive')));
    expect(radio('Receive').checked).toBe(true);
    expect(screen.getByText('common.notSaved').className).toBe('form-error');
  });

  it('takes no other choice while one is being saved', async () => {
    const save = vi.fn(() => new Promise<boolean>(() => {}));
    renderSetting(save);
    await act(async () => fireEvent.click(radio('Do not receive')));
    await act(async () => fireEvent.click(radio('Receive')));
    expect(save).toHaveBeenCalledTimes(1);
    expect(radio('Do not receive').checked).toBe(true);
  });
});
