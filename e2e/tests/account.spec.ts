import { test, expect, useLanguage, loginAs, signIn, befriend, expectNoAxeViolations, screenshot, type Lang } from '../support/fixtures.ts';
import ICAL from 'ical.js';

// Tests that change an account run as a member of their own (the `member` fixture); member@example.com is only read.

const text = {
  ja: {
    profile: 'プロフィール',
    private: '非公開',
    disclosed: '公開中',
    friends: 'フレンド',
    readMore: 'もっと見る',
    teams: 'チーム対抗戦',
    mail: 'メールマガジン',
  },
  en: {
    profile: 'Profile',
    private: 'Private',
    disclosed: 'Disclosed',
    friends: 'Friends',
    readMore: 'Read more',
    teams: 'Team matches',
    mail: 'Mail magazine',
  },
} as const;

for (const lang of ['ja', 'en'] as Lang[]) {
  test(`profile of member@example.com in ${lang}: labels, units, team matches, settings`, async ({ page }, testInfo) => {
    await useLanguage(page, lang);
    await loginAs(page, 'member@example.com');
    await page.goto('/account/profile');
    await expect(page.getByRole('heading', { level: 1, name: text[lang].profile })).toBeVisible();
    const basic = page.locator('section').filter({ has: page.locator('#basic-info') });
    await expect(basic.getByText(text[lang].private, { exact: true })).toBeVisible();
    await expect(basic.getByText('170.2cm')).toBeVisible();
    await expect(basic.getByText('65.0kg')).toBeVisible();
    const steps = page.locator('section').filter({ has: page.locator('#step-log') });
    await expect(steps.getByText(text[lang].disclosed, { exact: true })).toBeVisible();
    await expect(steps.locator('.step-bars__row')).toHaveCount(7);
    await expect(page.getByRole('heading', { level: 2, name: text[lang].teams })).toBeVisible();
    await expect(page.locator('.team-match')).toHaveCount(2);
    await expect(page.getByRole('group', { name: text[lang].mail })).toBeVisible();
    // The frame: nickname, department tag, comment, menu.
    await expect(page.locator('.account-frame__nickname')).toHaveText('ひびき');
    await expect(page.locator('.account-frame__tag')).toHaveText('総務部');
    // Profile, friends, lifestyle report, walking ranking, the mail magazine's past issues, the programs and the points.
    await expect(page.getByRole('navigation', { name: lang === 'ja' ? 'マイページメニュー' : 'My page menu' }).getByRole('link')).toHaveCount(7);
    // Withdrawal is only for the lite plan.
    await expect(page.getByRole('button', { name: lang === 'ja' ? '退会する' : 'Withdraw' })).toHaveCount(0);
    await page.locator('.team-match__history summary').first().click();
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'account-profile', lang);
  });

  test(`friends list and a friend's profile in ${lang}`, async ({ page }, testInfo) => {
    await useLanguage(page, lang);
    await loginAs(page, 'member@example.com');
    await page.goto('/account/friends');
    await expect(page.getByRole('heading', { level: 1, name: text[lang].friends })).toBeVisible();
    const list = page.locator('.friend-list .friend-item');
    await expect(list).toHaveCount(9);
    await page.getByRole('button', { name: text[lang].readMore }).click();
    await expect(list).toHaveCount(16);
    // The second page was short: no more read-more.
    await expect(page.getByRole('button', { name: text[lang].readMore })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'account-friends', lang);

    await list.first().click();
    await expect(page).toHaveURL(/\/account\/friends\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.step-bars__row')).toHaveCount(7);
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'account-friend-profile', lang);
  });
}

