import type { Page } from '@playwright/test';
import { test, expect, useLanguage, screenshot, expectNoAxeViolations, type Lang, type Member } from '../support/fixtures.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../support/env.ts';

// Notifications on the device (issue 34, decision 153) in real Chromium with the app's real service worker.
//
// What Chromium allows here, and what it does not: `PushManager.subscribe()` needs the browser's push service (Google's
// FCM for Chromium), which this machine cannot reach (no outside network; the suite's Chromium runs with background
// networking off), so a real subscription cannot be made. The test "through the real service worker" proves that the
// page asks the real worker's PushManager with the server's VAPID key and says so when the push service does not
// answer. The rest of the flow (saving, the kinds, turning off, signing out) runs with the one piece the push service
// would give, the PushSubscription, made in the page (a real P-256 key pair and auth secret from WebCrypto, an endpoint
// on FCM's origin); delivery and decryption are proven by the server test (apps/server/src/domains/notifications/
// push.test.ts). The worker's own `push` handler is driven through the DevTools protocol (ServiceWorker.deliverPushMessage)
// and the notification it shows is read back with getNotifications().
//
// It runs in the full browser, not the headless shell of the other specs (decision 161): the shell asks for the
// notification permission again where the browser has it granted, and shows no notification.
test.use({ launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS } });

const TEXT = {
  ja: {
    section: 'この端末への通知',
    off: 'この端末への通知はオフです。',
    on: 'この端末への通知はオンです。',
    turnOn: 'この端末で通知をオンにする',
    turnOff: 'この端末の通知をオフにする',
    save: '選んだ内容を保存',
    turnedOn: 'この端末への通知をオンにしました。',
    turnedOff: 'この端末への通知をオフにしました。',
    saved: '選んだ内容を保存しました。',
    failed: '通知を設定できませんでした。しばらくしてからもう一度お試しください。',
    privateWindow: /このウィンドウでは通知を受け取れません。プライベートウィンドウ/,
    denied: /プライベートウィンドウ（シークレットモード）では通知を許可できない/,
    notAllowed: /ブラウザーがこのサイトの通知をブロックしました|通知が許可されませんでした/,
    survey: '新しいアンケート',
    reminder: '予約したイベントのリマインダー',
    logout: 'ログアウトする',
  },
  en: {
    section: 'Notifications on this device',
    off: 'Notifications are off for this device.',
    on: 'Notifications are on for this device.',
    turnOn: 'Turn on notifications on this device',
    turnOff: 'Turn off on this device',
    save: 'Save the choice',
    turnedOn: 'Notifications are now on for this device.',
    turnedOff: 'Notifications are now off for this device.',
    saved: 'Your choice was saved.',
    failed: 'Notifications could not be set up. Please try again later.',
    privateWindow: /This window cannot receive notifications: private \(incognito\) windows/,
    denied: /A private \(incognito\) window cannot allow them/,
    notAllowed: /The browser blocked notifications for this site|Notifications were not allowed/,
    survey: 'New surveys for me',
    reminder: 'Reminders before events I booked',
    logout: 'Log out',
  },
} satisfies Record<Lang, unknown>;

/** Counts the page's permission requests (the browser's prompt); the request itself still goes to Chromium. */
async function countPermissionAsks(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __asks: number };
    w.__asks = 0;
    const original = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = ((...args: Parameters<typeof Notification.requestPermission>) => {
      w.__asks++;
      return original(...args);
    }) as typeof Notification.requestPermission;
  });
}
const asks = (page: Page) => page.evaluate(() => (window as unknown as { __asks: number }).__asks);

/**
 * The subscription a push service would give (see the note at the top): the real worker registration's PushManager
 * answers with a PushSubscription-shaped object holding a real P-256 public key and a 16-byte auth secret, on FCM's
 * origin; unsubscribe forgets it. It lives in this page's storage, so a reload finds it again.
 */
