import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render.tsx';
import { initTheme, THEME_STORAGE_KEY } from '../../../../lib/theme.ts';
import { ThemeSetting } from './ThemeSetting.tsx';

vi.mock('../../../../lib/i18n/react.tsx', async () => (await import('../../../../test/render.tsx')).i18nMock);

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('matchMedia', () => ({ matches: true, addEventListener() {}, removeEventListener() {} }));
  initTheme();
});

describe('ThemeSetting', () => {
  it('follows the device until a theme is chosen; a choice applies at once, is kept and said', () => {
    renderWithProviders(<ThemeSetting />);
    expect(radio('settings.themeChoice.system').checked).toBe(true);
    expect(document.documentElement.dataset.theme).toBe('dark');

    act(() => fireEvent.click(radio('settings.themeChoice.light')));
    expect(radio('settings.themeChoice.light').checked).toBe(true);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(screen.getByRole('status').textContent).toBe('settings.themeNow.light');

    act(() => fireEvent.click(radio('settings.themeChoice.system')));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('names the group and its hint for assistive technology', () => {
    renderWithProviders(<ThemeSetting />);
    const group = screen.getByRole('group', { name: 'settings.theme' });
    expect(group.getAttribute('aria-describedby')).toContain(screen.getByText('settings.themeHint').id);
  });
});
