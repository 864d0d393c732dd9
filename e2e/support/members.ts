import crypto from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse, type BrowserContext } from '@playwright/test';
import { BASE_URL, MAILBOX_URL } from './env.ts';

export type Lang = 'ja' | 'en';
export const DEMO_PASSWORD = 'wellbeing-demo';

/** The demo content's invitation codes (apps/server/src/db/seed/lifecycle.ts): one per tenant a person can join. */
export const INVITATION_CODES = { corporate: 'WELCOME-2026', lite: 'LITE-2026' } as const;
export type Plan = keyof typeof INVITATION_CODES;

/** A function call's answer: the envelope of docs/requirements/platform.md#platform-errors with whatever the function returns. */
export type Answer = { succeed: boolean; errorCode?: string } & Record<string, any>;

/** What the app keeps in localStorage for a signed-in member (apps/web/src/lib/session.ts): never the token. */
export interface StoredSession {
  expiresAt: number;
  user: { userID: number; nickname: string; termsVersion: number; hasEmail: boolean; locale: Lang };
  contract: unknown;
}

export interface Member {
  email: string;
  password: string;
  nickname: string;
  userID: number;
  plan: Plan;
  /** The language saved on the account: the language of its mail. */
  locale: Lang;
  /** A session of the member's own, as a bearer token for the test's own calls (signing a page in reuses it). */
  token: string;
  session: StoredSession;
  /** Calls a function as this member, from the member's own client address; the answer's body. */
  call(name: string, payload?: object): Promise<Answer>;
  /** The same call with its raw response (status, headers). */
  post(name: string, payload?: object): Promise<APIResponse>;
  /** Ends the member's request context (the fixture does it after the test). */
  dispose(): Promise<void>;
}

export interface MemberOptions {
  /** The tenant joined: the corporate contract (default) or the lite plan. */
  plan?: Plan;
  /** The account's saved language (its mail's language); Japanese by default, as for the demo accounts. */
  locale?: Lang;
  /** At most 12 characters; a unique one by default, which no other member's nickname contains. */
  nickname?: string;
  password?: string;
  /** Agree to the current terms version, as a member who has used the app before does (default true). */
  acceptTerms?: boolean;
}

/** A factory of request contexts, each with its own extra headers (the `playwright.request` of a test). */
export interface RequestFactory {
  newContext(options: { baseURL?: string; extraHTTPHeaders?: Record<string, string> }): Promise<APIRequestContext>;
}

