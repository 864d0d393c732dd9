import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createMember, createTenant, type MemberFixture } from '../../../test/fixtures.ts';
import { smtpPeer } from '../../../test/smtp-peer.ts';
import { rows } from '../../db/query.ts';
import { mailFrom, startMailSender, type MailSender } from '../../mail/sender.ts';
import * as service from './service.ts';

/**
 * The magazine's delivery end to end (docs/requirements/magazine.md#magazine-delivery and #magazine-unsubscribe,
 * decision 185): a real SMTP peer receives the issue with its text and HTML parts and its List-Unsubscribe fields; a
 * POST to the one-click link leaves, a GET does not; and a dispatch that crashes mid-issue, then runs again twice at
 * once, still mails every recipient exactly once.
 */
let clock = Date.parse('2026-12-01T01:00:00Z');
const now = () => new Date(clock);
let t: TestApp;
let editor = '';
const peer = smtpPeer();
let sender: MailSender;
let tenant: number;
const members: MemberFixture[] = [];

beforeAll(async () => {
  t = await createTestApp({ now, env: { MAGAZINE_RATE_PER_MINUTE: '600000', APP_BASE_URL: 'https://hibi.example.com' } });
  editor = await t.operatorToken('editor@example.com');
  // Only this test's tenant takes the magazine.
  await t.database.db.execute(sql`UPDATE tenants SET email_distribution_enabled = false`);
  tenant = await createTenant(t.database.db);
  for (let i = 0; i < 23; i++) members.push(await createMember(t.database.db, { tenantId: tenant, locale: i % 3 === 0 ? 'en' : 'ja', now: now() }));
  const port = await peer.listen();
  sender = startMailSender({
    db: t.database.db,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: mailFrom(t.config.appBaseUrl),
    pollMs: 3_600_000,
    batchSize: 50,
  });
});
afterAll(async () => {
  await sender?.stop();
  await peer.close();
  await t?.close();
});

const db = () => t.database.db;
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(db(), query))[0]!;
async function newIssue(subject: string): Promise<number> {
  const r = await t.consoleCall(
    'saveMagazineIssue',
    {
      subject: { ja: `${subject}（日本語）`, en: `${subject} (English)` },
      body: { ja: '<p>本文です。<a href="/library">ライブラリ</a></p>', en: '<p>The body. <a href="/library">Library</a></p>' },
    },
    { token: editor },
  );
  expect(r.body.succeed).toBe(true);
  expect((await t.consoleCall('scheduleMagazineIssue', { issueID: r.body.issueID, sendAt: null }, { token: editor })).body.succeed).toBe(true);
  return r.body.issueID;
}
const headerLine = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name.toLowerCase())
    ?.line.replace(/\r?\n[ \t]+/g, ' ')
    .slice(name.length + 1)
    .trim();
const setting = async (userId: number) => (await one<{ on: boolean }>(sql`SELECT email_distribution AS on FROM users WHERE id = ${userId}`)).on;

