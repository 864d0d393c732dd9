import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render.tsx';
import { consoleCall, consoleCallOrThrow } from '../../../lib/api.ts';
import { useMe, type Me } from '../../../lib/me.ts';
import { createPasskey } from '../../../../lib/auth/passkeys.ts';
import SecurityPage from './SecurityPage.tsx';

vi.mock('../../../../lib/i18n/react.tsx', async () => (await import('../../../../test/render.tsx')).i18nMock);
vi.mock('../../../lib/api.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/api.ts')>()),
  consoleCall: vi.fn(),
  consoleCallOrThrow: vi.fn(),
}));
vi.mock('../../../lib/me.ts', () => ({ useMe: vi.fn() }));
vi.mock('../../../../lib/auth/passkeys.ts', async (original) => ({
  ...(await original<typeof import('../../../../lib/auth/passkeys.ts')>()),
  passkeysSupported: () => true,
  createPasskey: vi.fn(),
}));

const call = vi.mocked(consoleCall) as unknown as ReturnType<typeof vi.fn>;
const callOrThrow = vi.mocked(consoleCallOrThrow) as unknown as ReturnType<typeof vi.fn>;
const me = vi.mocked(useMe);
const create = vi.mocked(createPasskey);

const laptop = { id: 7, name: 'Laptop', createdAt: Date.UTC(2026, 0, 5), lastUsedAt: null, backedUp: false, transports: ['internal'] };

function signedInAs(role: 'owner' | 'editor') {
  me.mockReturnValue({ operator: { id: 1, role, email: `${role}@example.com`, displayName: role, tenantId: null } } as unknown as Me);
}

function answers(passkeys: object[], security = { requirePasskeys: false, withoutPasskey: [] as object[] }) {
  callOrThrow.mockImplementation(async (name: string) => {
    if (name === 'listMyPasskeys') return { succeed: true, passkeys };
    if (name === 'getConsoleSecurity') return { succeed: true, ...security };
    throw new Error(`unexpected ${name}`);
  });
}

