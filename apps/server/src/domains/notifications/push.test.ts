// Web Push (issue 34, decision 153): subscriptions through the real entry, notices queued by the events, content and
// surveys domains, and the sender delivering them to a push service of the test's own (a local HTTP endpoint), where
// each request is decrypted with the subscription's private key (RFC 8291, aes128gcm) and its JSON checked.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  createAnnouncement,
  createEvent,
  createLiteTenant,
  createMember,
  createSurvey,
  createTenant,
  type MemberFixture,
} from '../../../test/fixtures.ts';
import { rows } from '../../db/query.ts';
import { loadConfig, ConfigError, DEFAULT_PUSH_ALLOWED_ORIGINS, parsePushOrigins } from '../../config.ts';
import { allowedOriginOf, guardedLookup, isPrivateAddress } from '../../push/endpoint.ts';
import { claimDuePushes, markPushHandedOver } from '../../push/outbox.ts';
import { startPushSender, type PushSender } from '../../push/sender.ts';
import { sendDueReminders } from '../events/reminders.ts';
import { announceDue, pushKeys } from './service.ts';

/* ------------------------------------------------------------------ the test's push service */

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
const received: Received[] = [];
/** What the push service answers per path (default 201); a list is used up one answer per request. */
const answers = new Map<string, number[]>();
let pushServer: http.Server;
let base: string;

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
interface Device {
  endpoint: string;
  ecdh: crypto.ECDH;
  auth: Buffer;
  keys: { p256dh: string; auth: string };
}
let deviceSerial = 0;
function device(): Device {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    endpoint: `${base}/push/${++deviceSerial}-${crypto.randomBytes(6).toString('hex')}`,
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/** RFC 8291 + RFC 8188: decrypts an aes128gcm body with the device's private key and auth secret. */
function decrypt(d: Device, body: Buffer): unknown {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const serverPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  expect(idlen).toBe(65);
  expect(ciphertext.length).toBeLessThanOrEqual(rs);
  const ecdhSecret = d.ecdh.computeSecret(serverPublic);
  const prkKey = hmac(d.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), d.ecdh.getPublicKey(), serverPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then optional zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  expect(plain[end]).toBe(2);
  return JSON.parse(plain.subarray(0, end).toString('utf8'));
}

/** Checks the VAPID Authorization header (RFC 8292): an ES256 JWT for the endpoint's origin, signed by our key. */
function checkVapid(headers: http.IncomingHttpHeaders, publicKey: string) {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(String(headers.authorization));
  expect(m).not.toBeNull();
  const [head, claims, signature] = m![1]!.split('.') as [string, string, string];
  expect(m![2]).toBe(publicKey);
  const jwk = { kty: 'EC', crv: 'P-256', x: '', y: '' };
  const raw = Buffer.from(publicKey, 'base64url');
  jwk.x = raw.subarray(1, 33).toString('base64url');
  jwk.y = raw.subarray(33).toString('base64url');
  const key = crypto.createPublicKey({ key: jwk, format: 'jwk' });
  const ok = crypto.verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  expect(ok).toBe(true);
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  expect(body.aud).toBe(base);
  expect(body.sub).toMatch(/^(mailto:|https:)/);
}

/* ------------------------------------------------------------------ the app */

let t: TestApp;
let clock = Date.now();
let sender: PushSender;
const db = () => t.database.db;

beforeAll(async () => {
  pushServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const queue = answers.get(req.url ?? '');
      const status = queue?.length ? queue.shift()! : 201;
      if (status === 429) res.setHeader('retry-after', '30');
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => pushServer.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(pushServer.address() as AddressInfo).port}`;
  t = await createTestApp({ seed: false, env: { PUSH_ALLOWED_ORIGINS: base } });
  sender = startPushSender({
    db: db(),
    vapid: await pushKeys(db(), t.config),
    subject: t.config.vapidSubject,
    origins: t.config.pushAllowedOrigins,
    pollMs: 3_600_000,
    baseDelayMs: 1000,
    maxDelayMs: 60_000,
    now: () => new Date(clock),
  });
});
afterAll(async () => {
  await sender?.stop();
  await t?.close();
  await new Promise((resolve) => pushServer?.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  answers.clear();
  clock = Date.now();
});

async function subscribe(member: MemberFixture, kinds: string[] = ['waitingListSeat', 'eventReminder', 'importantAnnouncement', 'newSurvey']) {
  const d = device();
  const saved = await t.callRaw('savePushSubscription', { endpoint: d.endpoint, keys: d.keys, kinds }, member.token);
  expect(saved.status).toBe(200);
  expect(saved.body).toEqual({ succeed: true, kinds });
  return d;
}
const forDevice = (d: Device) => received.filter((r) => d.endpoint.endsWith(r.path));
const subscriptionCount = async () => (await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM push_subscriptions`))[0]!.n;
const outboxOf = async (d: Device) =>
  rows<{ id: number; status: string; attempts: number; next_attempt_at: Date | string; kind: string }>(
    db(),
    sql`SELECT o.id::int AS id, o.status, o.attempts, o.next_attempt_at, o.kind FROM push_outbox o JOIN push_subscriptions s ON s.id = o.subscription_id
         WHERE s.endpoint = ${d.endpoint} ORDER BY o.id`,
  );