test('a friend who discloses nothing shows both sections as undisclosed', { tag: '@one-width' }, async ({ page }) => {
  await useLanguage(page, 'ja');
  const token = await loginAs(page, 'member@example.com');
  const friends = await (
    await page.request.post('/api/functions/getOwnFriends', { data: { offset: 0, perPage: 50 }, headers: { authorization: `Bearer ${token}` } })
  ).json();
  // Find the friend with both hidden (the seed mixes every combination).
  let target = 0;
  for (const f of friends.friends as { user: { userID: number } }[]) {
    const body = await (
      await page.request.post('/api/functions/getFriendProfile', { data: { userID: f.user.userID }, headers: { authorization: `Bearer ${token}` } })
    ).json();
    if (body.accessTypes.userSteps === 0 && body.accessTypes.teamMatches === 0) {
      target = f.user.userID;
      break;
    }
  }
  expect(target).toBeGreaterThan(0);
  await page.goto(`/account/friends/${target}`);
  await expect(page.getByText('このフレンドは歩数ログを公開していません。')).toBeVisible();
  await expect(page.getByText('このフレンドはチーム対抗戦を公開していません。')).toBeVisible();
  await expect(page.locator('.step-bars__row')).toHaveCount(0);
});

test('a friend profile of a non-friend or an unknown id goes to /notFound', { tag: '@one-width' }, async ({ page }) => {
  await useLanguage(page, 'en');
  await loginAs(page, 'member@example.com');
  await page.goto('/account/friends/999999');
  await expect(page).toHaveURL(/\/notFound$/);
  await page.goto('/account/friends/abc');
  await expect(page).toHaveURL(/\/notFound$/);
});

test('guests see the login-required block on the account pages', { tag: '@one-width' }, async ({ page }) => {
  await useLanguage(page, 'ja');
  await page.goto('/account/profile');
  await expect(page.locator('.login-required')).toBeVisible();
  await expect(page.locator('.account-frame')).toHaveCount(0);
});

test('changing the mail magazine setting shows its confirmation and stays', { tag: '@one-width' }, async ({ page, member: _ }) => {
  await useLanguage(page, 'ja');
  await page.goto('/account/profile');
  const group = page.getByRole('group', { name: 'メールマガジン' });
  await group.getByLabel('受け取らない').check();
  await expect(page.getByText('メールマガジンを受け取らない設定に変更しました。')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('group', { name: 'メールマガジン' }).getByLabel('受け取らない')).toBeChecked();
  await page.getByRole('group', { name: 'メールマガジン' }).getByLabel('受け取る', { exact: true }).check();
  await expect(page.getByText('メールマガジンを受け取る設定に変更しました。')).toBeVisible();
});

test(
  'the ranking setting: off unless agreed, changed on the profile, and it stays (issue 12, finding 7)',
  { tag: '@one-width' },
  async ({ page, member: _ }, testInfo) => {
    await useLanguage(page, 'en');
    await page.goto('/account/profile');
    const group = () => page.getByRole('group', { name: 'Your name in rankings' });
    const show = () => group().getByLabel('Show', { exact: true });
    const hide = () => group().getByLabel('Do not show');
    await expect(group()).toBeVisible();
    const wasShown = await show().isChecked();
    await (wasShown ? hide() : show()).check();
    await expect(page.getByText(wasShown ? 'Your nickname no longer shows in rankings.' : 'Your nickname now shows in rankings.')).toBeVisible();
    await page.reload();
    await expect(wasShown ? hide() : show()).toBeChecked();
    await (wasShown ? show() : hide()).check();
    await expect(page.getByText(wasShown ? 'Your nickname now shows in rankings.' : 'Your nickname no longer shows in rankings.')).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'account-ranking-setting', 'en');
  },
);

