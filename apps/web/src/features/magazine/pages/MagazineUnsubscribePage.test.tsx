import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { call } from '../../../lib/api.ts';
import MagazineUnsubscribePage from './MagazineUnsubscribePage.tsx';

vi.mock('../../../lib/i18n/react.tsx', async () => (await import('../../../test/render.tsx')).i18nMock);
vi.mock('../../../lib/api.ts', async (original) => ({ ...(await original<typeof import('../../../lib/api.ts')>()), call: vi.fn() }));

const api = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

// docs/requirements/magazine.md#magazine-unsubscribe: a GET alone never unsubscribes, the button does.
describe('MagazineUnsubscribePage', () => {
  beforeEach(() => api.mockReset());

  it('changes nothing on opening; the button unsubscribes and says so', async () => {
    api.mockResolvedValue({ succeed: true, email: false });
    renderWithProviders(<MagazineUnsubscribePage />, { path: '/magazine/unsubscribe?token=signed.token' });
    expect(screen.getByText('unsubscribe.lead')).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'unsubscribe.button' })));
    expect(api).toHaveBeenCalledWith('unsubscribeMagazine', { token: 'signed.token' });
    expect(screen.getByRole('status').textContent).toBe('unsubscribe.done');
    expect(screen.queryByRole('button', { name: 'unsubscribe.button' })).toBeNull();
  });

  it('says clearly when the token is refused, and takes the button away (pressing again cannot help)', async () => {
    api.mockResolvedValue({ succeed: false, errorCode: 'invalidToken' });
    renderWithProviders(<MagazineUnsubscribePage />, { path: '/magazine/unsubscribe?token=forged' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'unsubscribe.button' })));
    expect(screen.getByRole('alert').textContent).toBe('unsubscribe.invalidToken');
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("a test mail's link only says that nothing changed, and calls nothing", () => {
    renderWithProviders(<MagazineUnsubscribePage />, { path: '/magazine/unsubscribe?token=test' });
    expect(screen.getByText('unsubscribe.testMail')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(api).not.toHaveBeenCalled();
  });

  it('a link without a token is refused at once, with no button', () => {
    renderWithProviders(<MagazineUnsubscribePage />, { path: '/magazine/unsubscribe' });
    expect(screen.getByRole('alert').textContent).toBe('unsubscribe.invalidToken');
    expect(screen.queryByRole('button')).toBeNull();
    expect(api).not.toHaveBeenCalled();
  });
});
