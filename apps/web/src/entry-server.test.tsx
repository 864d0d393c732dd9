// @vitest-environment node
import { text } from 'node:stream/consumers';
import { describe, expect, it, vi } from 'vitest';

/**
 * The server's entry on React's own server renderer (decision 143), with the real routes and messages: a screen that
 * throws while the server renders it answers its error page (the screen's error panel inside the shell) with status
 * 500, and the error is told to the caller, which logs it; the page data tells the browser the same, so it hydrates the
 * error page rather than a different one.
 */
const screen = vi.hoisted(() => ({ throws: false }));
vi.mock('./features/auth/pages/LoginPage.tsx', async (importOriginal) => {
  const { default: LoginPage } = await importOriginal<typeof import('./features/auth/pages/LoginPage.tsx')>();
  return {
    default: function MaybeThrowing() {
      if (screen.throws) throw new Error('the screen broke');
      return <LoginPage />;
    },
  };
});

const { renderPage } = await import('./entry-server.tsx');

async function render(path: string) {
  const errors: unknown[] = [];
  const page = await renderPage({
    url: `http://localhost:3000${path}`,
    headers: {},
    locale: 'en',
    hasSession: false,
    // A guest's sign-in page asks for nothing that matters here: every call answers an empty success.
    transport: () => Promise.resolve({ status: 200, body: { succeed: true } }),
    onError: (error) => errors.push(error),
  });
  if (page?.kind !== 'page') throw new Error(`no page for ${path}`);
  return { ...page, html: await text(page.body), errors };
}

describe('server rendering on React', () => {
  it('renders a screen with its Suspense boundaries complete, status 200, and no error', async () => {
    screen.throws = false;
    const page = await render('/login');
    expect(page.status).toBe(200);
    expect(page.errors).toEqual([]);
    expect(page.html).toContain('type="password"');
    // React's markers of a completed Suspense boundary: the browser hydrates each on its own.
    expect(page.html).toContain('<!--$-->');
    expect(page.html).not.toContain('<!--$!-->');
    expect(page.html).not.toContain('<script');
    expect(page.head).toContain('<title data-ssr-head="">');
  });

  it('a screen that throws answers its error page with status 500, and the error is told to the caller', async () => {
    screen.throws = true;
    const page = await render('/login');
    expect(page.status).toBe(500);
    expect(page.errors).toHaveLength(1);
    expect((page.errors[0] as Error).message).toBe('the screen broke');
    expect(page.html).toContain('This page could not be shown');
    expect(page.html).not.toContain('type="password"');
    expect(page.html).not.toContain('the screen broke');
    // The browser's router starts from the same error, with nothing of the server's error in the page.
    const data = /<script type="application\/json" id="hibi-page-data">(.*)<\/script>/s.exec(page.data)?.[1] ?? '';
    expect(data).toContain('"errors":{');
    expect(data).toContain('internalError');
    expect(data).not.toContain('the screen broke');
  });
});
