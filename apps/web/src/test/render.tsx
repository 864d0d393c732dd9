import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/**
 * Test double of lib/i18n/react.tsx's useTranslation: t returns the key, with its options as JSON, so a test asserts which
 * message a component chose. Use in a test file as
 *   vi.mock('../lib/i18n/react.tsx', async () => (await import('../test/render.tsx')).i18nMock);
 */
export const i18nMock = {
  useTranslation: () => ({
    t: (key: string, options?: Record<string, unknown>) => (options ? `${key}:${JSON.stringify(options)}` : key),
    i18n: { language: 'en', getFixedT: () => (key: string) => key },
  }),
  Trans: ({ i18nKey }: { i18nKey: string }) => i18nKey,
};

/** Renders inside a router and a fresh query client (no retries), as the app does. */
export function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}
