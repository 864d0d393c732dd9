import path from 'node:path';
import {
  test,
  expect,
  uniqueTag,
  useLanguage,
  expectNoAxeViolations,
  screenshot,
  signIn,
  loginAs,
  SCREENSHOTS,
  BASE_URL,
  type Lang,
} from '../support/fixtures.ts';
import { apiSignIn, consolePost, uiSignIn } from '../support/console.ts';

/**
 * Issue 58 (docs/requirements/points.md): a member answers the daily quiz, a mission the office published completes by
 * itself within a minute and pays its points and a stamp, an owner adds points, and the member applies for a physical
 * reward with a full-width postal code (a bad phone refused with its message first) and finds the application in their
 * list. Then the demo member's points screens in both languages, at both widths.
 */
const TOKYO = 9 * 3_600_000;
const thisMonth = () => new Date(Date.now() + TOKYO).toISOString().slice(0, 7);

test('a member answers the quiz, completes a mission, and applies for a reward with a Japanese address', async ({
  page,
  playwright,
  createMember,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the whole flow once; the screens at 375 px below');
  test.setTimeout(180_000);
  const tag = uniqueTag(6);
  const office = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await apiSignIn(office, 'owner');
  const title = `Quiz mission ${tag}`;
  const saved = await consolePost(office, 'saveMission', {
    month: thisMonth(),
    title: { ja: `クイズのミッション ${tag}`, en: title },
    kind: 'quizAnswered',
    target: 1,
    points: 40,
    published: true,
  });
  expect(saved).toMatchObject({ succeed: true });

  const member = await createMember({ locale: 'en' });
  await useLanguage(page, 'en');
  await signIn(page, member);

  // The mission, not yet done.
  await page.goto('/points/missions');
  await expect(page.getByRole('heading', { level: 1, name: 'Missions' })).toBeVisible();
  const mission = page.getByRole('listitem').filter({ hasText: title });
  await expect(mission.getByText('0 of 1 days')).toBeVisible();

  // Today's question, answered once.
  await page.goto('/quiz');
  await expect(page.getByRole('heading', { level: 1, name: 'Daily health quiz' })).toBeVisible();
  await page.getByRole('button', { name: 'Answer', exact: true }).click();
  await expect(page.getByText('Choose an answer first.')).toBeVisible();
  await page.getByRole('radio').first().check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Answer', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^(Right!|Not quite\.)$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Explanation' })).toBeVisible();
  const again = await member.call('getTodayQuiz', {});
  const questionID = (again as unknown as { quiz: { questionID: number } }).quiz.questionID;
  expect(await member.call('answerQuiz', { questionID, choice: 1 })).toMatchObject({ succeed: false, errorCode: 'alreadyAnswered' });

  // The mission completes within a minute (the minute run drains the members who did something).
  await expect(async () => {
    await page.goto('/points/missions');
    await expect(mission.getByText('Completed', { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000, intervals: [5_000] });
  await expect(page.getByText(/stamps? on this card/)).toBeVisible();

  // An owner adds points with a reason the member sees.
  expect(await consolePost(office, 'adjustPoints', { memberID: member.userID, amount: 5000, note: `Welcome ${tag}` })).toMatchObject({
    succeed: true,
  });
  await page.goto('/points');
  await expect(page.getByRole('heading', { level: 1, name: 'My points' })).toBeVisible();
  await expect(page.getByText(title).first()).toBeVisible();
  await expect(page.getByText(`Welcome ${tag}`).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // A physical reward: the address in Japanese input, a bad phone refused first.
  await page.goto('/rewards');
  await expect(page.getByRole('heading', { level: 1, name: 'Rewards' })).toBeVisible();
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Yoga mat' }) })
    .getByRole('link', { name: 'Apply' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Apply for Yoga mat' })).toBeVisible();
  await page.getByLabel('Postal code').fill('１００－０００１');
  await page.getByLabel('Prefecture').selectOption({ label: 'Tokyo' });
  await page.getByLabel('City, town and street number').fill('千代田区千代田1-1');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('山田 花子');
  await page.getByLabel('Phone number').fill('12-34');
  await page.getByRole('button', { name: 'Review and apply' }).click();
  await expect(page.getByText('Enter a phone number of 10 or 11 digits starting with 0.')).toBeVisible();
  await page.getByLabel('Phone number').fill('０３－１２３４－５６７８');
  await page.getByRole('button', { name: 'Review and apply' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/Yoga mat for 3,000 points/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Your application was received' })).toBeVisible();
  await expect(page.getByText(/^(mid|late) [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'See my applications' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My applications' })).toBeVisible();
  await expect(page.getByText('Yoga mat').first()).toBeVisible();
  await expect(page.getByText('Applied', { exact: true }).first()).toBeVisible();
  await page.goto('/points');
  await expect(page.getByText('Exchange: Yoga mat').first()).toBeVisible();

  // The office sees the application with the normalised address in its export.
  const csv = await office.post('/api/console/exportRewardApplications', { data: {}, headers: { origin: BASE_URL } });
  const text = await csv.text();
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text).toContain('100-0001');
  expect(text).toContain('0312345678');
  await office.dispose();
});

for (const lang of ['ja', 'en'] as Lang[]) {
  test(`the demo member's points, missions, quiz and rewards in ${lang}`, async ({ page }, testInfo) => {
    await useLanguage(page, lang);
    await loginAs(page, 'member@example.com');
    const words = {
      ja: { points: 'ポイント', missions: 'ミッション', quiz: '健康クイズ', rewards: 'ポイント交換' },
      en: { points: 'My points', missions: 'Missions', quiz: 'Daily health quiz', rewards: 'Rewards' },
    }[lang];
    for (const [route, name] of [
      ['/points', 'points'],
      ['/points/missions', 'missions'],
      ['/quiz', 'quiz'],
      ['/rewards', 'rewards'],
      ['/rewards/applications', 'applications'],
    ] as const) {
      await page.goto(route);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toBeVisible();
      if (name !== 'applications') await expect(heading).toContainText(words[name]);
      await expectNoAxeViolations(page);
      if (SCREENSHOTS) await screenshot(page, testInfo, `points-${name}`, lang);
    }
  });
}

const CONSOLE_SHOTS = path.join(import.meta.dirname, '../../.tmp/shots/console');

for (const lang of ['ja', 'en'] as Lang[]) {
  test(`the office's points pages: missions, the quiz with its rates, rewards, campaigns and applications (${lang})`, async ({ page }, testInfo) => {
    const width = testInfo.project.name;
    await useLanguage(page, lang);
    await uiSignIn(page, 'editor', lang);
    const words = {
      ja: {
        nav: 'ポイント',
        missions: 'ポイントミッション',
        quiz: '毎日クイズ',
        rewards: '交換商品',
        campaigns: '交換キャンペーン',
        applications: '商品交換の申込',
      },
      en: {
        nav: 'Points',
        missions: 'Point missions',
        quiz: 'Daily quiz',
        rewards: 'Rewards catalogue',
        campaigns: 'Exchange campaigns',
        applications: 'Reward applications',
      },
    }[lang];
    for (const [route, name] of [
      ['/console/points', 'missions'],
      ['/console/points/quiz', 'quiz'],
      ['/console/points/rewards', 'rewards'],
      ['/console/points/campaigns', 'campaigns'],
      ['/console/points/applications', 'applications'],
    ] as const) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1, name: words[name] })).toBeVisible();
      await expect(page.getByRole('table').first()).toBeVisible();
      await expectNoAxeViolations(page);
      if (SCREENSHOTS) await page.screenshot({ path: path.join(CONSOLE_SHOTS, `points-${name}-${width}-${lang}.png`), fullPage: true });
    }
    // The demo round's page: every question with its right-answer rate.
    await page.goto('/console/points/quiz');
    await page.getByRole('table').first().getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    if (SCREENSHOTS) await page.screenshot({ path: path.join(CONSOLE_SHOTS, `points-quiz-round-${width}-${lang}.png`), fullPage: true });
  });
}
