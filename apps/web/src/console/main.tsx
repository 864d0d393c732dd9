import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { initTheme } from '../lib/theme.ts';
import { rootOptions } from '../lib/rootOptions.ts';
import { initConsoleI18n } from './lib/i18n.ts';
import { consoleQueryClient } from './lib/queryClient.ts';
import { createConsoleRouter } from './app/router.tsx';
import '../styles/global.css';
import './console.css';

/**
 * The operator console (issue 15): a second entry of the web app at /console/, its own router, shell, messages and
 * chunks (docs/decisions/096-console-web-entry.md). It shares the UI kit, the theme and the member pages' components
 * (for previews), never the members' session or service worker.
 */
initTheme();
await initConsoleI18n();
const router = createConsoleRouter();

createRoot(document.getElementById('root')!, rootOptions).render(
  <StrictMode>
    <QueryClientProvider client={consoleQueryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
