import path from 'node:path';

/** Where the suite's server listens (playwright.config.ts starts it; start-server.sh reads the same numbers). */
export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${PORT}`;
/** The local mailbox page's own loopback-only listener (start-server.sh sets MAILBOX_PORT to PORT + 1000). */
export const MAILBOX_URL = `http://127.0.0.1:${PORT + 1000}/dev/mailbox`;
/** The Vite development server with the developer tool (devtool-server.mjs), proxying the calls to the suite's server. */
export const DEVTOOL_WEB_PORT = PORT + 50;
export const DEVTOOL_WEB_URL = `http://localhost:${DEVTOOL_WEB_PORT}`;
export const DEVTOOL_PATH = `/${process.env.DEVTOOL_PATH ?? 'dev-e2e-7f3a9c1b5d'}`;

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The production web build the suite serves: the one `npm test` made, or the suite's own (start-server.sh). */
export const WEB_DIST_DIR = path.resolve(ROOT, process.env.WEB_DIST_DIR ?? `.tmp/web-dist-${PORT}`);
/** Locks and claims of the shared demo resources; emptied with the database on every server start. */
export const LOCK_DIR = path.join(ROOT, '.tmp', `e2e-locks-${PORT}`);
