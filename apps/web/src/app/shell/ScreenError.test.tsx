import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { ChunkLoadError, lazyScreen } from '../chunks.ts';
import { ScreenError } from './ScreenError.tsx';

vi.mock('../../lib/i18n/react.tsx', async () => (await import('../../test/render.tsx')).i18nMock);

function Shell() {
  return (
    <>
      <header>the header</header>
      <main>
        <Outlet />
      </main>
      <footer>the footer</footer>
    </>
  );
}

let failures = 0;
function Flaky() {
  if (failures > 0) {
    failures -= 1;
    throw new Error('broken');
  }
  return <p>the screen</p>;
}

function renderRoutes(children: Parameters<typeof createMemoryRouter>[0][number]['children'], path = '/screen') {
  const router = createMemoryRouter([{ path: '/', element: <Shell />, children }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

describe('ScreenError: the error boundary of every route', () => {
  it('a screen that breaks shows the panel inside the shell, and Try again renders it anew', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    failures = 100; // React tries a throwing component more than once before giving up.
    renderRoutes([{ path: 'screen', element: <Flaky />, errorElement: <ScreenError /> }]);
    expect(await screen.findByRole('heading', { name: 'errors.pageFailedTitle' })).toBeTruthy();
    expect(screen.getByText('errors.unknown')).toBeTruthy();
    // The shell stays around the panel.
    expect(screen.getByText('the header')).toBeTruthy();
    expect(screen.getByText('the footer')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'errors.pageFailedTitle' }));
    expect(screen.getByRole('link', { name: 'notFound.backHome' }).getAttribute('href')).toBe('/');
    failures = 0;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'common.retry' })));
    expect(await screen.findByText('the screen')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'errors.pageFailedTitle' })).toBeNull();
  });

  it('a screen whose code did not load asks for a reload of the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes([
      { path: 'screen', errorElement: <ScreenError />, lazy: lazyScreen(() => Promise.reject(new ChunkLoadError('chunk load timeout'))) },
    ]);
    expect(await screen.findByText('errors.pageFailedText')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'common.reload' })).toBeTruthy();
    expect(screen.getByText('the header')).toBeTruthy();
  });
});
