/**
 * The event passes this browser has shown (issue 33, docs/decisions/147-event-check-in.md), kept in localStorage so a
 * pass still opens at the door without a connection: the offline page (public/offline.js) lists them too. Each keeps
 * the token, what the pass names, and its QR code as a PNG data URL (the offline page has none of the app's code).
 * Forgotten at sign-out, when the server says the reservation is gone, and a day after the session ended.
 */
import { PASSES_KEY } from './constants.ts';

const MAX_PASSES = 20;
const KEEP_AFTER_END_MS = 24 * 60 * 60 * 1000;

export interface StoredPass {
  eventId: number;
  sessionId: number;
  token: string;
  /** The short code typed at the door (decision 178); absent in a pass kept before it. */
  code?: string;
  eventTitle: string;
  sessionTitle: string;
  /** The session's time as the page showed it. */
  when: string;
  endAt: number;
  /** The QR code, `data:image/png;base64,…`. */
  qr: string;
}

function readAll(): StoredPass[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(PASSES_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as StoredPass[]).filter((p) => p && typeof p.token === 'string') : [];
  } catch {
    return [];
  }
}

function writeAll(passes: StoredPass[]) {
  try {
    if (passes.length) localStorage.setItem(PASSES_KEY, JSON.stringify(passes));
    else localStorage.removeItem(PASSES_KEY);
  } catch {
    // Storage full or refused: the pass still shows while online.
  }
}

export const passStore = {
  get(eventId: number, sessionId: number): StoredPass | null {
    return readAll().find((p) => p.eventId === eventId && p.sessionId === sessionId) ?? null;
  },
  put(pass: StoredPass, now = Date.now()) {
    const others = readAll().filter((p) => !(p.eventId === pass.eventId && p.sessionId === pass.sessionId) && p.endAt + KEEP_AFTER_END_MS > now);
    writeAll([pass, ...others].slice(0, MAX_PASSES));
  },
  forget(eventId: number, sessionId: number) {
    writeAll(readAll().filter((p) => !(p.eventId === eventId && p.sessionId === sessionId)));
  },
  clear() {
    writeAll([]);
  },
};
