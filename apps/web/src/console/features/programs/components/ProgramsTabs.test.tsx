import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render.tsx';
import { ProgramsTabs } from './ProgramsTabs.tsx';

vi.mock('../../../../lib/i18n/react.tsx', async () => (await import('../../../../test/render.tsx')).i18nMock);

// docs/requirements/programs.md#programs-members: one navigation entry, the programs' parts as tabs.
describe('the programs tabs', () => {
  it.each([
    ['/programs', 'tabs.teamWalk'],
    ['/programs/team-walk/4', 'tabs.teamWalk'],
    ['/programs/challenges/6/edit', 'tabs.challenges'],
    ['/programs/flags?state=open', 'tabs.flags'],
  ])('on %s marks %s as the current part, and only it', (path, current) => {
    renderWithProviders(<ProgramsTabs />, { path });
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/programs', '/programs/challenges', '/programs/flags']);
    expect(links.filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent)).toEqual([current]);
  });
});
