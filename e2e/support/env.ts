import fs from 'node:fs';
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

/**
 * The suite's browsers (docs/decisions/161-e2e-headless-shell.md). Debian's Chromium, as a person runs it, for what
 * needs the whole browser: notifications and the push service (push.spec.ts) and the fake camera (checkin.spec.ts).
 * Every other spec runs in Debian's `chromium-headless-shell`, the same engine (Blink, V8, the network service) without
 * the desktop browser's compositor and display: what Playwright itself runs headless by default, at about two thirds
 * of the full browser's CPU on these machines. Where the shell is not installed, the full browser runs everything.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
export const HEADLESS_SHELL = fs.existsSync(SHELL) ? SHELL : CHROMIUM;
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
