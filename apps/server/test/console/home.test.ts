import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ConsoleHome } from '@hibi/contract/console/home';
import { SMTPServer } from 'smtp-server';
import type net from 'node:net';
import { enqueueMail } from '../../src/mail/outbox.ts';
import { mailFrom, startMailSender } from '../../src/mail/sender.ts';
import { consoleHome, forgetUsage, usageRows } from '../../src/domains/home/service.ts';
import type { UsageRow as DataUsageRow } from '../../src/domains/home/data.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createEvent, createMember, createTenant } from '../fixtures.ts';

/**
 * Issue 60: the console's home, one call (getConsoleHome). Each block is fed by real rows: a mail the receiving SMTP
 * server refused, a full session with a member waiting, an announcement scheduled in three days without its English
 * title, members of a tenant of their own signing up and using the app. Roles: support sees no editor-only block,
 * an editor no members' figures or mail, a company operator is refused (403). The per-tenant figures keep the
 * privacy floor of 5.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let t: TestApp;
let owner = '';
let editor = '';
let support = '';
const ids = { soon: 0, soonEnglish: 0, later: 0, event: 0, session: 0, mail: 0, tenant: 0, small: 0 };
const rejected = `refused-${Date.now()}@example.org`;

const home = async (token: string) => {
  const res = await t.consoleCall('getConsoleHome', {}, { token });
  expect(res.status).toBe(200);
  if (!res.body.succeed) throw new Error(JSON.stringify(res.body));
  return res.body as ConsoleHome & { succeed: true };
};

/** A receiving server that refuses one address for good (550), as a mailbox that does not exist is refused. */
function refusingPeer() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 200,
    onRcptTo(address, _session, callback) {
      if (address.address === rejected) {
        const error = Object.assign(new Error('5.1.1 <' + rejected + '>: Recipient address rejected: User unknown'), { responseCode: 550 });
        callback(error);
      } else callback();
    },
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => callback());
    },
  });
  return {
    listen: () =>
      new Promise<number>((resolve, reject) => {
        server.on('error', reject);
        server.listen(0, '127.0.0.1', () => resolve((server.server.address() as net.AddressInfo).port));
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// The demo content, three operators' sign-ins and a real SMTP exchange: room for a busy machine.
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  [owner, editor, support] = [
    await t.operatorToken('owner@example.com'),
    await t.operatorToken('editor@example.com'),
    await t.operatorToken('support@example.com'),
  ];
  const ok = <T extends { succeed: boolean }>(answer: { body: T }, what: string) => {
    if (!answer.body.succeed) throw new Error(`${what}: ${JSON.stringify(answer.body)}`);
    return answer.body as T & { id: number };
  };
  const now = Date.now();
  // Scheduled in three days: one without its English title (and a section only in Japanese), one complete.
  ids.soon = ok(
    await t.consoleCall(
      'saveAnnouncement',
      {
        title: { ja: '三日後のお知らせ' },
        sections: [{ sectionType: 2, comment: { ja: '<p>日本語だけの本文</p>' } }],
        publishAt: now + 3 * DAY,
      },
      { token: editor },
    ),
    'soon',
  ).id;
  ids.soonEnglish = ok(
    await t.consoleCall(
      'saveAnnouncement',
      { title: { ja: '英語もあるお知らせ', en: 'With English too' }, publishAt: now + 3 * DAY + HOUR },
      { token: editor },
    ),
    'soonEnglish',
  ).id;
  // Eight days ahead: past the week, but it would still go out without English.
  ids.later = ok(
    await t.consoleCall('saveAnnouncement', { title: { ja: '八日後のお知らせ' }, publishAt: now + 8 * DAY }, { token: editor }),
    'later',
  ).id;

  // A session of one seat, taken, and a member waiting for it.
  const { eventId, sessionIds } = await createEvent(db, { title: 'Full yoga', sessions: [{ capacity: 1, startsIn: 50 }] });
  ids.event = eventId;
  ids.session = sessionIds[0]!;
  const holder = await createMember(db);
  const waiter = await createMember(db);
  expect((await t.call('reserveEvent', { eventID: eventId, sessionID: ids.session }, holder.token)).body.succeed).toBe(true);
  const joined = await t.call('joinWaitingList', { eventID: eventId, sessionID: ids.session }, waiter.token);
  expect(joined.body.succeed).toBe(true);

  // A mail the receiving server refuses: the real sender gives it up after its one permanent attempt.
  ids.mail = await enqueueMail(db, { kind: 'signup', locale: 'en', to: rejected, name: null, link: 'http://localhost/x' }, new Date());
  const peer = refusingPeer();
  const port = await peer.listen();
  const sender = startMailSender({
    db,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: mailFrom(t.config.appBaseUrl),
    pollMs: 60_000,
    maxPermanentAttempts: 1,
  });
  try {
    await sender.tick();
  } finally {
    await sender.stop();
    await peer.close();
  }

  // A tenant whose 6 members signed up and use the app this week, and one of 2.
  ids.tenant = await createTenant(db);
  for (let i = 0; i < 6; i += 1) await createMember(db, { tenantId: ids.tenant });
  ids.small = await createTenant(db);
  for (let i = 0; i < 2; i += 1) await createMember(db, { tenantId: ids.small });
}, 300_000);
afterAll(async () => {
  await t?.close();
});

describe('this week', () => {
  it('lists what is scheduled from now to seven days ahead, each naming its item, and says nothing of later', async () => {
    const h = await home(editor);
    const week = h.week!;
    expect(h.weekEnd - h.now).toBe(7 * DAY);
    const soon = week.entries.find((e) => e.kind === 'announcement' && e.itemId === ids.soon);
    expect(soon).toMatchObject({ state: 'scheduled', title: { ja: '三日後のお知らせ', en: null } });
    expect(week.entries.some((e) => e.itemId === ids.soonEnglish && e.kind === 'announcement')).toBe(true);
    expect(week.entries.some((e) => e.itemId === ids.later && e.kind === 'announcement')).toBe(false);
    // The session, with its event to link to.
    expect(week.entries.find((e) => e.kind === 'session' && e.sessionId === ids.session)).toMatchObject({ itemId: ids.event });
    for (const e of week.entries) {
      expect(e.at < h.weekEnd).toBe(true);
      expect((e.endAt ?? e.at) >= h.now).toBe(true);
    }
    const times = week.entries.map((e) => e.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('is empty in a week with nothing scheduled', async () => {
    const far = await consoleHome(t.database.db, 'owner', new Date(Date.now() + 3000 * DAY));
    expect(far.week).toEqual({ entries: [], truncated: false });
  });
});

describe('needs a decision', () => {
  it('shows the refused mail with its reason in words', async () => {
    const h = await home(owner);
    const mail = h.decisions.failedMail!;
    const item = mail.items.find((m) => m.id === ids.mail);
    expect(item).toMatchObject({ recipient: rejected, reason: 'recipientRejected', kind: 'signup' });
    expect(item!.lastError).toContain('550');
    expect(mail.total).toBeGreaterThanOrEqual(1);
  });

  it('shows the full session with the member waiting for it', async () => {
    const h = await home(editor);
    const full = h.decisions.fullSessions!;
    expect(full.items.find((s) => s.sessionId === ids.session)).toEqual({
      eventId: ids.event,
      sessionId: ids.session,
      title: { ja: 'Full yoga（日本語）', en: 'Full yoga' },
      sessionTitle: { ja: '回1', en: 'Session 1' },
      startAt: expect.any(Number),
      capacity: 1,
      reserved: 1,
      waiting: 1,
    });
  });

  it('shows scheduled items that would publish without an English field, and which one', async () => {
    const h = await home(editor);
    const missing = h.decisions.missingEnglish!;
    expect(missing.items.find((i) => i.itemType === 'announcement' && i.itemId === ids.soon)).toMatchObject({
      fields: ['title', 'sections'],
      title: { ja: '三日後のお知らせ', en: null },
    });
    expect(missing.items.find((i) => i.itemType === 'announcement' && i.itemId === ids.later)?.fields).toEqual(['title']);
    expect(missing.items.some((i) => i.itemType === 'announcement' && i.itemId === ids.soonEnglish)).toBe(false);
    // Adding the English takes it off the list.
    await t.consoleCall(
      'saveAnnouncement',
      { id: ids.later, title: { ja: '八日後のお知らせ', en: 'In eight days' }, publishAt: Date.now() + 8 * DAY },
      { token: editor },
    );
    expect((await home(editor)).decisions.missingEnglish!.items.some((i) => i.itemId === ids.later && i.itemType === 'announcement')).toBe(false);
  });
});

describe('how members use it', () => {
  it('counts the week’s sign-ups and active members per tenant, a tenant under 5 suppressed', async () => {
    forgetUsage();
    const h = await home(owner);
    const rows = h.usage!.rows;
    const total = rows[0]!;
    expect(total.kind).toBe('total');
    const big = rows.find((r) => r.tenantId === ids.tenant);
    const small = rows.find((r) => r.tenantId === ids.small);
    // Either shown with its exact figures, or hidden to protect the small one (complementary suppression).
    expect(big!.members).toBe(6);
    // Each figure is either its exact value or hidden to protect a small cell (complementary suppression).
    expect([6, null]).toContain(big!.signUps!.current);
    expect([6, null]).toContain(big!.active!.current);
    expect(big!.signUps!.previous).toBe(0);
    expect(small).toMatchObject({ members: null, signUps: { current: null }, active: { current: null } });
    // The total is everybody's, the small tenant's members included.
    const sizes = new Map(
      (
        (await t.database.db.execute(sql`SELECT coalesce(tenant_id, 0) AS k, count(*)::int AS n FROM users GROUP BY 1`)) as unknown as {
          rows: { k: number; n: number }[];
        }
      ).rows.map((r) => [r.k, r.n]),
    );
    expect(total.members).toBe([...sizes.values()].reduce((a, b) => a + b, 0));
    // Whatever is hidden, hidden cells hold at least 5 members together, so the total minus the rest tells no one.
    const hiddenSum = rows.filter((r) => r.kind === 'tenant' && r.members === null).reduce((s, r) => s + (sizes.get(r.tenantId!) ?? 0), 0);
    expect(hiddenSum === 0 || hiddenSum >= 5).toBe(true);
  });

  it('counts bookings on the members who made them', async () => {
    const h = await home(owner);
    expect(h.usage!.rows[0]!.bookings!.current).toBeGreaterThanOrEqual(1);
  });

  it('suppresses cells under 5 and the smallest other one while the hidden hold fewer than 5', () => {
    const row = (tenant_id: number, members: number, active: number): DataUsageRow => ({
      tenant_id,
      name_ja: `t${tenant_id}`,
      name_en: null,
      members,
      active,
      active_before: active,
      sign_ups: 0,
      sign_ups_before: 0,
      bookings: 7,
      bookers: 3,
      bookings_before: 0,
      bookers_before: 0,
      answers: 0,
      answers_before: 0,
    });
    const out = usageRows([row(1, 40, 20), row(2, 30, 9), row(3, 3, 3)], 'owner');
    // Every figure rests on at least 5 members or is hidden; the hidden cells of a figure hold 5 or more together.
    expect(out.map((r) => r.active!.current)).toEqual([32, 20, null, null]);
    // Bookings rest on 3 members each: all hidden, and the total (9 members) shown.
    expect(out.map((r) => r.bookings!.current)).toEqual([21, null, null, null]);
    expect(out.map((r) => r.members)).toEqual([73, 40, null, null]);
    // The role's figures only.
    const editorRows = usageRows([{ ...row(1, 40, 20), bookers: 6 }], 'editor');
    expect(editorRows[0]).toMatchObject({ active: null, signUps: null, bookings: { current: 7 } });
  });
  it('keeps the figures for half a minute, and reads them anew after', async () => {
    const before = (await home(owner)).usage!.rows[0]!.members;
    await createMember(t.database.db, { tenantId: ids.tenant });
    // The same process within USAGE_KEEP_MS: the kept figures.
    expect((await home(owner)).usage!.rows[0]!.members).toBe(before);
    const later = await consoleHome(t.database.db, 'owner', new Date(Date.now() + 31_000));
    expect(later.usage!.rows[0]!.members).toBe(before! + 1);
  });
});

describe('roles', () => {
  it('gives support no editor-only block, an editor no mail or members’ figures, an owner everything', async () => {
    const s = await home(support);
    expect(s.week).not.toBeNull();
    expect(s.decisions.failedMail).not.toBeNull();
    expect(s.decisions.fullSessions).toBeNull();
    expect(s.decisions.missingEnglish).toBeNull();
    expect(s.usage!.rows[0]!.active).not.toBeNull();

    const e = await home(editor);
    expect(e.decisions.failedMail).toBeNull();
    expect(e.decisions.fullSessions).not.toBeNull();
    expect(e.usage!.rows[0]!.active).toBeNull();
    expect(e.usage!.rows[0]!.signUps).toBeNull();
    expect(e.usage!.rows[0]!.bookings).not.toBeNull();

    const o = await home(owner);
    expect([o.week, o.decisions.failedMail, o.decisions.fullSessions, o.decisions.missingEnglish, o.usage].every((b) => b !== null)).toBe(true);
  });

  it('refuses a company operator (403) and a call without a session (401)', async () => {
    const company = await t.operatorToken('hr@example.com');
    const res = await t.consoleCall('getConsoleHome', {}, { token: company });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ succeed: false, errorCode: 'forbidden' });
    expect((await t.consoleCall('getConsoleHome', {})).status).toBe(401);
  });

  it('answers a malformed payload with 400, never 500', async () => {
    for (const body of ['{"x":', '[]', '"\u0000"', JSON.stringify({ extra: '\u202e' })]) {
      const res = await t.consoleRaw('getConsoleHome', body, { token: owner });
      expect([200, 400]).toContain(res.status);
    }
  });
});