async function pushServiceStandIn(page: Page) {
  await page.addInitScript(() => {
    const KEY = 'e2e.push.subscription';
    const b64url = (bytes: ArrayBuffer | Uint8Array) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    type Stored = { endpoint: string; p256dh: string; auth: string; key: string };
    const asSubscription = (s: Stored) => ({
      endpoint: s.endpoint,
      options: {
        applicationServerKey: Uint8Array.from(atob(s.key.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.key.length % 4)) % 4)), (c) =>
          c.charCodeAt(0),
        ).buffer,
      },
      toJSON: () => ({ endpoint: s.endpoint, expirationTime: null, keys: { p256dh: s.p256dh, auth: s.auth } }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.getSubscription = async function () {
      const kept = localStorage.getItem(KEY);
      return (kept ? asSubscription(JSON.parse(kept) as Stored) : null) as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const raw = await crypto.subtle.exportKey('raw', pair.publicKey);
      const stored: Stored = {
        endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`,
        p256dh: b64url(raw),
        auth: b64url(crypto.getRandomValues(new Uint8Array(16))),
        key: b64url(options!.applicationServerKey as ArrayBuffer),
      };
      localStorage.setItem(KEY, JSON.stringify(stored));
      return asSubscription(stored) as unknown as PushSubscription;
    };
  });
}

async function openAccount(page: Page) {
  await page.goto('/account/profile');
  // The app's service worker controls the page (registered after load; production build).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  return page.getByRole('region', { name: /この端末への通知|Notifications on this device/ });
}

const serverKinds = async (member: Member, endpoint: string) => (await member.call('getPushConfig', { endpoint })).kinds;
const storedEndpoint = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('e2e.push.subscription') ?? 'null') as { endpoint: string } | null)?.endpoint ?? null);

for (const lang of ['ja', 'en'] as const) {
  test(`the browser asks for permission only when the member turns notifications on; the section passes axe (${lang})`, async ({
    page,
    member,
  }, testInfo) => {
    const text = TEXT[lang];
    await useLanguage(page, lang);
    await countPermissionAsks(page);
    const section = await openAccount(page);
    await expect(section.getByText(text.off)).toBeVisible();
    // Every kind is offered, each its own checkbox, all chosen to start with.
    await expect(section.getByRole('checkbox')).toHaveCount(8);
    for (const box of await section.getByRole('checkbox').all()) await expect(box).toBeChecked();
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'push-account', lang);
    // Loaded, hydrated, the worker in control: the browser has not asked anything.
    await page.waitForTimeout(500);
    expect(await asks(page)).toBe(0);
    await section.getByRole('button', { name: text.turnOn }).click();
    await expect.poll(() => asks(page)).toBe(1);
    // The suite's Chromium answers the prompt itself (no one to click it): not allowed, and the page says so.
    await expect(section.getByText(text.notAllowed)).toBeVisible();
    await expect(section.getByText(text.off)).toBeVisible();
    void member;
  });

  test(`turns notifications on and off, with the kinds chosen, and signing out forgets the device (${lang})`, async ({ page, member }, testInfo) => {
    const text = TEXT[lang];
    await useLanguage(page, lang);
    await page.context().grantPermissions(['notifications']);
    await pushServiceStandIn(page);
    const section = await openAccount(page);
    await section.getByRole('checkbox', { name: text.survey }).uncheck();
    await section.getByRole('button', { name: text.turnOn }).click();
    await expect(section.getByText(text.turnedOn)).toBeVisible();
    await expect(section.getByText(text.on)).toBeVisible();
    const endpoint = (await storedEndpoint(page))!;
    expect(endpoint).toMatch(/^https:\/\/fcm\.googleapis\.com\//);
    expect(await serverKinds(member, endpoint)).toEqual([
      'waitingListSeat',
      'eventReminder',
      'importantAnnouncement',
      'teamFormed',
      'programResult',
      'syncReminder',
      'pointsExpiring',
    ]);
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'push-account-on', lang);

    // A new choice is saved for this device; the page shows it again after a reload.
    await section.getByRole('checkbox', { name: text.reminder }).uncheck();
    await section.getByRole('checkbox', { name: text.survey }).check();
    await section.getByRole('button', { name: text.save }).click();
    await expect(section.getByText(text.saved)).toBeVisible();
    expect(await serverKinds(member, endpoint)).toEqual([
      'waitingListSeat',
      'importantAnnouncement',
      'newSurvey',
      'teamFormed',
      'programResult',
      'syncReminder',
      'pointsExpiring',
    ]);
    const again = await openAccount(page);
    await expect(again.getByText(text.on)).toBeVisible();
    await expect(again.getByRole('checkbox', { name: text.reminder })).not.toBeChecked();
    await expect(again.getByRole('checkbox', { name: text.survey })).toBeChecked();

    // Off on this device: the server forgets it.
    await again.getByRole('button', { name: text.turnOff }).click();
    await expect(again.getByText(text.turnedOff)).toBeVisible();
    expect(await serverKinds(member, endpoint)).toBeNull();
    expect(await storedEndpoint(page)).toBeNull();

    // On again, then signing out: the session ends and the device's subscription with it.
    await again.getByRole('button', { name: text.turnOn }).click();
    await expect(again.getByText(text.turnedOn)).toBeVisible();
    const second = (await storedEndpoint(page))!;
    expect(await serverKinds(member, second)).not.toBeNull();
    await page.getByRole('button', { name: text.logout }).click();
    await expect(page).toHaveURL(/\/$/);
    const login = await page.request.post('/api/functions/login', { data: { id: member.email, password: member.password } });
    const token = ((await login.json()) as { token: string }).token;
    const answer = await page.request.post('/api/functions/getPushConfig', {
      headers: { authorization: `Bearer ${token}` },
      data: { endpoint: second },
    });
    expect(((await answer.json()) as { kinds: unknown }).kinds).toBeNull();
    expect(await storedEndpoint(page)).toBeNull();
  });
}

test('asks the real service worker’s PushManager with the server’s key; in a private window it says to use a normal one, and nothing is stored @one-width', async ({
  page,
  member,
}) => {
  const text = TEXT.ja;
  await page.context().grantPermissions(['notifications']);
  await countPermissionAsks(page);
  const section = await openAccount(page);
  const asked = page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const original = PushManager.prototype.subscribe;
        PushManager.prototype.subscribe = function (options) {
          resolve(btoa(String.fromCharCode(...new Uint8Array(options!.applicationServerKey as ArrayBuffer))));
          return original.call(this, options);
        };
      }),
  );
  await section.getByRole('button', { name: text.turnOn }).click();
  const key = Buffer.from(await asked, 'base64').toString('base64url');
  expect(key).toBe((await member.call('getPushConfig', {})).publicKey);
  // Permission was granted already: no prompt.
  expect(await asks(page)).toBe(0);
  // The suite's browser contexts are off the record, as a private window is: Chromium refuses the subscription
  // ("Registration failed - permission denied") although the permission is granted. That never changes in this
  // window, so the member is told to use a normal one, not to try again later (issue 55, item 7).
  await expect(section.getByText(text.privateWindow)).toBeVisible({ timeout: 30_000 });
  await expect(section.getByText(text.failed)).toHaveCount(0);
  await expect(section.getByText(text.off)).toBeVisible();
  expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) === null)).toBe(true);
});

test('a private window refuses the permission at once: the member is told what to do instead (issue 55, item 7) @one-width', async ({
  page,
  member,
}) => {
  void member;
  const text = TEXT.en;
  await useLanguage(page, 'en');
  const section = await openAccount(page);
  await section.getByRole('button', { name: text.turnOn }).click();
  await expect(section.getByText(text.denied)).toBeVisible({ timeout: 30_000 });
  await expect(section.getByText(text.failed)).toHaveCount(0);
  await expect(section.getByText(text.off)).toBeVisible();
});

test('the service worker shows a push in the member’s language with the app’s icon @one-width', async ({ page, member }) => {
  await page.context().grantPermissions(['notifications']);
  await openAccount(page);
  void member;
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      ({ registrations }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        const ours = registrations.find((r) => !r.isDeleted && new URL(r.scopeURL).pathname === '/');
        if (ours) resolve(ours.registrationId);
      },
    ),
  );
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  const payload = {
    v: 1,
    kind: 'importantAnnouncement',
    lang: 'en',
    title: 'Important announcement',
    body: 'Office closed on Friday',
    url: '/notifications/1',
    tag: 'announcement:1',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data: JSON.stringify(payload) });
  const shown = await expect
    .poll(async () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          icon: n.icon,
          lang: n.lang,
          tag: n.tag,
          data: n.data as unknown,
        })),
      ),
    )
    .toEqual([
      {
        title: 'Important announcement',
        body: 'Office closed on Friday',
        icon: `${origin}/icons/icon-192.png`,
        lang: 'en',
        tag: 'announcement:1',
        data: { url: '/notifications/1' },
      },
    ]);
  void shown;
});
