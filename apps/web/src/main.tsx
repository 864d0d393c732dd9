import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { initI18n } from './lib/i18n.ts';
import { clearCachedLists, queryClient } from './lib/queryClient.ts';
import { session } from './lib/session.ts';
import { initTheme } from './lib/theme.ts';
import { createRouter } from './app/router.tsx';
import { registerServiceWorker } from './app/serviceWorker.ts';
import './styles/global.css';

// The inline script of index.html applied the theme before the first paint; from here on it follows changes.
initTheme();

// Sign-out and a rejected token forget every cached list (spec 1 §4).
session.onCleared(clearCachedLists);

await initI18n();
const router = createRouter();
// Production builds only: the development server has no worker (and must not keep one from a build).
if (import.meta.env.PROD) registerServiceWorker(router);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