test('editing the basic information updates the profile and the frame', async ({ page, member: _ }, testInfo) => {
  await useLanguage(page, 'en');
  await page.goto('/account/profile');
  await page.getByRole('button', { name: 'Edit basic information' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit profile' });
  await dialog.getByLabel('Nickname').fill('Walker' + (testInfo.project.name === 'desktop' ? 'D' : 'M'));
  await dialog.getByLabel('Height (cm)').fill('1000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText('1 to 999');
  await dialog.getByLabel('Height (cm)').fill('168.4');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.account-frame__nickname')).toHaveText(/^Walker[DM]$/);
  await expect(page.getByText('168.4cm')).toBeVisible();
});

test('accepting a friend request adds the friend to the list', { tag: '@one-width' }, async ({ page, member, createMember }) => {
  await useLanguage(page, 'en');
  // A colleague asks first.
  const colleague = await createMember();
  expect((await colleague.call('requestFriend', { userID: member.userID })).status).toBe('requested');
  await page.goto('/account/friends');
  const requests = page.locator('section', { has: page.locator('#friend-requests') }).locator('.request-item');
  await expect(requests).toHaveCount(1);
  const name = (await requests.locator('.request-item__name').textContent())!;
  expect(name).toBe(colleague.nickname);
  await requests.getByRole('button', { name: /Accept/ }).click();
  await expect(page.getByText(`You and ${name} are now friends.`)).toBeVisible();
  await expect(page.locator('.friend-list .friend-item', { hasText: name })).toBeVisible();
});

test('logout ends the session and goes to /', { tag: '@one-width' }, async ({ page, member }) => {
  await useLanguage(page, 'ja');
  const token = member.token;
  await page.goto('/account/profile');
  await page.getByRole('button', { name: 'ログアウトする' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('.avatar-link')).toHaveCount(0);
  const after = await page.request.post('/api/functions/authenticateWithToken', { data: {}, headers: { authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
});

test('nocontract@example.com sees no team matches, no mail setting and no withdrawal', async ({ page }, testInfo) => {
  await useLanguage(page, 'en');
  await loginAs(page, 'nocontract@example.com');
  await page.goto('/account/profile');
  await expect(page.getByRole('heading', { level: 2, name: 'Step log' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Team matches' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Mail magazine' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await screenshot(page, testInfo, 'account-profile-nocontract', 'en');
});

test('a lite-plan member withdraws after confirming, and the account is gone', { tag: '@one-width' }, async ({ page, createMember }, testInfo) => {
  await useLanguage(page, 'ja');
  const lite = await createMember({ plan: 'lite' });
  await signIn(page, lite);
  await page.goto('/account/profile');
  await page.getByRole('button', { name: '退会する' }).click();
  const dialog = page.getByRole('dialog', { name: '退会の確認' });
  await expect(dialog).toBeVisible();
  // The current password is asked (issue 12, finding 5): a wrong one keeps the account.
  await expect(dialog.getByRole('button', { name: '退会する' })).toBeDisabled();
  await dialog.getByLabel('現在のパスワード').fill('not-the-password');
  await dialog.getByRole('button', { name: '退会する' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('パスワードが違います。');
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'account-withdraw-confirm', 'ja');
  await dialog.getByLabel('現在のパスワード').fill(lite.password);
  await dialog.getByRole('button', { name: '退会する' }).click();
  await expect(page).toHaveURL(/\/$/);
  const login = await (await page.request.post('/api/functions/login', { data: { id: lite.email, password: lite.password } })).json();
  expect(login.errorCode).toBe('invalidCredentials');
});

test(
  'friend requests: find a colleague by nickname, Become Friends, Requested, withdraw it from the friends page (issue 13, 2)',
  { tag: '@one-width' },
  async ({ page, member: _, createMember }, testInfo) => {
    // A colleague of the same company whose nickname nobody else's contains.
    const colleague = await createMember();
    await useLanguage(page, 'en');
    await page.goto('/account/friends');
    const find = page.locator('section', { has: page.locator('#find-friends') });
    await expect(find.getByRole('heading', { level: 2, name: 'Find friends' })).toBeVisible();
    // An empty search says what is missing and asks nothing.
    await find.getByRole('button', { name: 'Search' }).click();
    await expect(find.getByRole('alert')).toHaveText('Please enter a nickname to search for.');
    await expect(find.getByLabel('Nickname')).toHaveAttribute('aria-invalid', 'true');
    // Nobody's nickname has this text.
    await find.getByLabel('Nickname').fill('zzq');
    await find.getByLabel('Nickname').press('Enter');
    await expect(find.getByText("No colleague's nickname contains “zzq”.")).toBeVisible();
    // The colleague: exactly one match, a stranger.
    await find.getByLabel('Nickname').fill(colleague.nickname);
    await find.getByRole('button', { name: 'Search' }).click();
    const results = find.locator('.member-list .request-item');
    await expect(results).toHaveCount(1);
    const name = (await results.locator('.request-item__name').textContent())!;
    expect(name).toBe(colleague.nickname);
    await expectNoAxeViolations(page);
    await results.getByRole('button', { name: `Become Friends ${name}` }).click();
    await expect(results.getByText('Requested', { exact: true })).toBeVisible();
    await screenshot(page, testInfo, 'account-friends-search', 'en');
    // The request waits in the sent list, from where it can be withdrawn; the search result asks again.
    const sent = page.locator('section', { has: page.locator('#sent-requests') });
    const row = sent.locator('.request-item', { hasText: name });
    await expect(row.getByText('Requested', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Withdraw ${name}` }).click();
    await expect(sent.getByText(`Your request to ${name} was withdrawn.`)).toBeVisible();
    await expect(sent.locator('.request-item', { hasText: name })).toHaveCount(0);
    await expect(results.getByRole('button', { name: `Become Friends ${name}` })).toBeVisible();
    // The server agrees: after a reload the colleague is still a stranger.
    await page.reload();
    await page.getByLabel('Nickname').fill(colleague.nickname);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.locator('.member-list .request-item').getByRole('button', { name: /Become Friends/ })).toBeVisible();
  },
);

test(
  "a friend's friends carry the friend button; a request sent there shows as Requested (issue 13, 2)",
  { tag: '@one-width' },
  async ({ page, member, createMember }, testInfo) => {
    // The member's friend, who has one other friend: the member's stranger.
    const [friend, friendsFriend] = await Promise.all([createMember(), createMember()]);
    await befriend(member, friend);
    await befriend(friend, friendsFriend);
    await useLanguage(page, 'ja');
    await page.goto('/account/friends');
    // The friend is found by nickname; a friend's name links to their profile.
    const find = page.locator('section', { has: page.locator('#find-friends') });
    await find.getByLabel('ニックネーム').fill(friend.nickname);
    await find.getByRole('button', { name: '検索' }).click();
    const row = find.locator('.member-list .request-item');
    await expect(row).toHaveCount(1);
    await expect(row.locator('a.request-item__name')).toHaveText(friend.nickname);
    await expect(row.getByText('フレンド', { exact: true })).toBeVisible();
    await row.locator('a.request-item__name').click();
    await expect(page).toHaveURL(/\/account\/friends\/\d+$/);
    const section = page.locator('section', { has: page.locator('#friends-of-friend') });
    await expect(section.getByRole('heading', { level: 2 })).toContainText('さんのフレンド');
    const entry = section.locator('.request-item');
    await expect(entry).toHaveCount(1);
    const name = (await entry.locator('.request-item__name').textContent())!;
    expect(name).toBe(friendsFriend.nickname);
    await entry.getByRole('button', { name: `フレンドになる ${name}` }).click();
    await expect(entry.getByText('申請中', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'account-friends-of-friend', 'ja');
    // Withdrawn from the friends page, it is a plain colleague again.
    await page.goto('/account/friends');
    const sent = page.locator('section', { has: page.locator('#sent-requests') });
    await sent
      .locator('.request-item', { hasText: name })
      .getByRole('button', { name: `取り消す ${name}` })
      .click();
    await expect(sent.getByText(`${name}さんへの申請を取り消しました。`)).toBeVisible();
  },
);

test("member@example.com sees a friend's friends as friends, requested, to accept, or strangers", { tag: '@one-width' }, async ({ page }) => {
  await useLanguage(page, 'en');
  await loginAs(page, 'member@example.com');
  await page.goto('/account/friends');
  await page.locator('.friend-list .friend-item').last().waitFor();
  // member40 is the newest friend: the first of the list.
  await page.locator('.friend-list .friend-item').first().click();
  const section = page.locator('section', { has: page.locator('#friends-of-friend') });
  await expect(section.locator('.request-item')).toHaveCount(5);
  await expect(section.getByRole('button', { name: /^Become Friends/ })).toHaveCount(2);
  await expect(section.getByRole('button', { name: /^Accept/ })).toHaveCount(1);
  await expect(section.getByText('Requested', { exact: true })).toHaveCount(1);
  await expect(section.getByText('Friends', { exact: true })).toHaveCount(1);
  await expect(section.locator('a.request-item__name')).toHaveCount(1);
});

for (const lang of ['ja', 'en'] as Lang[]) {
  test(`the walking ranking in ${lang}: my rank, the top 10, company or everyone, earlier weeks (issue 13, 12)`, async ({ page }, testInfo) => {
    await useLanguage(page, lang);
    await loginAs(page, 'member@example.com');
    await page.goto('/account/profile');
    const menu = page.getByRole('navigation', { name: lang === 'ja' ? 'マイページメニュー' : 'My page menu' });
    await menu.getByRole('link', { name: lang === 'ja' ? '歩数ランキング' : 'Walking ranking' }).click();
    await expect(page).toHaveURL(/\/account\/walking$/);
    await expect(page.getByRole('heading', { level: 1, name: lang === 'ja' ? '歩数ランキング' : 'Walking ranking' })).toBeVisible();
    // The top ten, then, when the member is not among them, a gap and their own row (issue 55, item 7).
    const entries = page.locator('.walking-ranking .walking-entry:not(.walking-entry--gap)');
    const expectTopTenAndMe = async () => {
      await expect(entries.nth(9)).toBeVisible();
      await expect(page.locator('.walking-ranking .walking-entry--me')).toHaveCount(1);
      const count = await entries.count();
      expect([10, 11]).toContain(count);
      if (count === 11) {
        await expect(page.locator('.walking-ranking .walking-entry--gap')).toHaveCount(1);
        await expect(entries.last()).toHaveClass(/walking-entry--me/);
      }
    };
    await expectTopTenAndMe();
    await expect(entries.first().locator('.walking-entry__rank')).toHaveText(lang === 'ja' ? '1位' : 'No. 1');
    // Named colleagues carry the friend button or their state; anonymous entries carry none.
    const anonymous = entries.filter({ hasText: lang === 'ja' ? 'メンバー（非公開）' : 'A member (name not shown)' });
    await expect(anonymous.locator('.member-action')).toHaveCount(0);
    const company = page.getByRole('button', { name: lang === 'ja' ? '社内' : 'My company' });
    const everyone = page.getByRole('button', { name: lang === 'ja' ? '全体' : 'Everyone' });
    await expect(company).toHaveAttribute('aria-pressed', 'true');
    const companyRank = await page.locator('.stat').first().textContent();
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'account-walking', lang);
    await everyone.click();
    await expect(everyone).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.stat').first()).not.toHaveText(companyRank!);
    await expectTopTenAndMe();
    // An earlier week: the range changes and the next-week button comes back.
    const range = await page.locator('.walking-week__dates').textContent();
    const next = page.getByRole('button', { name: lang === 'ja' ? '次の週' : 'Next week' });
    await expect(next).toBeDisabled();
    await page.getByRole('button', { name: lang === 'ja' ? '前の週' : 'Previous week' }).click();
    await expect(page.locator('.walking-week__dates')).not.toHaveText(range!);
    await expect(next).toBeEnabled();
    await expectNoAxeViolations(page);
  });
}

test('event reminders and the private calendar address on the profile; the address is a calendar a library can read (issue 19, 2 and 3)', async ({
  page,
  member,
}, testInfo) => {
  // Desktop in Japanese, mobile in English.
  const lang: Lang = testInfo.project.name === 'desktop' ? 'ja' : 'en';
  const L = {
    ja: {
      group: 'イベントのリマインダー',
      day: '前日',
      hour: '1時間前',
      saved: 'リマインダーの設定を保存しました。',
      show: 'カレンダー用アドレスを表示',
      address: 'カレンダー登録用アドレス',
      reset: '新しいアドレスを発行',
      resetTitle: '新しいアドレスを発行しますか？',
      resetDone: '新しいアドレスを発行しました。以前のアドレスは使えません。',
    },
    en: {
      group: 'Event reminders',
      day: 'The day before',
      hour: 'An hour before',
      saved: 'Your reminder setting was saved.',
      show: 'Show my calendar address',
      address: 'Calendar subscription address',
      reset: 'Make a new address',
      resetTitle: 'Make a new calendar address?',
      resetDone: 'A new address was made; the old one no longer works.',
    },
  }[lang];
  await useLanguage(page, lang);
  // The member books the unlimited online yoga class first, so that its calendar has something in it.
  const auth = { authorization: `Bearer ${member.token}` };
  const upcoming = await (
    await page.request.post('/api/functions/getEvents', { data: { scheduleType: 1, perPage: 50, locale: 'en' }, headers: auth })
  ).json();
  const yoga = (upcoming.events as { id: number; title: string }[]).find((e) => e.title === 'Online yoga: 30 minutes for stiff shoulders')!;
  const detail = await (await page.request.post('/api/functions/getEventByID', { data: { eventID: yoga.id }, headers: auth })).json();
  const booked = await (
    await page.request.post('/api/functions/reserveEvent', { data: { eventID: yoga.id, sessionID: detail.event.sessions[0].id }, headers: auth })
  ).json();
  expect(booked.succeed || booked.errorCode === 'alreadyReserved').toBe(true);
  await page.goto('/account/profile');
  const reminders = page.getByRole('group', { name: L.group });
  await expect(reminders.getByLabel(L.day)).toBeChecked();
  const hour = reminders.getByLabel(L.hour);
  const wasOn = await hour.isChecked();
  await hour.setChecked(!wasOn);
  await expect(reminders.getByText(L.saved)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('group', { name: L.group }).getByLabel(L.hour)).toBeChecked({ checked: !wasOn });
  await page.getByRole('group', { name: L.group }).getByLabel(L.hour).setChecked(wasOn);
  await expect(page.getByText(L.saved)).toBeVisible();

  await page.getByRole('button', { name: L.show }).click();
  const address = page.getByLabel(L.address);
  await expect(address).toHaveValue(/\/api\/calendar\/feed\/\d+-\d+-[A-Za-z0-9_-]{43}\.ics$/);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'account-event-settings', lang);
  const url = await address.inputValue();
  const feed = await page.request.get(new URL(url).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
  const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  expect(events.length).toBeGreaterThan(0);
  expect(events.every((e) => e.startDate.zone?.tzid === 'Asia/Tokyo')).toBe(true);
  // A new address: the old one answers 404 at once.
  await page.getByRole('button', { name: L.reset }).click();
  await page.getByRole('dialog', { name: L.resetTitle }).getByRole('button', { name: L.reset }).click();
  await expect(page.getByText(L.resetDone)).toBeVisible();
  await expect(address).not.toHaveValue(url);
  expect((await page.request.get(new URL(url).pathname)).status()).toBe(404);
  expect((await page.request.get(new URL(await address.inputValue()).pathname)).status()).toBe(200);
});