describe('over SMTP, and leaving in one click', () => {
  let issue: number;
  let mail: ParsedMail;
  let member: MemberFixture;

  beforeAll(async () => {
    issue = await newIssue('SMTP');
    await service.runMagazine(db(), t.config, now);
    await sender.tick();
    await service.reconcileDeliveries(db());
    member = members[1]!; // ja
    const received = peer.received.find((r) => r.to.includes(member.email))!;
    mail = await simpleParser(received.raw);
  });

  it('delivers a text part, an HTML part, List-Unsubscribe with https and mailto, and RFC 8058 one-click', async () => {
    expect(mail.subject).toBe('SMTP（日本語）');
    expect(mail.text).toContain('本文です。');
    expect(mail.text).toContain('ライブラリ <https://hibi.example.com/library>');
    expect(mail.html).toContain('<a href="https://hibi.example.com/library">ライブラリ</a>');
    const list = headerLine(mail, 'List-Unsubscribe')!;
    expect(list).toMatch(
      /^<https:\/\/hibi\.example\.com\/magazine\/unsubscribe\?token=[\w.-]+>, <mailto:unsubscribe@hibi\.example\.com\?subject=unsubscribe>$/,
    );
    expect(headerLine(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const url = /<(https:[^>]+)>/.exec(list)![1]!;
    // The visible link in both parts is the header's.
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).toContain(url);
    const stats = await t.consoleCall('getMagazineIssueStats', { issueID: issue }, { token: editor });
    expect(stats.body.stats).toMatchObject({ recipients: members.length, sent: members.length, pending: 0, failed: 0, skipped: 0, unsubscribed: 0 });
  });

  it('a GET of the link never unsubscribes; a POST of List-Unsubscribe=One-Click does, once', async () => {
    const url = new URL(/<(https:[^>]+)>/.exec(headerLine(mail, 'List-Unsubscribe')!)![1]!);
    const path = `${url.pathname}${url.search}`;
    const get = await t.app.inject({ method: 'GET', url: path });
    expect(get.statusCode).not.toBe(405);
    expect(await setting(member.id)).toBe(true);
    const post = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect(post.headers['content-type']).toContain('text/plain');
    expect(post.body).toContain('You have left the Hibi mail magazine.');
    expect(await setting(member.id)).toBe(false);
    const stats = await t.consoleCall('getMagazineIssueStats', { issueID: issue }, { token: editor });
    expect(stats.body.stats.unsubscribed).toBe(1);
    // Again, with an empty body, multipart or JSON: the same 200, nothing more recorded.
    for (const [type, payload] of [
      [undefined, ''],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n'],
      ['application/json', '{"broken'],
      ['text/plain', 'List-Unsubscribe=One-Click'],
    ] as const) {
      const again = await t.app.inject({ method: 'POST', url: path, headers: type ? { 'content-type': type } : {}, payload });
      expect(again.statusCode, String(type)).toBe(200);
    }
    expect((await t.consoleCall('getMagazineIssueStats', { issueID: issue }, { token: editor })).body.stats.unsubscribed).toBe(1);
  });

  it('a forged, altered or missing token answers 400 with a clear text and changes nothing', async () => {
    const other = members[2]!;
    const own = /token=([\w.-]+)/.exec(headerLine(mail, 'List-Unsubscribe')!)![1]!;
    const altered = own.replace(`.${member.id}.`, `.${other.id}.`);
    for (const query of [`?token=${altered}`, '?token=test', '', '?token=', `?token=${own}&token=${own}`, '?token=%E0%A4%A']) {
      const r = await t.app.inject({
        method: 'POST',
        url: `/magazine/unsubscribe${query}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(r.statusCode, query).toBe(400);
      expect(r.body).toContain('This link is not valid; nothing was changed.');
    }
    const big = await t.app.inject({
      method: 'POST',
      url: `/magazine/unsubscribe?token=${own}`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(100_000),
    });
    expect(big.statusCode).toBeLessThan(500);
    expect(await setting(other.id)).toBe(true);
  });
});

describe('a crash mid-issue, then two dispatchers at once', () => {
  it('mails every recipient exactly once', async () => {
    await db().execute(sql`UPDATE users SET email_distribution = true WHERE tenant_id = ${tenant}`);
    const before = peer.received.length;
    const issue = await newIssue('Crash');
    clock += 1000;
    await service.startDueIssues(db(), now());
    // A first batch goes out.
    expect((await service.dispatchBatch(db(), t.config, now(), 5)).handed).toBe(5);
    // The next one crashes after writing its outbox rows, before marking the deliveries: all of it is rolled back.
    await db().execute(sql`CREATE FUNCTION magazine_crash() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'crash'; END $$`);
    await db().execute(
      sql`CREATE TRIGGER magazine_crash BEFORE UPDATE ON magazine_deliveries FOR EACH ROW WHEN (NEW.state = 'outboxed') EXECUTE FUNCTION magazine_crash()`,
    );
    const outboxBefore = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'magazine'`);
    await expect(service.dispatchBatch(db(), t.config, now(), 5)).rejects.toThrow();
    expect(await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'magazine'`)).toEqual(outboxBefore);
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM magazine_deliveries WHERE issue_id = ${issue} AND state = 'queued'`)).n).toBe(
      members.length - 5,
    );
    await db().execute(sql`DROP TRIGGER magazine_crash ON magazine_deliveries`);
    await db().execute(sql`DROP FUNCTION magazine_crash()`);
    // After the "restart", two dispatchers run at once in small batches, and the sender goes along.
    const drain = async () => {
      for (;;) {
        const r = await service.dispatchBatch(db(), t.config, now(), 3);
        if (r.handed === 0 && r.skipped === 0) {
          const left = await one<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM magazine_deliveries WHERE issue_id = ${issue} AND state = 'queued'`,
          );
          if (left.n === 0) return;
        }
      }
    };
    await Promise.all([drain(), drain(), sender.tick()]);
    await sender.tick();
    await service.reconcileDeliveries(db());
    const perRecipient = await rows<{ to_address: string; n: number }>(
      db(),
      sql`SELECT o.to_address, count(*)::int AS n FROM magazine_deliveries d JOIN mail_outbox o ON o.id = d.outbox_id
           WHERE d.issue_id = ${issue} GROUP BY o.to_address`,
    );
    expect(perRecipient).toHaveLength(members.length);
    expect(perRecipient.every((r) => r.n === 1)).toBe(true);
    const outboxRows = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'magazine' AND subject LIKE 'Crash%'`);
    expect(outboxRows.n).toBe(members.length);
    const received = peer.received.slice(before);
    for (const m of members)
      expect(
        received.filter((r) => r.to.includes(m.email)),
        m.email,
      ).toHaveLength(1);
    const states = await rows<{ state: string; n: number }>(
      db(),
      sql`SELECT state, count(*)::int AS n FROM magazine_deliveries WHERE issue_id = ${issue} GROUP BY state`,
    );
    expect(states).toEqual([{ state: 'sent', n: members.length }]);
    expect((await one<{ state: string }>(sql`SELECT state FROM magazine_issues WHERE id = ${issue}`)).state).toBe('sent');
  });
});
