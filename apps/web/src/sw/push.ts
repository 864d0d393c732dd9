// Web Push in the service worker (issue 34, decision 153): what a push message shows and where a click goes. Pure
// functions, unit-tested; sw.ts wires them to the `push` and `notificationclick` events.

/** The kinds of notification the server sends (the contract's PUSH_KINDS). */
const KINDS = new Set([
  'waitingListSeat',
  'eventReminder',
  'importantAnnouncement',
  'newSurvey',
  'teamFormed',
  'programResult',
  'syncReminder',
  'pointsExpiring',
]);

/**
 * The programs' kinds (docs/requirements/programs.md#programs-notices) open the programs' pages: the round's page the
 * server names, else /programs.
 */
const PROGRAM_KINDS = new Set(['teamFormed', 'programResult', 'syncReminder']);
const PROGRAMS_PATH = '/programs';

/** Points about to expire (docs/requirements/points.md#points-expiry) open the points page. */
const POINTS_KINDS = new Set(['pointsExpiring']);
const POINTS_PATH = '/points';

/** The app's icon, as the manifest has it. */
export const NOTIFICATION_ICON = '/icons/icon-192.png';

export interface ShownNotification {
  title: string;
  options: { body: string; icon: string; badge: string; lang: string; tag: string; data: { url: string } };
}

/** A path of this app (never another origin, never `//host`, never a script URL); `fallback` otherwise. */
export function safePath(url: unknown, fallback = '/'): string {
  return typeof url === 'string' && /^\/(?![/\\])[^\s]*$/.test(url) ? url : fallback;
}

/** A path within `root` (itself or below it), else `root`. */
function within(root: string, url: unknown): string {
  const path = safePath(url, root);
  return path === root || path.startsWith(`${root}/`) ? path : root;
}

/** Where a notification's click goes: its path, kept within /programs for the programs' kinds and /points for the points'. */
function clickPath(kind: string, url: unknown): string {
  if (PROGRAM_KINDS.has(kind)) return within(PROGRAMS_PATH, url);
  if (POINTS_KINDS.has(kind)) return within(POINTS_PATH, url);
  return safePath(url);
}

/** When a payload cannot be read: the app's name in the browser's language, opening the home page. */
function fallback(language: string): ShownNotification {
  const ja = !language.toLowerCase().startsWith('en');
  return {
    title: 'Hibi',
    options: {
      body: ja ? '新しいお知らせがあります' : 'There is something new for you',
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_ICON,
      lang: ja ? 'ja' : 'en',
      tag: 'hibi',
      data: { url: '/' },
    },
  };
}

/** The notification a push message's JSON asks for, in the member's language as the server wrote it. */
export function notificationFor(text: string | null, browserLanguage: string): ShownNotification {
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(text ?? '') as Record<string, unknown>;
  } catch {
    return fallback(browserLanguage);
  }
  if (!payload || typeof payload !== 'object' || !KINDS.has(String(payload.kind)) || typeof payload.title !== 'string')
    return fallback(browserLanguage);
  const lang = payload.lang === 'en' ? 'en' : 'ja';
  return {
    title: payload.title.slice(0, 200),
    options: {
      body: typeof payload.body === 'string' ? payload.body.slice(0, 300) : '',
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_ICON,
      lang,
      tag: typeof payload.tag === 'string' ? payload.tag.slice(0, 100) : String(payload.kind),
      data: { url: clickPath(String(payload.kind), payload.url) },
    },
  };
}

export interface WindowLike {
  url: string;
  focused?: boolean;
}

/**
 * Which open tab a click uses: one already on the notification's page, else the focused one, else any; null opens a
 * new window.
 */
export function pickClient<T extends WindowLike>(clients: readonly T[], path: string, origin: string): T | null {
  const ours = clients.filter((c) => {
    try {
      return new URL(c.url).origin === origin;
    } catch {
      return false;
    }
  });
  const target = new URL(path, origin).href;
  return ours.find((c) => c.url === target) ?? ours.find((c) => c.focused) ?? ours[0] ?? null;
}
