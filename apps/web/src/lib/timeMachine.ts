import type { Locale } from '@hibi/contract/locale';

/**
 * The console's time machine (issue 36, decision 154): the console shows the app's own pages in a frame, as of another
 * moment and for an audience. The frame is named `hibi-time-machine:{json}` by the console's page; in such a frame,
 * and only when its parent is this origin's console, every call of the app goes to the console's previewMemberCall
 * (the operator's session), and nothing is kept in the browser's storage: the member's own session, if this browser
 * has one, is left as it was.
 */
export interface TimeMachineFrame {
  at: number;
  audience: 'guest' | 'member' | 'contractMember';
  locale: Locale;
}

export const TIME_MACHINE_FRAME_PREFIX = 'hibi-time-machine:';
const AUDIENCES = new Set(['guest', 'member', 'contractMember']);

let frame: TimeMachineFrame | null | undefined;

/** Reads a frame name; null unless it is a well-formed time-machine name. */
export function parseFrameName(name: string): TimeMachineFrame | null {
  if (!name.startsWith(TIME_MACHINE_FRAME_PREFIX)) return null;
  try {
    const value = JSON.parse(name.slice(TIME_MACHINE_FRAME_PREFIX.length)) as Partial<TimeMachineFrame>;
    if (!Number.isSafeInteger(value.at) || value.at! < 0) return null;
    if (!AUDIENCES.has(value.audience as string)) return null;
    if (value.locale !== 'ja' && value.locale !== 'en') return null;
    return { at: value.at!, audience: value.audience!, locale: value.locale };
  } catch {
    return null;
  }
}

/** This page's time-machine frame, or null (always null outside a frame of this origin's console). */
export function timeMachine(): TimeMachineFrame | null {
  if (frame !== undefined) return frame;
  frame = null;
  if (typeof window === 'undefined' || window.parent === window) return frame;
  try {
    // A parent of another origin throws here; only the console of this origin may frame the app this way.
    if (!window.parent.location.pathname.startsWith('/console')) return frame;
  } catch {
    return frame;
  }
  frame = parseFrameName(window.name);
  return frame;
}

/**
 * A call of the app, made as the console's previewMemberCall: the member entry's status and envelope as the preview
 * answered them. A console refusal (a write, 400; a session that ended, 401) is answered in the member envelope's form.
 */
export async function previewCall(
  current: TimeMachineFrame,
  name: string,
  body: Record<string, unknown>,
): Promise<{ status: number; body: unknown }> {
  const { locale, ...payload } = body;
  let answer: { succeed: boolean; status?: number; answer?: unknown };
  let status: number;
  try {
    const response = await fetch('/api/console/previewMemberCall', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ at: current.at, audience: current.audience, name, payload, locale }),
    });
    status = response.status;
    answer = (await response.json()) as typeof answer;
  } catch {
    return { status: 0, body: { succeed: false, errorCode: 'networkError' } };
  }
  if (status === 200 && answer.succeed) return { status: answer.status!, body: answer.answer };
  return { status, body: answer };
}

/**
 * The moment the app's screens take as now: the previewed one in a time-machine frame (the server's clock of the
 * preview is `at` too, so a chart's week is the week of `at`: issue 55, decision 180), else the device's clock.
 */
export function appNow(): number {
  return timeMachine()?.at ?? Date.now();
}