describe('SecurityPage', () => {
  beforeEach(() => {
    call.mockReset();
    callOrThrow.mockReset();
    create.mockReset();
  });

  it("lists an editor's passkeys without the owner's switch", async () => {
    signedInAs('editor');
    answers([laptop]);
    renderWithProviders(<SecurityPage />);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Laptop')).toBeTruthy();
    expect(within(table).getByText('security.passkeys.neverUsed')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(callOrThrow).not.toHaveBeenCalledWith('getConsoleSecurity');
  });

  it('says when there is none', async () => {
    signedInAs('editor');
    answers([]);
    renderWithProviders(<SecurityPage />);
    expect(await screen.findByText('security.passkeys.empty')).toBeTruthy();
  });

  it('asks for a name before the browser is asked', async () => {
    signedInAs('editor');
    answers([]);
    renderWithProviders(<SecurityPage />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'security.passkeys.add' })));
    expect(screen.getByLabelText(/security\.passkeys\.name/).getAttribute('aria-invalid')).toBe('true');
    expect(call).not.toHaveBeenCalled();
    expect(create).not.toHaveBeenCalled();
  });

  it('adds a passkey: begin, the ceremony, finish under the trimmed name', async () => {
    signedInAs('editor');
    answers([]);
    const options = { challenge: 'abc', rp: { id: 'localhost' } };
    const response = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };
    call.mockImplementation(async (name: string) =>
      name === 'beginMyPasskeyRegistration' ? { succeed: true, options } : { succeed: true, passkey: { ...laptop, name: 'Work laptop' } },
    );
    create.mockResolvedValue(response as never);
    renderWithProviders(<SecurityPage />);
    fireEvent.change(screen.getByLabelText(/security\.passkeys\.name/), { target: { value: '  Work laptop ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'security.passkeys.add' })));
    await waitFor(() => expect(screen.getByText('security.passkeys.added:{"name":"Work laptop"}')).toBeTruthy());
    expect(create).toHaveBeenCalledWith(options);
    expect(call).toHaveBeenCalledWith('finishMyPasskeyRegistration', { response, name: 'Work laptop' });
  });

  it('asks for the current password when the server wants it, says when it is wrong, then sends it (decision 175)', async () => {
    signedInAs('editor');
    answers([]);
    const options = { challenge: 'abc' };
    call.mockImplementation(async (name: string, payload: { currentPassword?: string }) => {
      if (name === 'beginMyPasskeyRegistration') {
        if (payload.currentPassword === undefined) return { succeed: false, errorCode: 'passwordRequired' };
        return payload.currentPassword === 'right-password' ? { succeed: true, options } : { succeed: false, errorCode: 'wrongPassword' };
      }
      return { succeed: true, passkey: { ...laptop, name: 'Laptop' } };
    });
    create.mockResolvedValue({} as never);
    renderWithProviders(<SecurityPage />);
    expect(screen.queryByLabelText(/security\.passkeys\.password/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/security\.passkeys\.name/), { target: { value: 'Laptop' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'security.passkeys.add' })));
    const field = await screen.findByLabelText(/security\.passkeys\.password/);
    expect(screen.getByText('security.passkeys.passwordNeeded')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: 'wrong-password' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'security.passkeys.add' })));
    await waitFor(() => expect(screen.getByText('security.passkeys.wrongPassword')).toBeTruthy());
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: 'right-password' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'security.passkeys.add' })));
    await waitFor(() => expect(screen.getByText('security.passkeys.added:{"name":"Laptop"}')).toBeTruthy());
    expect(call).toHaveBeenCalledWith('beginMyPasskeyRegistration', { currentPassword: 'right-password' });
    expect(screen.queryByLabelText(/security\.passkeys\.password/)).toBeNull();
  });

  it.each([
    ['tooManyPasskeys', 'security.passkeys.tooMany'],
    ['invalidChallenge', 'security.passkeys.expired'],
    ['alreadyRegistered', 'security.passkeys.exists'],
    ['passkeyRejected', 'security.passkeys.rejected'],
  ])('shows %s from finish as its own message', async (errorCode, message) => {
    signedInAs('editor');
    answers([]);
    call.mockImplementation(async (name: string) =>
      name === 'beginMyPasskeyRegistration' ? { succeed: true, options: {} } : { succeed: false, errorCode },
    );
    create.mockResolvedValue({} as never);
    renderWithProviders(<SecurityPage />);
    fireEvent.change(screen.getByLabelText(/security\.passkeys\.name/), { target: { value: 'Laptop' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'security.passkeys.add' })));
    await waitFor(() => expect(screen.getByText(message)).toBeTruthy());
  });

  it('says so when the operator cancels the ceremony, and stores nothing', async () => {
    signedInAs('editor');
    answers([]);
    call.mockResolvedValue({ succeed: true, options: {} });
    create.mockRejectedValue(Object.assign(new Error('no'), { name: 'NotAllowedError' }));
    renderWithProviders(<SecurityPage />);
    fireEvent.change(screen.getByLabelText(/security\.passkeys\.name/), { target: { value: 'Laptop' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'security.passkeys.add' })));
    await waitFor(() => expect(screen.getByText('security.passkeys.cancelled')).toBeTruthy());
    expect(call).not.toHaveBeenCalledWith('finishMyPasskeyRegistration', expect.anything());
  });

  it('deletes a passkey only after the confirmation', async () => {
    signedInAs('editor');
    answers([laptop]);
    call.mockResolvedValue({ succeed: true });
    renderWithProviders(<SecurityPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'security.passkeys.deleteNamed:{"name":"Laptop"}' }));
    expect(call).not.toHaveBeenCalled();
    const dialog = await screen.findByRole('dialog', { hidden: true });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'security.passkeys.delete', hidden: true })));
    await waitFor(() => expect(screen.getByText('security.passkeys.deleted:{"name":"Laptop"}')).toBeTruthy());
    expect(call).toHaveBeenCalledWith('deleteMyPasskey', { id: 7 });
  });

  it('gives an owner the switch and the operators without a passkey', async () => {
    signedInAs('owner');
    answers([], { requirePasskeys: false, withoutPasskey: [{ id: 2, email: 'editor@example.com', displayName: 'Eddie' }] });
    call.mockResolvedValue({ succeed: true, requirePasskeys: true });
    renderWithProviders(<SecurityPage />);
    const box = await screen.findByRole('checkbox', { name: 'security.require.label' });
    expect((box as HTMLInputElement).checked).toBe(false);
    const list = screen.getByRole('list', { name: 'security.require.withoutTitle' });
    expect(within(list).getByText('editor@example.com')).toBeTruthy();
    await act(async () => fireEvent.click(box));
    expect(call).toHaveBeenCalledWith('setConsoleSecurity', { requirePasskeys: true });
    await waitFor(() => expect(screen.getByText('security.require.on')).toBeTruthy());
    expect((box as HTMLInputElement).checked).toBe(true);
  });

  it("puts the server's value back when the switch is refused", async () => {
    signedInAs('owner');
    answers([], { requirePasskeys: false, withoutPasskey: [] });
    call.mockResolvedValue({ succeed: false, errorCode: 'validationError', validationErrorMessage: ['Refused.'] });
    renderWithProviders(<SecurityPage />);
    const box = await screen.findByRole('checkbox', { name: 'security.require.label' });
    expect(screen.getByText('security.require.withoutNone')).toBeTruthy();
    await act(async () => fireEvent.click(box));
    await waitFor(() => expect(screen.getByText('Refused.')).toBeTruthy());
    expect((box as HTMLInputElement).checked).toBe(false);
  });
});
