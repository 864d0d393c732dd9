import './styles/global.css';
import { yieldToMain } from './app/yieldToMain.ts';

/**
 * The web app's entry. Evaluating the first screen's code took one task of 45–50 ms of the main thread's own time
 * (about 190 ms on Lighthouse's 4x slower phone, the biggest share of the pages' total blocking time: decision 177):
 * every module the entry imports runs in the task that loaded it. So the entry imports nothing itself: it loads the
 * big chunks one by one (vite.config.ts's groups: React DOM, React Router, i18next), yielding to the browser between
 * them, then the app's start (app/start.tsx: the page's data, the messages, the router, hydration). The build lists
 * all of them in index.html's module preloads (vite.config.ts, `routePreloads`), so they are fetched at once, as
 * before; only their evaluation is spread out.
 */

await import('react-dom/client');
await yieldToMain();
await import('./app/stageRouter.ts');
await yieldToMain();
await import('./app/stageI18n.ts');
await yieldToMain();
await import('./app/start.tsx');