/* ------------------------------------------------------------------ tests */

describe('subscribing (issue 34, 1)', () => {
  it('gives the VAPID key, saves several devices per member with their kinds, and deletes one on request', async () => {
    const member = await createMember(db());
    const config = await t.call('getPushConfig', {}, member.token);
    expect(config.body.succeed).toBe(true);
    expect(Buffer.from(config.body.publicKey, 'base64url')).toHaveLength(65);
    // The same key on every call (kept in the database).
    expect((await t.call('getPushConfig', {}, member.token)).body.publicKey).toBe(config.body.publicKey);

    const phone = await subscribe(member, ['waitingListSeat', 'eventReminder']);
    const laptop = await subscribe(member, ['importantAnnouncement']);
    expect((await t.call('getPushConfig', { endpoint: phone.endpoint }, member.token)).body.kinds).toEqual(['waitingListSeat', 'eventReminder']);
    expect((await t.call('getPushConfig', { endpoint: laptop.endpoint }, member.token)).body.kinds).toEqual(['importantAnnouncement']);
    // Another member does not see this member's device.
    const other = await createMember(db());
    expect((await t.call('getPushConfig', { endpoint: phone.endpoint }, other.token)).body.kinds).toBeNull();
    // Changing the kinds of one device leaves the other.
    await t.call('savePushSubscription', { endpoint: phone.endpoint, keys: phone.keys, kinds: ['newSurvey'] }, member.token);
    expect((await t.call('getPushConfig', { endpoint: phone.endpoint }, member.token)).body.kinds).toEqual(['newSurvey']);
    // Another member cannot delete it; its owner can.
    await t.call('deletePushSubscription', { endpoint: phone.endpoint }, other.token);
    expect((await t.call('getPushConfig', { endpoint: phone.endpoint }, member.token)).body.kinds).toEqual(['newSurvey']);
    expect((await t.call('deletePushSubscription', { endpoint: phone.endpoint }, member.token)).body).toEqual({ succeed: true });
    expect((await t.call('getPushConfig', { endpoint: phone.endpoint }, member.token)).body.kinds).toBeNull();
    expect((await t.call('getPushConfig', { endpoint: laptop.endpoint }, member.token)).body.kinds).toEqual(['importantAnnouncement']);
    // Guests may do none of it.
    expect((await t.call('getPushConfig', {})).status).toBe(401);
    expect((await t.callRaw('savePushSubscription', { endpoint: laptop.endpoint, keys: laptop.keys, kinds: ['newSurvey'] })).status).toBe(401);
  });

  it("signing out (this session) or everywhere deletes the device's subscription", async () => {
    const member = await createMember(db(), { password: 'correct horse battery' });
    const d = await subscribe(member);
    expect((await t.call('logout', {}, member.token)).body.succeed).toBe(true);
    expect((await rows(db(), sql`SELECT 1 FROM push_subscriptions WHERE endpoint = ${d.endpoint}`)).length).toBe(0);

    const again = await createMember(db());
    const d2 = await subscribe(again);
    // Every session ends (what a password change, a deactivation or the console's "end sessions" do).
    await db().execute(sql`DELETE FROM sessions WHERE user_id = ${again.id}`);
    expect((await rows(db(), sql`SELECT 1 FROM push_subscriptions WHERE endpoint = ${d2.endpoint}`)).length).toBe(0);
  });

  it('answers 400 and stores nothing for malformed keys, an oversized endpoint, unknown kinds, or an endpoint off the allowed origins', async () => {
    const member = await createMember(db());
    const good = device();
    const before = await subscriptionCount();
    const offCurve = Buffer.from(good.ecdh.getPublicKey());
    offCurve[64] = offCurve[64]! ^ 1;
    const bad: unknown[] = [
      { endpoint: good.endpoint, keys: { p256dh: 'abc', auth: good.keys.auth }, kinds: ['newSurvey'] },
      { endpoint: good.endpoint, keys: { p256dh: offCurve.toString('base64url'), auth: good.keys.auth }, kinds: ['newSurvey'] },
      { endpoint: good.endpoint, keys: { p256dh: good.keys.p256dh, auth: crypto.randomBytes(15).toString('base64url') }, kinds: ['newSurvey'] },
      { endpoint: good.endpoint, keys: { p256dh: good.keys.p256dh, auth: 'not base64!' }, kinds: ['newSurvey'] },
      { endpoint: good.endpoint, keys: { p256dh: good.keys.p256dh }, kinds: ['newSurvey'] },
      { endpoint: good.endpoint, keys: { ...good.keys, extra: 'x' }, kinds: ['newSurvey'] },
      { endpoint: `${base}/push/${'a'.repeat(1100)}`, keys: good.keys, kinds: ['newSurvey'] },
      { endpoint: good.endpoint, keys: good.keys, kinds: ['marketing'] },
      { endpoint: good.endpoint, keys: good.keys, kinds: [] },
      { endpoint: good.endpoint, keys: good.keys, kinds: ['newSurvey', 'newSurvey'] },
      { endpoint: good.endpoint, keys: good.keys, kinds: 'newSurvey' },
      { endpoint: 'not a url', keys: good.keys, kinds: ['newSurvey'] },
      { endpoint: `${good.endpoint}\u0000`, keys: good.keys, kinds: ['newSurvey'] },
      // Other origins: a real push service this server is not configured for, another local port, a private
      // address, plain http elsewhere, credentials in the URL.
      { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: good.keys, kinds: ['newSurvey'] },
      { endpoint: `http://127.0.0.1:1/push/x`, keys: good.keys, kinds: ['newSurvey'] },
      { endpoint: `http://10.0.0.1:${new URL(base).port}/push/x`, keys: good.keys, kinds: ['newSurvey'] },
      { endpoint: `http://localhost.evil.example:${new URL(base).port}/push/x`, keys: good.keys, kinds: ['newSurvey'] },
      { endpoint: base.replace('http://', 'http://user:pw@') + '/push/x', keys: good.keys, kinds: ['newSurvey'] },
    ];
    for (const payload of bad) {
      const answer = await t.callRaw('savePushSubscription', payload, member.token);
      expect(answer.status, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(answer.body.errorCode).toBe('validationError');
      expect(answer.body.validationErrorMessage?.length).toBeGreaterThan(0);
    }
    expect(await subscriptionCount()).toBe(before);
    const notAllowed = await t.callRaw('savePushSubscription', bad[13], member.token);
    expect(notAllowed.body.validationErrorMessage).toEqual(['このプッシュ通知サービスの宛先は受け付けていません']);
    expect((await t.callRaw('deletePushSubscription', { endpoint: 'x'.repeat(2000) }, member.token)).status).toBe(400);
  });
});

describe('allowed push origins (issue 34, 4)', () => {
  it("accepts the browsers' push services by default, and nothing else", () => {
    const origins = loadConfig({} as NodeJS.ProcessEnv).pushAllowedOrigins;
    expect(parsePushOrigins(DEFAULT_PUSH_ALLOWED_ORIGINS, true)).toEqual(origins);
    const ok = [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://web.push.apple.com/QGuQyavXutnMbQ3qxzXQ',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD',
    ];
    for (const endpoint of ok) expect(allowedOriginOf(endpoint, origins), endpoint).not.toBeNull();
    const refused = [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evil.example/x',
      'https://notify.windows.com.evil.example/x',
      'https://notify.windows.com/x',
      'https://10.0.0.1/x',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://169.254.169.254/latest/meta-data',
      'https://user@fcm.googleapis.com/x',
      'ftp://fcm.googleapis.com/x',
    ];
    for (const endpoint of refused) expect(allowedOriginOf(endpoint, origins), endpoint).toBeNull();
  });

  it('refuses a configuration that would reach a private network', () => {
    for (const value of [
      'http://push.example.com',
      'https://10.0.0.1',
      'https://*.10.0.0.1',
      'https://push.example.com/path',
      'https://*',
      'nonsense',
    ])
      expect(() => loadConfig({ PUSH_ALLOWED_ORIGINS: value } as NodeJS.ProcessEnv), value).toThrow(ConfigError);
    expect(loadConfig({ PUSH_ALLOWED_ORIGINS: 'http://127.0.0.1:4000' } as NodeJS.ProcessEnv).pushAllowedOrigins).toEqual([
      { protocol: 'http:', host: '127.0.0.1', port: '4000', loopback: true },
    ]);
    // A loopback push service is for tests only.
    const production = { NODE_ENV: 'production', APP_BASE_URL: 'https://hibi.example.com', SMTP_URL: 'smtp://127.0.0.1:25' };
    expect(() => loadConfig({ ...production, PUSH_ALLOWED_ORIGINS: 'http://127.0.0.1:4000' } as NodeJS.ProcessEnv)).toThrow(ConfigError);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'B'.repeat(87) } as NodeJS.ProcessEnv)).toThrow(ConfigError);
  });

  it('never connects to a private address, even through a name under an allowed domain', async () => {
    for (const a of [
      '10.1.2.3',
      '127.0.0.1',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['142.250.196.106', '2a00:1450:4001:80b::200a']) expect(isPrivateAddress(a), a).toBe(false);
    const origin = { protocol: 'https:' as const, host: '*.example', port: '', loopback: false };
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => guardedLookup(origin)('localhost', {}, (e) => resolve(e)));
    expect(error?.code).toBe('EPUSHADDRESS');
  });
});