/** Letters and digits that spell no search word of the specs (no 'z', 'q', 'o', 'i', 'l'). */
const ALPHABET = 'abcdefghjkmnprstuvwxy23456789';
export function uniqueTag(length = 10): string {
  const bytes = crypto.randomBytes(length);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/**
 * Each created member calls from an address of its own (an IPv6 documentation prefix, one /64 each), forwarded by
 * the loopback proxy the suite's server trusts (TRUST_PROXY in start-server.sh), as people in several offices behind
 * a load balancer would. The per-address limits of signup and password setting (decision 052) then count each
 * member's own calls, so that any number of tests can make members in parallel.
 */
function clientAddress(): string {
  const [a, b] = [crypto.randomBytes(2).toString('hex'), crypto.randomBytes(2).toString('hex')];
  return `2001:db8:${a}:${b}::1`;
}

let termsVersion: number | undefined;

async function answer(response: APIResponse, name: string): Promise<Answer> {
  const text = await response.text();
  try {
    return JSON.parse(text) as Answer;
  } catch {
    throw new Error(`${name} answered ${response.status()} without JSON: ${text.slice(0, 200)}`);
  }
}

function expectSucceeded(body: Answer, what: string) {
  expect(body, `${what}: ${JSON.stringify(body)}`).toMatchObject({ succeed: true });
}

/** The HTML of the local mailbox page (newest first, at most 100 mails), as a person on this machine would read it. */
async function mailboxHtml(request: APIRequestContext, to?: string): Promise<string> {
  const response = await request.get(to ? `${MAILBOX_URL}?to=${encodeURIComponent(to)}` : MAILBOX_URL);
  expect(response.status(), 'the local mailbox page').toBe(200);
  return response.text();
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export interface Mail {
  to: string;
  subject: string;
  body: string;
  links: string[];
}

/** The mails of the local mailbox page addressed to `to`, newest first. */
export async function mailsTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  const html = await mailboxHtml(request, to);
  const mails: Mail[] = [];
  for (const item of html.split('<li class="mail"').slice(1)) {
    const address = unescapeHtml(/class="mail__to">([^<]*)</.exec(item)?.[1] ?? '');
    if (address.toLowerCase() !== to.toLowerCase()) continue;
    const subject = unescapeHtml(/<h2[^>]*>([^<]*)<\/h2>/.exec(item)?.[1] ?? '');
    const body = unescapeHtml((/<pre class="mail__body"[^>]*>([\s\S]*?)<\/pre>/.exec(item)?.[1] ?? '').replace(/<[^>]+>/g, ''));
    const links = [...item.matchAll(/href="([^"]+)"/g)].map((m) => unescapeHtml(m[1]!));
    mails.push({ to: address, subject, body, links });
  }
  return mails;
}

/**
 * The newest emailed password link to an address, as a path of this app (/setPassword?token=…). The mail is in the
 * outbox when the call that queues it answers (one transaction); the poll only covers a page read at that moment.
 */
export async function mailedLink(request: APIRequestContext, to: string, subject?: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(request, to)).find((m) => !subject || m.subject.includes(subject));
        link = mail?.links.find((l) => l.includes('/setPassword?token='));
        return Boolean(link);
      },
      { message: `a password link mailed to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/**
 * A new member made through the public API, as a person would become one: signup with the tenant's invitation code,
 * the password link from the local mailbox, the password, sign-in, and (by default) the current terms. No test
 * backdoor: the server cannot tell these members from real ones.
 */
export async function createMember(requests: RequestFactory, options: MemberOptions = {}): Promise<Member> {
  const plan = options.plan ?? 'corporate';
  const locale = options.locale ?? 'ja';
  const tag = uniqueTag();
  const email = `e2e-${tag}@example.org`;
  const nickname = options.nickname ?? `m-${tag}`;
  const password = options.password ?? `pw-${tag}-e2e`;
  const api = await requests.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { 'x-forwarded-for': clientAddress() } });
  let token = '';
  const post = (name: string, payload: object = {}) =>
    api.post(`/api/functions/${name}`, {
      data: { locale, ...payload },
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const call = async (name: string, payload: object = {}) => answer(await post(name, payload), name);

  expectSucceeded(
    await call('createUserByInvitationCode', {
      invitationCode: INVITATION_CODES[plan],
      userName: 'E2E Member',
      userPhonetic: 'いーつーいー',
      userNickname: nickname,
      userEmailAddress: email,
      userEmailAddress2: email,
    }),
    `signup of ${email}`,
  );
  const link = await mailedLink(api, email);
  expectSucceeded(await call('setPassword', { token: new URL(link, BASE_URL).searchParams.get('token'), password }), `password of ${email}`);
  const login = await call('login', { id: email, password });
  expectSucceeded(login, `sign-in of ${email}`);
  token = login.token as string;
  if (options.acceptTerms ?? true) {
    termsVersion ??= (await call('getConfig')).termsVersion as number;
    expectSucceeded(await call('acceptTerms', { termsVersion }), `terms of ${email}`);
  }
  // The session as the app would store it after its start-up check, with the terms just accepted.
  const current = await call('authenticateWithToken');
  expectSucceeded(current, `session of ${email}`);
  const session: StoredSession = { expiresAt: current.expiresAt, user: current.user, contract: current.tenantContract };
  return { email, password, nickname, userID: current.user.userID, plan, locale, token, session, call, post, dispose: () => api.dispose() };
}

/** Makes two members friends: one asks, the other accepts. */
export async function befriend(a: Member, b: Member) {
  expectSucceeded(await a.call('requestFriend', { userID: b.userID }), `${a.nickname} asks ${b.nickname}`);
  expectSucceeded(await b.call('acceptFriendRequest', { userID: a.userID }), `${b.nickname} accepts ${a.nickname}`);
}

/** The web session's cookies over http (apps/server/src/functions/web-session.ts; `__Host-` names over https). */
export const SESSION_COOKIE = 'hibi_session';
export const SIGNED_IN_COOKIE = 'hibi_signed_in';

/**
 * Signs the test's browser in with a session token, as the app's own sign-in would leave it: the HttpOnly session
 * cookie and its readable companion, for this test's browser context (every tab of it; a sign-out in the test clears
 * them). The app asks the server who is signed in when it starts (decision 107).
 */
export async function signInWithToken(context: BrowserContext, token: string) {
  await context.addCookies([
    { name: SESSION_COOKIE, value: token, url: BASE_URL, httpOnly: true, sameSite: 'Lax' },
    { name: SIGNED_IN_COOKIE, value: '1', url: BASE_URL, sameSite: 'Lax' },
  ]);
}
