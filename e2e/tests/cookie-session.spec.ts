import {
  test,
  expect,
  useLanguage,
  expectNoAxeViolations,
  BASE_URL,
  DEVTOOL_WEB_URL,
  SESSION_COOKIE,
  SIGNED_IN_COOKIE,
} from '../support/fixtures.ts';

// The web session lives in an HttpOnly cookie (docs/decisions/107-cookie-sessions.md): a script that runs in the page
// (what a stored-XSS payload would be) cannot read it, and a page of another origin cannot use it.

test('a script run in the page finds no session token, in cookies or storage, yet the page’s calls work', async ({ page, createMember }) => {
  const member = await createMember();
  await useLanguage(page, 'ja');
  await page.addInitScript(() => localStorage.setItem('hibi.acceptedTermsVersion', '2'));
  // The app's own sign-in, through the form.
  await page.goto('/login');
  await page.getByLabel('メールアドレスまたはアカウントID').fill(member.email);
  await page.getByLabel('パスワード', { exact: true }).fill(member.password);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/functions/login'));
  await page.getByRole('main').getByRole('button', { name: 'ログイン', exact: true }).click();
  expect(await (await answer).json()).not.toHaveProperty('token');
  await expect(page.getByRole('banner').getByRole('link', { name: /マイページ/ })).toBeVisible();

  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === SESSION_COOKIE)!;
  expect(session, 'the session cookie').toBeDefined();
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false });
  expect(session.value.length).toBeGreaterThanOrEqual(43);
  expect(cookies.find((c) => c.name === SIGNED_IN_COOKIE)).toMatchObject({ value: '1', httpOnly: false });

  // The payload: everything a script in the page can reach, and a call of its own.
  const loot = await page.evaluate(async () => {
    const dump = (s: Storage) => Object.fromEntries(Array.from({ length: s.length }, (_, i) => [s.key(i), s.getItem(s.key(i)!)]));
    const profile = await fetch('/api/functions/getMyProfile', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const me = await fetch('/api/functions/authenticateWithToken', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    return {
      cookie: document.cookie,
      storage: JSON.stringify({ local: dump(localStorage), session: dump(sessionStorage) }),
      profile: { status: profile.status, body: await profile.text() },
      me: await me.text(),
    };
  });
  expect(loot.cookie).not.toContain(SESSION_COOKIE);
  expect(loot.cookie).not.toContain(session.value);
  expect(loot.cookie).toContain(`${SIGNED_IN_COOKIE}=1`);
  expect(loot.storage).not.toContain(session.value);
  expect(loot.storage).not.toMatch(/"token"/);
  expect(loot.storage).toContain(member.nickname); // the stored user is there, without any secret
  expect(loot.profile.status).toBe(200);
  expect(JSON.parse(loot.profile.body)).toMatchObject({ succeed: true, profile: { nickname: member.nickname } });
  expect(loot.me).not.toContain(session.value);
  await expectNoAxeViolations(page);

  // Sign-out deletes the cookie.
  await page.goto('/account/profile');
  await page.getByRole('button', { name: 'ログアウトする' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'ログイン', exact: true })).toBeVisible();
  const left = (await page.context().cookies()).map((c) => c.name);
  expect(left).not.toContain(SESSION_COOKIE);
  expect(left).not.toContain(SIGNED_IN_COOKIE);
  const refused = await member.post('authenticateWithToken', {});
  expect(refused.status(), 'the member’s own bearer session is another session and still works').toBe(200);
});

test('a POST from another origin of the same site carries the cookie and is refused (403 crossOriginRefused)', async ({ page, member }) => {
  // A page of http://localhost:<another port>: the same site as the app (its SameSite=Lax cookie goes along), another
  // origin. It posts a form to a call that changes the account (a form needs no preflight; the answer is the page).
  await page.goto(`${DEVTOOL_WEB_URL}/offline.html`);
  const target = `${BASE_URL}/api/functions/updateLocale`;
  const response = page.waitForResponse((r) => r.url() === target);
  await page.evaluate((action) => {
    const form = document.createElement('form');
    form.method = 'post';
    form.enctype = 'text/plain';
    form.action = action;
    const field = document.createElement('input');
    field.type = 'hidden';
    field.name = '{"locale":"en","x":"';
    field.value = '"}';
    form.append(field);
    document.body.append(form);
    form.submit();
  }, target);
  const refused = await response;
  expect((await refused.request().allHeaders())['cookie'], 'the browser sent the session cookie').toContain(`${SESSION_COOKIE}=`);
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ succeed: false, errorCode: 'crossOriginRefused' });
  // Nothing changed: the account's language is still Japanese.
  expect((await member.call('authenticateWithToken')).user.locale).toBe('ja');
  // A call from the app's own page works.
  await page.goto('/');
  const own = await page.evaluate(
    async () => (await fetch('/api/functions/getMyProfile', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status,
  );
  expect(own).toBe(200);
});