/** A corporate member, an English-speaking one, and a lite-plan member, each with one device taking every kind. */
async function audience() {
  const corporate = await createMember(db());
  const english = await createMember(db(), { locale: 'en', tenantId: corporate.tenantId });
  const lite = await createMember(db(), { tenantId: await createLiteTenant(db()) });
  return {
    corporate: { member: corporate, device: await subscribe(corporate) },
    english: { member: english, device: await subscribe(english) },
    lite: { member: lite, device: await subscribe(lite) },
  };
}

describe('delivery (issue 34, 2 and 5)', () => {
  it('delivers a seat from the waiting list, encrypted for the device (aes128gcm), with VAPID, in the member’s language', async () => {
    const { eventId, sessionIds } = await createEvent(db(), { title: 'Push seat', sessions: [{ capacity: 1, startsIn: 72 }] });
    const holder = await createMember(db());
    const waiting = await createMember(db());
    const english = await createMember(db(), { locale: 'en' });
    const d = await subscribe(waiting);
    const dEn = await subscribe(english);
    const other = await subscribe(waiting, ['eventReminder']);
    expect((await t.call('reserveEvent', { eventID: eventId, sessionID: sessionIds[0]! }, holder.token)).body.succeed).toBe(true);
    expect((await t.call('joinWaitingList', { eventID: eventId, sessionID: sessionIds[0]! }, waiting.token)).body.succeed).toBe(true);
    expect((await t.call('cancelEventReservation', { eventID: eventId, sessionID: sessionIds[0]! }, holder.token)).body.succeed).toBe(true);
    // The entry queued it at the real time.
    clock = Date.now();
    await sender.tick();
    const [request] = forDevice(d);
    expect(forDevice(d)).toHaveLength(1);
    // The device that does not take seats gets nothing.
    expect(forDevice(other)).toHaveLength(0);
    expect(request!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request!.headers.ttl)).toBeGreaterThan(0);
    expect(request!.headers.urgency).toBe('high');
    checkVapid(request!.headers, (await t.call('getPushConfig', {}, waiting.token)).body.publicKey);
    expect(request!.body.subarray(0, 200).includes(Buffer.from('Push seat'))).toBe(false);
    expect(decrypt(d, request!.body)).toEqual({
      v: 1,
      kind: 'waitingListSeat',
      lang: 'ja',
      title: 'キャンセル待ちの席が確保されました',
      body: 'Push seat（日本語）',
      url: `/events/${eventId}`,
      tag: expect.stringMatching(/^seat:/),
    });
    // Nothing else about the member: no nickname, no email.
    expect(JSON.stringify(decrypt(d, request!.body))).not.toContain(waiting.email);
    expect((await outboxOf(d))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    // The English member's own promotion reads in English.
    expect((await t.call('reserveEvent', { eventID: eventId, sessionID: sessionIds[0]! }, holder.token)).body.errorCode).toBeDefined();
    const { eventId: e2, sessionIds: s2 } = await createEvent(db(), { title: 'Push seat two', sessions: [{ capacity: 1, startsIn: 72 }] });
    await t.call('reserveEvent', { eventID: e2, sessionID: s2[0]! }, holder.token);
    await t.call('joinWaitingList', { eventID: e2, sessionID: s2[0]! }, english.token);
    await t.call('cancelEventReservation', { eventID: e2, sessionID: s2[0]! }, holder.token);
    clock = Date.now();
    await sender.tick();
    expect(decrypt(dEn, forDevice(dEn)[0]!.body)).toMatchObject({
      kind: 'waitingListSeat',
      lang: 'en',
      title: 'A seat from the waiting list is yours',
      body: 'Push seat two',
    });
  });

  it('deletes a subscription the push service says is gone (404, 410)', async () => {
    const member = await createMember(db());
    const gone = await subscribe(member);
    const notFound = await subscribe(member);
    answers.set(new URL(gone.endpoint).pathname, [410]);
    answers.set(new URL(notFound.endpoint).pathname, [404]);
    await createAnnouncement(db(), { isImportant: true, fromAt: new Date(clock - 60_000) });
    await announceDue(db(), new Date(clock));
    await sender.tick();
    expect(forDevice(gone)).toHaveLength(1);
    expect(forDevice(notFound)).toHaveLength(1);
    const left = await rows(db(), sql`SELECT endpoint FROM push_subscriptions WHERE endpoint IN (${gone.endpoint}, ${notFound.endpoint})`);
    expect(left).toEqual([]);
  });

  it('retries 429 and 5xx with backoff, and sends each notification once', async () => {
    const member = await createMember(db());
    const busy = await subscribe(member);
    const failing = await subscribe(member);
    answers.set(new URL(busy.endpoint).pathname, [429]);
    answers.set(new URL(failing.endpoint).pathname, [503, 500]);
    await createAnnouncement(db(), { isImportant: true, fromAt: new Date(clock - 60_000) });
    await announceDue(db(), new Date(clock));
    await sender.tick();
    const [b] = await outboxOf(busy);
    const [f] = await outboxOf(failing);
    expect(b).toMatchObject({ status: 'pending', attempts: 1 });
    expect(f).toMatchObject({ status: 'pending', attempts: 1 });
    // 429's Retry-After (30 s) is honoured; the 5xx waits the first backoff step (1 s ± 20 %).
    expect(new Date(b!.next_attempt_at).getTime() - clock).toBe(30_000);
    const wait = new Date(f!.next_attempt_at).getTime() - clock;
    expect(wait).toBeGreaterThanOrEqual(800);
    expect(wait).toBeLessThanOrEqual(1200);
    // Not before its time.
    await sender.tick();
    expect(forDevice(failing)).toHaveLength(1);
    clock += 1300;
    await sender.tick();
    expect(forDevice(failing)).toHaveLength(2);
    const second = (await outboxOf(failing))[0]!;
    expect(second).toMatchObject({ status: 'pending', attempts: 2 });
    // The next step doubles.
    expect(new Date(second.next_attempt_at).getTime() - clock).toBeGreaterThanOrEqual(1600);
    clock += 31_000;
    await sender.tick();
    expect((await outboxOf(failing))[0]).toMatchObject({ status: 'sent', attempts: 3 });
    expect((await outboxOf(busy))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    // Every request of one row carries the same decrypted notice; a sent row is never sent again.
    for (const r of forDevice(failing)) expect(decrypt(failing, r.body)).toMatchObject({ kind: 'importantAnnouncement' });
    clock += 3_600_000;
    await sender.tick();
    expect(forDevice(failing)).toHaveLength(3);
    expect(forDevice(busy)).toHaveLength(2);
  });

  it('never sends twice: two senders at once, a sender that crashed before or after handing a row over', async () => {
    const member = await createMember(db());
    const d = await subscribe(member);
    const second = startPushSender({
      db: db(),
      vapid: await pushKeys(db(), t.config),
      subject: t.config.vapidSubject,
      origins: t.config.pushAllowedOrigins,
      pollMs: 3_600_000,
      now: () => new Date(clock),
    });
    try {
      await createAnnouncement(db(), { isImportant: true, fromAt: new Date(clock - 60_000) });
      await createAnnouncement(db(), { isImportant: true, fromAt: new Date(clock - 50_000) });
      await announceDue(db(), new Date(clock));
      // Announcing again queues nothing more.
      await announceDue(db(), new Date(clock + 1000));
      expect(await outboxOf(d)).toHaveLength(2);
      await Promise.all([sender.tick(), second.tick(), sender.tick()]);
      expect(forDevice(d)).toHaveLength(2);

      // A sender that crashed after claiming, before the request left: the row is sent once its lock has run out.
      await createAnnouncement(db(), { isImportant: true, fromAt: new Date(clock - 40_000) });
      await announceDue(db(), new Date(clock));
      const claimedBefore = await claimDuePushes(db(), new Date(clock), 100, 60_000);
      expect(claimedBefore.some((r) => r.endpoint === d.endpoint)).toBe(true);
      await sender.tick();
      expect(forDevice(d)).toHaveLength(2);
      clock += 61_000;
      await sender.tick();
      expect(forDevice(d)).toHaveLength(3);

      // A sender that crashed after handing the request over: the service may have it; it is not sent again.
      await createAnnouncement(db(), { isImportant: true, fromAt: new Date(clock - 30_000) });
      await announceDue(db(), new Date(clock));
      const claimedAfter = await claimDuePushes(db(), new Date(clock), 100, 60_000);
      expect(claimedAfter.some((r) => r.endpoint === d.endpoint)).toBe(true);
      for (const row of claimedAfter) expect(await markPushHandedOver(db(), row, new Date(clock))).toBe(true);
      clock += 61_000;
      await sender.tick();
      await second.tick();
      expect((await outboxOf(d)).map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'unconfirmed']);
      expect(forDevice(d)).toHaveLength(3);
      expect((await outboxOf(d)).map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'unconfirmed']);
    } finally {
      await second.stop();
    }
  });
});

