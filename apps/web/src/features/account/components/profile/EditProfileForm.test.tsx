import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { MyProfile } from '@hibi/contract/functions/account';
import { renderWithProviders } from '../../../../test/render.tsx';
import { ApiError } from '../../../../lib/api.ts';
import { updateProfile } from '../../api/update-profile.ts';
import { EditProfileForm } from './EditProfileForm.tsx';

vi.mock('../../../../lib/i18n/react.tsx', async () => (await import('../../../../test/render.tsx')).i18nMock);
vi.mock('../../api/update-profile.ts', () => ({ updateProfile: vi.fn() }));

const update = vi.mocked(updateProfile);
const data = {
  profile: { nickname: 'Walker', comment: 'Hi', attribution1: '', profileImageUrl: null, backgroundImageUrl: null },
  personalInformation: { birthYear: 1990, height: 170, gender: null, targetWeight: null },
} as unknown as MyProfile;

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}
async function save() {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'edit.save' })));
}

describe('EditProfileForm', () => {
  // A block, not an arrow's value: a function that beforeEach returns is run after the test as its clean-up.
  beforeEach(() => {
    update.mockReset();
  });

  it('starts from the profile, with the height to one decimal', () => {
    renderWithProviders(<EditProfileForm data={data} onClose={vi.fn()} />);
    expect((screen.getByLabelText('edit.displayName') as HTMLInputElement).value).toBe('Walker');
    expect((screen.getByLabelText('basic.birthYear') as HTMLInputElement).value).toBe('1990');
    expect((screen.getByLabelText('edit.height') as HTMLInputElement).value).toBe('170.0');
    expect((screen.getByLabelText('edit.displayName') as HTMLInputElement).maxLength).toBe(12);
  });

  it.each([
    ['edit.displayName', '   ', 'edit.nameRequired'],
    ['basic.birthYear', '90', 'edit.birthYearInvalid'],
    ['edit.height', '1000', 'edit.heightInvalid'],
    ['edit.height', '170.25', 'edit.heightInvalid'],
  ])('refuses %s = %j with its message and sends nothing', async (label, value, message) => {
    renderWithProviders(<EditProfileForm data={data} onClose={vi.fn()} />);
    fill(label, value);
    await save();
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(update).not.toHaveBeenCalled();
  });

  it('sends the trimmed values, the gender code, and closes', async () => {
    update.mockResolvedValue({ succeed: true, profile: { ...data.profile, nickname: 'Runner' } } as never);
    const onClose = vi.fn();
    renderWithProviders(<EditProfileForm data={data} onClose={onClose} />);
    fill('edit.displayName', ' Runner ');
    fill('edit.height', '168.4');
    fill('basic.gender', '2');
    await save();
    expect(update).toHaveBeenCalledWith({ displayName: 'Runner', comment: 'Hi', birthYear: 1990, height: 168.4, gender: 2 });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal and stays open", async () => {
    update.mockResolvedValue({ succeed: false, errorCode: 'invalidHeight' } as never);
    const onClose = vi.fn();
    renderWithProviders(<EditProfileForm data={data} onClose={onClose} />);
    await save();
    expect(screen.getByRole('alert').textContent).toBe('edit.heightInvalid');
    expect(onClose).not.toHaveBeenCalled();
  });

  it.each([
    ['that nothing was saved when the server answers 503', new ApiError('serviceUnavailable', 503), 'common.notSaved'],
    ['its own failure when the call fails otherwise', new ApiError('internalError', 500), 'edit.failed'],
  ])('says %s, and stays open', async (_, error, text) => {
    update.mockRejectedValue(error);
    const onClose = vi.fn();
    renderWithProviders(<EditProfileForm data={data} onClose={onClose} />);
    await save();
    expect(screen.getByRole('alert').textContent).toBe(text);
    expect(onClose).not.toHaveBeenCalled();
  });
});
