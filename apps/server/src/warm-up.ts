import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FunctionName } from '@hibi/contract/functions/index';

/** A call the warm-up makes. */
export interface WarmCall {
  method: 'GET' | 'POST';
  url: string;
  payload?: Record<string, unknown>;
  /** With a bearer token no session has. */
  member?: boolean;
  headers?: Record<string, string>;
}

const fn = (name: FunctionName, payload: Record<string, unknown>, member = false): WarmCall => ({
  method: 'POST',
  url: `/api/functions/${name}`,
  payload,
  member,
});

/** A day the payloads' checks accept (the start of 2026 in Tokyo): nothing is written for it. */
const A_DAY = Date.UTC(2025, 11, 31, 15);

/** What a member's phone asks first (the load model's reads and uploads), as a guest or with an unknown token. */
export const WARM_UP_CALLS: WarmCall[] = [
  fn('getConfig', {}),
  fn('getEvents', { offset: 0, perPage: 9 }),
  fn('getAnnouncements', { offset: 0, perPage: 10 }),
  fn('getEvents', { offset: 0, perPage: 9 }, true),
  fn('getAnnouncements', { offset: 0, perPage: 10 }, true),
  fn('getHealthDataByRange', { fromDateTime: A_DAY, toDateTime: A_DAY + 7 * 86_400_000 }, true),
  fn(
    'uploadHealthData',
    { healthData: [{ dateTime: A_DAY, steps: 1 }], osType: 'ios', osVersion: '18.0', appVersion: '1.0.0', source: 'warm-up' },
    true,
  ),
  fn('reserveEvent', { eventID: 1, sessionID: 1, body: [] }, true),
];

/** The first pages of a visitor, in both languages (only with a web build: `pages`). */
export const WARM_UP_PAGES: WarmCall[] = ['ja', 'en'].flatMap((lang) =>
  ['/', '/events', '/login'].map((url) => ({
    method: 'GET' as const,
    url,
    headers: { 'accept-language': lang, 'accept-encoding': 'br, gzip' },
  })),
);

export interface WarmUpOptions {
  /** Opens every pooled connection; answers how many. */
  openConnections: () => Promise<number>;
  /** Time the rounds may take, after the connections are open. */
  budgetMs: number;
  maxRounds?: number;
  maxPageRounds?: number;
  /** Render the first pages too (a web build is served). */
  pages?: boolean;
  /** Set while it runs: the entry leaves these calls out of the write admission's figures and the access log. */
  marker: { warmingUp?: boolean };
}

export interface WarmUpReport {
  connections: number;
  /** Rounds of the calls, and of the pages. */
  rounds: number;
  pageRounds: number;
  calls: number;
  ms: number;
  /** Answers by status, over every round: a warm-up call should answer 200 or 401. */
  statuses: Record<number, number>;
  /** Why it ended before its budget: a call that answered 5xx, or the connections failing to open. */
  stoppedBy?: string;
}

/** Rounds of the calls, then of the pages, at most (`budgetMs` may end them first). */
export const DEFAULT_WARM_UP_ROUNDS = 100;
export const DEFAULT_WARM_UP_PAGE_ROUNDS = 5;

function request(call: WarmCall, token: string) {
  return {
    method: call.method,
    url: call.url,
    headers: {
      ...call.headers,
      ...(call.payload ? { 'content-type': 'application/json' } : {}),
      ...(call.member ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(call.payload ? { payload: JSON.stringify(call.payload) } : {}),
  };
}

/**
 * The server calls itself before it listens (issue 31, decision 172). A process that starts cold under full load
 * compiles its calls' code, opens its database connections and reads its first kept answers while hundreds of calls a
 * second wait: in the soak, its first ten seconds held the event loop for over 100 ms in some starts, and the first
 * reads took seconds. Here the same work is done before the port opens, when nobody waits for it:
 *
 * - every pooled connection is opened (`openConnections`);
 * - the calls a member's first screens make are answered again and again, through `app.inject` and the whole entry:
 *   guests' reads (kept answers once built), and a member's reads and writes with a token no session has (the
 *   payload's checks, the session lookup, the write admission; the reads are answered as a guest's, the rest 401
 *   before their handler runs);
 * - with a web build, the first pages are rendered on the server in both languages.
 *
 * Nothing is written: a guest's read writes nothing, and a call with an unknown token is refused before its handler.
 * Rounds of all the calls at once go on until `maxRounds` are done, then rounds of the pages, until `budgetMs` is
 * spent; a round with an answer of 5xx (the database away) ends the warm-up early, as the process then starts without
 * the rest.
 */
export async function warmUp(app: FastifyInstance, options: WarmUpOptions): Promise<WarmUpReport> {
  const started = performance.now();
  const { marker, budgetMs, maxRounds = DEFAULT_WARM_UP_ROUNDS, maxPageRounds = DEFAULT_WARM_UP_PAGE_ROUNDS } = options;
  const report: WarmUpReport = { connections: 0, rounds: 0, pageRounds: 0, calls: 0, ms: 0, statuses: {} };
  marker.warmingUp = true;
  try {
    try {
      report.connections = await options.openConnections();
    } catch (error) {
      report.stoppedBy = `connections: ${(error as Error).message}`;
      return report;
    }
    const until = performance.now() + budgetMs;
    // A token no session has: a fresh one, never sent anywhere.
    const token = crypto.randomBytes(32).toString('base64url');
    const round = async (calls: WarmCall[], counter: 'rounds' | 'pageRounds'): Promise<boolean> => {
      const answers = await Promise.all(calls.map((call) => app.inject(request(call, token))));
      report[counter]++;
      report.calls += answers.length;
      for (const answer of answers) report.statuses[answer.statusCode] = (report.statuses[answer.statusCode] ?? 0) + 1;
      const failed = answers.findIndex((answer) => answer.statusCode >= 500);
      if (failed >= 0) report.stoppedBy = `${calls[failed]!.url} answered ${answers[failed]!.statusCode}`;
      return failed < 0 && performance.now() < until;
    };
    // The calls first (about 12 ms a round once warm); then the pages, which take some 60 ms each to render at first.
    for (let n = 0; n < maxRounds; n++) if (!(await round(WARM_UP_CALLS, 'rounds'))) return report;
    if (options.pages) for (let n = 0; n < maxPageRounds; n++) if (!(await round(WARM_UP_PAGES, 'pageRounds'))) return report;
    return report;
  } finally {
    marker.warmingUp = false;
    report.ms = Math.round(performance.now() - started);
  }
}