describe('audiences (issue 34, 2)', () => {
  it('sends an important announcement to every subscribed member who may read it, and a contract-only one never to others', async () => {
    const a = await audience();
    const publicOne = await createAnnouncement(db(), {
      isImportant: true,
      titleJa: '全員へのお知らせ',
      titleEn: 'For everyone',
      fromAt: new Date(clock - 1000),
    });
    const contractOnly = await createAnnouncement(db(), {
      isImportant: true,
      contractOnly: true,
      titleJa: '契約者だけのお知らせ',
      fromAt: new Date(clock - 1000),
    });
    await createAnnouncement(db(), { isImportant: false, titleJa: '普通のお知らせ', fromAt: new Date(clock - 1000) });
    const scheduled = await createAnnouncement(db(), { isImportant: true, titleJa: '予約投稿', fromAt: new Date(clock + 3_600_000) });
    const draft = await createAnnouncement(db(), { isImportant: true, titleJa: '下書き', fromAt: null });
    await createAnnouncement(db(), { isImportant: true, titleJa: '取り下げ', fromAt: new Date(clock - 1000), unpublishedAt: new Date(clock) });
    await announceDue(db(), new Date(clock));
    await sender.tick();
    const seen = (d: Device) => forDevice(d).map((r) => decrypt(d, r.body) as { url: string; body: string; title: string });
    expect(
      seen(a.corporate.device)
        .map((n) => n.url)
        .sort(),
    ).toEqual([`/notifications/${contractOnly}`, `/notifications/${publicOne}`].sort());
    expect(seen(a.english.device).find((n) => n.url === `/notifications/${publicOne}`)).toMatchObject({
      title: 'Important announcement',
      body: 'For everyone',
    });
    // English falls back to Japanese where the item has no English title.
    expect(seen(a.english.device).find((n) => n.url === `/notifications/${contractOnly}`)).toMatchObject({ body: '契約者だけのお知らせ' });
    // The lite-plan member may not read the contract-only one: it never reaches their device.
    expect(seen(a.lite.device).map((n) => n.url)).toEqual([`/notifications/${publicOne}`]);
    // A scheduled one goes out at its time, once.
    received.length = 0;
    clock += 3_600_000 + 1000;
    await announceDue(db(), new Date(clock));
    await announceDue(db(), new Date(clock));
    await sender.tick();
    expect(seen(a.lite.device).map((n) => n.url)).toEqual([`/notifications/${scheduled}`]);
    expect(seen(a.corporate.device).map((n) => n.url)).toEqual([`/notifications/${scheduled}`]);
    const everything = [a.corporate.device, a.english.device, a.lite.device].flatMap((d) => seen(d).map((n) => n.url));
    expect(everything).not.toContain(`/notifications/${draft}`);
    const [mark] = await rows<{ recipients: number }>(
      db(),
      sql`SELECT recipients FROM push_announced WHERE kind = 'importantAnnouncement' AND item_id = ${contractOnly}`,
    );
    expect(mark!.recipients).toBeGreaterThanOrEqual(2);
  });

  it('reaches a large audience in batches, each subscribed member once', async () => {
    const tenantId = await createTenant(db());
    const members = await Promise.all(Array.from({ length: 12 }, () => createMember(db(), { tenantId })));
    const devices = [];
    for (const m of members) devices.push(await subscribe(m, ['importantAnnouncement']));
    const id = await createAnnouncement(db(), { isImportant: true, fromAt: new Date(clock - 1000) });
    await announceDue(db(), new Date(clock));
    // More than one pass of the sender's batch of 50 is not needed here; the audience query pages by 1000 members,
    // so every member of the whole database (this suite's members included) was asked in order, once.
    await sender.tick();
    for (const d of devices) {
      expect(forDevice(d)).toHaveLength(1);
      expect(decrypt(d, forDevice(d)[0]!.body)).toMatchObject({ url: `/notifications/${id}` });
    }
  });

  it('announces a survey opening to the members it is for who have not answered, once', async () => {
    const tenantA = await createTenant(db());
    const target = await createMember(db(), { tenantId: tenantA });
    const outsider = await createMember(db());
    const lite = await createMember(db(), { tenantId: await createLiteTenant(db()) });
    const dTarget = await subscribe(target, ['newSurvey']);
    const dOutsider = await subscribe(outsider, ['newSurvey']);
    const dLite = await subscribe(lite, ['newSurvey']);
    const own = await createSurvey(db(), [], {
      isGeneral: false,
      tenantId: tenantA,
      titleJa: '自社アンケート',
      fromDateTime: new Date(clock - 1000),
    });
    const general = await createSurvey(db(), [], { titleJa: '全体アンケート', contractOnly: true, fromDateTime: new Date(clock - 1000) });
    const later = await createSurvey(db(), [], { titleJa: '来週のアンケート', fromDateTime: new Date(clock + 7 * 24 * 3_600_000) });
    await announceDue(db(), new Date(clock));
    await announceDue(db(), new Date(clock));
    await sender.tick();
    const urls = (d: Device) => forDevice(d).map((r) => (decrypt(d, r.body) as { url: string }).url);
    expect(urls(dTarget).sort()).toEqual([`/surveys/${general}`, `/surveys/${own}`].sort());
    expect(urls(dOutsider)).toEqual([`/surveys/${general}`]);
    // Contract-only: not for the lite plan.
    expect(urls(dLite)).toEqual([]);
    expect(JSON.stringify([...urls(dTarget), ...urls(dOutsider)])).not.toContain(`/surveys/${later}`);
  });

  it('reminds before a reserved event, also a member without an email address, on the devices that take reminders', async () => {
    const { eventId, sessionIds } = await createEvent(db(), { title: 'Push reminder', sessions: [{ capacity: 10, startsIn: 20 }] });
    const noEmail = await createMember(db(), { email: null, loginId: `EMP-${crypto.randomBytes(4).toString('hex')}` } as never);
    await db().execute(sql`UPDATE users SET email = NULL WHERE id = ${noEmail.id}`);
    const d = await subscribe(noEmail, ['eventReminder']);
    const mute = await subscribe(noEmail, ['newSurvey']);
    // Booked well before the day-before point.
    expect((await t.call('reserveEvent', { eventID: eventId, sessionID: sessionIds[0]! }, noEmail.token)).body.succeed).toBe(true);
    await db().execute(sql`UPDATE event_reservations SET created_at = now() - interval '2 days' WHERE user_id = ${noEmail.id}`);
    clock = Date.now();
    await sendDueReminders(db(), t.config, new Date(clock));
    await sendDueReminders(db(), t.config, new Date(clock));
    await sender.tick();
    expect(forDevice(mute)).toHaveLength(0);
    expect(forDevice(d)).toHaveLength(1);
    expect(decrypt(d, forDevice(d)[0]!.body)).toMatchObject({
      kind: 'eventReminder',
      title: '明日は予約したイベントの日です',
      body: 'Push reminder（日本語）',
      url: `/events/${eventId}`,
    });
  });
});
