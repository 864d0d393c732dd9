import { test, expect, useLanguage, loginAs, expectNoAxeViolations, screenshot } from '../support/fixtures.ts';

const EVERY_TYPE = { ja: '毎日の健康習慣アンケート 2026', en: 'Daily health habits survey 2026' };
const ANSWERED = { ja: '睡眠と休養のチェック', en: 'Sleep and rest check' };
const TEXT = {
  ja: {
    list: 'アンケート',
    empty: 'アンケートはありません',
    required: '必須項目をすべて入力してください。',
    thanks: 'アンケートへのご回答が完了しました。',
    answered: '回答済み',
    answeredNotice: 'このアンケートは回答済みです',
    back: 'アンケート一覧に戻る',
    thanksBack: 'アンケート一覧へ',
    submit: '回答を送信する',
    login: 'ログインが必要です',
    contract: '法人契約',
  },
  en: {
    list: 'Surveys',
    empty: 'no surveys',
    required: 'Please fill in all the required fields.',
    thanks: "You've completed the survey.",
    answered: 'Answered',
    answeredNotice: 'You have already answered this survey',
    back: 'Back to the surveys',
    thanksBack: 'Back to the surveys',
    submit: 'Send my answers',
    login: 'Login required',
    contract: 'corporate contract',
  },
} as const;

for (const lang of ['ja', 'en'] as const) {
  test.describe(`surveys (${lang})`, () => {
    test('a guest sees the list with the contract note and the login block on a survey', async ({ page }, testInfo) => {
      await useLanguage(page, lang);
      await page.goto('/surveys');
      await expect(page.getByRole('heading', { level: 1, name: TEXT[lang].list })).toBeVisible();
      await expect(page.locator('.contract-note')).toContainText(lang === 'ja' ? '法人契約' : 'corporate contract');
      const card = page.getByRole('link', { name: new RegExp(EVERY_TYPE[lang]) });
      await expect(card).toBeVisible();
      await expect(card).toContainText(/\d{4}\.\d{2}\.\d{2} ~ \d{4}\.\d{2}\.\d{2}/);
      // Guests never see contract-only surveys.
      await expect(page.locator('.survey-card')).toHaveCount(2);
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'surveys-list-guest', lang);

      await card.click();
      await expect(page.getByRole('heading', { level: 1, name: EVERY_TYPE[lang] })).toBeVisible();
      await expect(page.getByRole('heading', { name: TEXT[lang].login })).toBeVisible();
      await expect(page.locator('form.survey-form')).toHaveCount(0);
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'survey-guest', lang);
    });

    test('a member answers the every-type survey after being told about the required items', async ({ page, member: _ }, testInfo) => {
      await useLanguage(page, lang);
      await page.goto('/surveys');
      await page.getByRole('link', { name: new RegExp(EVERY_TYPE[lang]) }).click();
      await expect(page.getByRole('heading', { level: 1, name: EVERY_TYPE[lang] })).toBeVisible();
      // Pink asterisks on the four required questions; line breaks and sanitised HTML kept.
      await expect(page.locator('.survey-question .required-mark')).toHaveCount(4);
      await expect(page.locator('.survey-comment br')).toHaveCount(1);
      await expect(page.locator('.survey-question em')).toHaveCount(1);
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'survey-form', lang);

      // Only the optional free text filled in: scroll to the top, the message, an alert on each required question.
      await page
        .locator('textarea')
        .last()
        .fill(lang === 'ja' ? 'ウォーキングイベントを増やしてほしい' : 'More walking events, please');
      await page.getByRole('button', { name: TEXT[lang].submit }).click();
      await expect(page.locator('.form-error')).toHaveText(TEXT[lang].required);
      await expect(page.locator('.survey-question__error')).toHaveCount(4);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'survey-required-missing', lang);

      const questions = page.locator('.survey-question');
      await questions.nth(0).getByRole('radio').nth(2).check();
      await questions.nth(1).getByRole('checkbox').nth(0).check();
      await questions.nth(1).getByRole('checkbox').nth(3).check();
      await questions.nth(2).getByRole('radio').nth(1).check();
      await expect(page.locator('.survey-question__error')).toHaveCount(1);
      await questions
        .nth(3)
        .locator('textarea')
        .fill(lang === 'ja' ? '毎日8,000歩歩く' : 'Walk 8,000 steps a day');
      await page.getByRole('button', { name: TEXT[lang].submit }).click();

      await expect(page).toHaveURL(/\/surveys\/\d+\/thanks$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[lang].thanks);
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'survey-thanks', lang);

      // The list was reset: the survey now carries the answered badge.
      await page.getByRole('link', { name: TEXT[lang].thanksBack }).click();
      const card = page.getByRole('link', { name: new RegExp(EVERY_TYPE[lang]) });
      await expect(card.locator('.survey-badge--answered')).toHaveText(TEXT[lang].answered);
      await screenshot(page, testInfo, 'surveys-list-member', lang);

      await card.click();
      await expect(page.getByRole('heading', { name: TEXT[lang].answeredNotice })).toBeVisible();
      await expect(page.locator('form.survey-form')).toHaveCount(0);
      await page.getByRole('link', { name: TEXT[lang].back }).click();
      await expect(page).toHaveURL(/\/surveys$/);
    });

    test('member@example.com finds the answered notice on the survey answered in the demo data', async ({ page }, testInfo) => {
      await useLanguage(page, lang);
      await loginAs(page, 'member@example.com');
      await page.goto('/surveys');
      // Corporate-contract members also see the contract-only and the company's own survey.
      await expect(page.locator('.survey-card')).toHaveCount(4);
      const card = page.getByRole('link', { name: new RegExp(ANSWERED[lang]) });
      await expect(card.locator('.survey-badge--answered')).toBeVisible();
      await card.click();
      await expect(page.getByRole('heading', { name: TEXT[lang].answeredNotice })).toBeVisible();
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'survey-answered', lang);
      await page.getByRole('link', { name: TEXT[lang].back }).click();
      await expect(page).toHaveURL(/\/surveys$/);
    });
  });
}

test('an unknown survey goes to the not-found page', { tag: '@one-width' }, async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/surveys/987654');
  await expect(page).toHaveURL(/\/notFound$/);
  await page.goto('/surveys/abc');
  await expect(page).toHaveURL(/\/notFound$/);
});

test('a failed submission shows the unknown-error message and keeps the answers', { tag: '@one-width' }, async ({ page, member: _ }) => {
  await useLanguage(page, 'en');
  // The answer never reaches the server: it fails as a server error would.
  await page.route('**/api/functions/answerQuestionnaire', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ succeed: false, errorCode: 'internalError' }) }),
  );
  await page.goto('/surveys');
  await page.getByRole('link', { name: new RegExp(EVERY_TYPE.en) }).click();
  const questions = page.locator('.survey-question');
  await questions.nth(0).getByRole('radio').nth(0).check();
  await questions.nth(1).getByRole('checkbox').nth(1).check();
  await questions.nth(2).getByRole('radio').nth(2).check();
  await questions.nth(3).locator('textarea').fill('Sleep earlier');
  await page.getByRole('button', { name: TEXT.en.submit }).click();
  await expect(page.locator('.form-error')).toHaveText('An unknown error has occurred. Please give it some time and try again.');
  await expect(page).toHaveURL(/\/surveys\/\d+$/);
  await expect(questions.nth(3).locator('textarea')).toHaveValue('Sleep earlier');
  await expect(questions.nth(2).getByRole('radio').nth(2)).toBeChecked();
});
