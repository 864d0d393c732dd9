import { describe, expect, it } from 'vitest';
import { consoleNav, consoleRoutes } from './routeTable.ts';

// docs/requirements/magazine.md#magazine-console: owners and editors write, support reads, company operators see nothing.
describe('the mail magazine in the console', () => {
  it('is in the navigation of owners, editors and support, never of company operators', () => {
    expect(consoleNav.find((item) => item.to === '/magazine')?.roles).toEqual(['owner', 'editor', 'support']);
    const routes = consoleRoutes.filter((route) => route.path.startsWith('/magazine'));
    expect(routes.map((route) => route.path)).toEqual(['/magazine', '/magazine/new', '/magazine/:id']);
    expect(routes.every((route) => route.roles !== undefined && !route.roles.includes('company'))).toBe(true);
    expect(routes.find((route) => route.path === '/magazine/new')?.roles).toEqual(['owner', 'editor']);
  });
});
