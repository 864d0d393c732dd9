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

// docs/requirements/programs.md#programs-members: owners and editors write, support reads, company operators see nothing.
describe('programs in the console', () => {
  it('is one entry of the navigation of owners, editors and support, never of company operators', () => {
    expect(consoleNav.find((item) => item.to === '/programs')?.roles).toEqual(['owner', 'editor', 'support']);
    const routes = consoleRoutes.filter((route) => route.path.startsWith('/programs'));
    expect(routes.length).toBe(9);
    expect(routes.every((route) => route.roles !== undefined && !route.roles.includes('company'))).toBe(true);
    // Creating and editing are for owners and editors; support opens the lists, a round, a challenge and the flags.
    const writers = routes.filter((route) => route.path.endsWith('/new') || route.path.endsWith('/edit'));
    expect(writers.map((route) => route.path)).toEqual([
      '/programs/team-walk/new',
      '/programs/team-walk/:id/edit',
      '/programs/challenges/new',
      '/programs/challenges/:id/edit',
    ]);
    expect(writers.every((route) => route.roles?.join() === 'owner,editor')).toBe(true);
  });
});

// docs/requirements/points.md: owners and editors write, support reads, company operators see nothing.
describe('points in the console', () => {
  it('is one entry of the navigation of owners, editors and support, never of company operators', () => {
    expect(consoleNav.find((item) => item.to === '/points')?.roles).toEqual(['owner', 'editor', 'support']);
    const routes = consoleRoutes.filter((route) => route.path.startsWith('/points'));
    expect(routes.length).toBe(8);
    expect(routes.every((route) => route.roles !== undefined && !route.roles.includes('company'))).toBe(true);
    const writers = routes.filter((route) => route.path.endsWith('/new') || route.path.endsWith('/edit'));
    expect(writers.map((route) => route.path)).toEqual(['/points/quiz/new', '/points/quiz/:id/edit']);
    expect(writers.every((route) => route.roles?.join() === 'owner,editor')).toBe(true);
  });
});
