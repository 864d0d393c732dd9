import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { createGuardrails, generateSync } from 'otplib';
import { BASE_URL, LOCK_DIR } from './env.ts';
import { exclusively } from './locks.ts';

/** The demo operators (docs/requirements/console.md#console-bootstrap): password wellbeing-demo, enrolled with the demo TOTP secret. */
export const OPERATORS = {
  owner: 'owner@example.com',
  editor: 'editor@example.com',
  support: 'support@example.com',
  // The main demo company's HR (issue 32, docs/requirements/insights.md#insights-company-role).
  company: 'hr@example.com',
} as const;
export type OperatorRole = keyof typeof OPERATORS;
export const OPERATOR_PASSWORD = 'wellbeing-demo';
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
const STEP_MS = 30_000;
/** The console session cookie over plain HTTP, as the suite's server runs (functions/console-entry.ts). */
const CONSOLE_COOKIE = 'hibi_console';
// The demo secret is 10 bytes, below otplib's default floor (the server allows it the same way).
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });

/** The RFC 6238 code of a secret at a time (SHA-1, 6 digits, 30 s), as an authenticator app shows it. */
export function totpCode(secret = DEMO_TOTP_SECRET, at = Date.now()): string {
  return generateSync({ secret, epoch: Math.floor(at / 1000), guardrails });
}

/**
 * Runs `use` with a code of the operator's that no test has used: the server accepts each code once, so tests of
 * every worker take the operator's lock and wait for a time step later than the last one used (kept beside the
 * locks, emptied with the database when the suite's server starts).
 */
export async function withFreshCode<T>(email: string, use: (code: string) => Promise<T>, secret = DEMO_TOTP_SECRET): Promise<T> {
  return exclusively(
    `totp-${email}`,
    async () => {
      const file = path.join(LOCK_DIR, `totp-step-${email.replace(/[^A-Za-z0-9-]/g, '_')}`);
      const last = fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8')) : -1;
      let now = Date.now();
      if (Math.floor(now / STEP_MS) <= last) {
        await new Promise((resolve) => setTimeout(resolve, (last + 1) * STEP_MS - now + 250));
        now = Date.now();
      }
      fs.writeFileSync(file, String(Math.floor(now / STEP_MS)));
      return use(totpCode(secret, now));
    },
    120_000,
  );
}

/**
 * Signs an operator in through the API (password, then a fresh TOTP code). Given a page, the session lands in its
 * browser context, and the operator's session an earlier test of this run made is used again while the server still
 * knows it: each new sign-in needs a time step of the code no test has used, a wait of up to 30 s under the
 * operator's lock that kept the other tests of the suite waiting too (the sessions are kept beside the locks, so a
 * new server starts without them). Given a request context of its own, it always signs in anew, into that jar.
 */
export async function apiSignIn(target: Page | APIRequestContext, role: OperatorRole): Promise<void> {
  if (!('context' in target)) return signInAnew(target, role);
  const page = target;
  await exclusively(
    `console-session-${role}`,
    async () => {
      const file = path.join(LOCK_DIR, `console-session-${role}.json`);
      if (fs.existsSync(file)) {
        await page.context().addCookies([JSON.parse(fs.readFileSync(file, 'utf8'))]);
        const me = await page.request.post('/api/console/getMe', { data: {}, headers: { origin: BASE_URL } });
        const body = me.ok() ? await me.json() : null;
        if (body?.succeed && body.operator?.email === OPERATORS[role]) return;
      }
      await signInAnew(page.request, role);
      const cookie = (await page.context().cookies()).find((c) => c.name === CONSOLE_COOKIE);
      if (cookie) fs.writeFileSync(file, JSON.stringify(cookie));
    },
    120_000,
  );
}

async function signInAnew(request: APIRequestContext, role: OperatorRole): Promise<void> {
  const email = OPERATORS[role];
  const first = await (await request.post('/api/console/signIn', { data: { email, password: OPERATOR_PASSWORD } })).json();
  if (!first.succeed) throw new Error(`console signIn ${email}: ${first.errorCode}`);
  await withFreshCode(email, async (code) => {
    const second = await (await request.post('/api/console/verifyTotp', { data: { challenge: first.challenge, code } })).json();
    if (!second.succeed) throw new Error(`console verifyTotp ${email}: ${second.errorCode}`);
  });
}

/** Signs an operator in as a person does: the sign-in page, the password, then the code from the app. */
export async function uiSignIn(page: Page, role: OperatorRole, lang: 'ja' | 'en' = 'en'): Promise<void> {
  const texts =
    lang === 'en'
      ? { email: 'Email address', password: 'Password', next: 'Next', code: 'Code (6 digits)', submit: 'Sign in' }
      : { email: 'メールアドレス', password: 'パスワード', next: '次へ', code: '確認コード（6桁）', submit: 'サインイン' };
  await page.goto('/console/signin');
  await page.getByLabel(texts.email).fill(OPERATORS[role]);
  await page.getByLabel(texts.password).fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: texts.next }).click();
  const codeField = page.getByLabel(texts.code);
  await codeField.waitFor();
  await withFreshCode(OPERATORS[role], async (code) => {
    await codeField.fill(code);
    await page.getByRole('button', { name: texts.submit, exact: true }).click();
    // A company operator's console starts at its Insights (issue 32), everyone else's at the home (issue 60).
    await page.waitForURL(role === 'company' ? /\/console\/insights$/ : /\/console\/home$/);
  });
}

/** A console function's answer: the entry's envelope with the function's own fields. */
export type Envelope = { succeed: boolean; errorCode?: string } & Record<string, any>;

/** Calls a console function with the operator session the request context holds (its cookie), from the app's origin. */
export async function consolePost(request: APIRequestContext, name: string, data: object): Promise<Envelope> {
  return (await request.post(`/api/console/${name}`, { data, headers: { origin: BASE_URL } })).json();
}
