import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, uniqueTag, useLanguage, signIn, expectNoAxeViolations, type Lang, waitForApp, SCREENSHOTS } from '../support/fixtures.ts';
import { apiSignIn } from '../support/console.ts';

/**
 * Issue 16, item 2: an editor builds a survey for the lite-plan company (no other spec counts that company's surveys),
 * a member of it answers, the editor reads the results and downloads the CSV, which the test reads. Then every survey
 * page is axe-clean in both languages at both widths, with screenshots to look at.
 */
const SHOTS = process.env.SHOTS_DIR ?? path.join(import.meta.dirname, '../../.tmp/shots/console-surveys');
const TOKYO_OFFSET_MS = 9 * 3600_000;
const tokyoInput = (ms: number) => new Date(ms + TOKYO_OFFSET_MS).toISOString().slice(0, 16);

async function shot(page: Page, testInfo: TestInfo, name: string, lang: Lang) {
  fs.mkdirSync(SHOTS, { recursive: true });
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}-${testInfo.project.name}-${lang}.png`), fullPage: true });
}

test('an editor builds a survey, a member answers it, the editor reads the results and the CSV', async ({
  page,
  browser,
  createMember,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the whole flow once; the pages are checked at 375 px below');
  test.setTimeout(240_000);
  await useLanguage(page, 'en');
  await apiSignIn(page, 'editor');
  const tag = uniqueTag(8);
  const title = `Lunch survey ${tag}`;

  await page.goto('/console/surveys');
  await page.getByRole('link', { name: 'New survey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New survey' })).toBeVisible();
  await page.getByLabel('Title (Japanese)').fill(`昼食アンケート ${tag}`);
  await page.getByLabel('Title (English)').fill(title);
  await page.getByLabel('Starts').fill(tokyoInput(Date.now() - 5 * 60_000));
  await page.getByLabel('Ends').fill(tokyoInput(Date.now() + 7 * 24 * 3600_000));
  await page.getByLabel('Members of chosen companies only').check();
  await page.getByLabel('Lite Plan Studio LLC').check();

  // The first question (single choice) is there already: its text, two choices, required.
  const first = page.locator('.survey-item').nth(0);
  await first.getByLabel('Question (Japanese)').fill('昼食はどこで？');
  await first.getByLabel('Question (English)').fill('Where do you eat lunch?');
  await first.getByLabel('Choice 1 (Japanese)').fill('社員食堂');
  await first.getByLabel('Choice 1 (English)').fill('Canteen');
  await first.getByLabel('Choice 2 (Japanese)').fill('外');
  await first.getByLabel('Choice 2 (English)').fill('Outside');
  await first.getByLabel('Required').check();
  // A free-text question, added and moved above the first with the keyboard.
  await page.getByRole('button', { name: 'Add Free text' }).click();
  const second = page.locator('.survey-item').nth(1);
  await expect(second.getByLabel('Question (Japanese)')).toBeFocused();
  await page.keyboard.type('ひとこと');
  await second.getByLabel('Question (English)').fill('Any comment?');
  await second.getByRole('button', { name: 'Move up (item 2)' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.survey-item').nth(0).getByLabel('Question (English)')).toHaveValue('Any comment?');
  await page.locator('.survey-item').nth(0).getByRole('button', { name: 'Move down (item 1)' }).click();
  await expect(page.locator('.survey-item').nth(1).getByLabel('Question (English)')).toHaveValue('Any comment?');
  await page.getByLabel('Published (shown within its window)').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved (Running)')).toBeVisible();
  await expect(page).toHaveURL(/\/console\/surveys\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());

  // A member of the lite-plan company answers it on the member pages.
  const member = await createMember({ plan: 'lite', locale: 'en' });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  const memberPage = await context.newPage();
  await useLanguage(memberPage, 'en');
  await signIn(memberPage, member);
  await memberPage.goto(`/surveys/${id}`);
  await waitForApp(memberPage);
  await expect(memberPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await memberPage.getByLabel('Outside').check();
  await memberPage.locator('textarea').fill('Quiet, please, "really"');
  await memberPage.getByRole('button', { name: 'Send my answers' }).click();
  await expect(memberPage.getByText("You've completed the survey.")).toBeVisible();
  await context.close();

  // The results: one respondent, the choice counted, the text listed; the table says what the bars show.
  await page.goto(`/console/surveys/${id}/results`);
  await expect(page.getByText('1 respondent')).toBeVisible();
  const table = page.getByRole('table', { name: 'Counts of Q1' });
  await expect(table.getByRole('row', { name: /Outside/ })).toContainText('100%');
  await expect(table.getByRole('row', { name: /Canteen/ })).toContainText('0');
  await expect(page.getByText('Quiet, please, "really"')).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'survey-results-flow', 'en');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`survey-${id}-answers.csv`);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.startsWith('\ufeff')).toBe(true);
  const lines = csv.slice(1).trimEnd().split('\r\n');
  expect(lines).toHaveLength(2);
  // No account id, and no company named for fewer than 5 respondents (decision 144): the answer is nobody's in particular.
  expect(lines[0]).toBe('企業 (company),"回答日時 (answered at, JST)",言語 (language),Q1 昼食はどこで？,Q2 ひとこと');
  expect(lines[1]).toMatch(/^5名未満 \(fewer than 5\),\d{4}-\d{2}-\d{2} \d{2}:\d{2},en,外,"Quiet, please, ""really"""$/);
  await expect(page.getByText(`Downloaded survey-${id}-answers.csv`)).toBeVisible();

  // With an answer the structure is fixed, and the editor says why.
  await page.getByRole('link', { name: 'Edit the survey' }).click();
  await expect(page.getByText('This survey has answers: only its texts and window can change')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Add / })).toHaveCount(0);
  await expect(page.locator('.survey-item').nth(0).getByLabel('Kind')).toBeDisabled();
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'survey-edit-locked', 'en');
});

for (const lang of ['ja', 'en'] as const) {
  test(`the survey and help pages are axe-clean in ${lang}`, async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    await apiSignIn(page, 'editor');
    await page.goto('/console/surveys');
    await page.evaluate((l) => localStorage.setItem('hibi.language', l), lang);
    await page.reload();
    await expect(page.locator('.console-table')).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, testInfo, 'surveys', lang);

    // The demo's answered survey: its editor (locked) and its results.
    const answered = page
      .locator('.console-table tbody tr', { hasText: lang === 'ja' ? '睡眠と休養のチェック' : 'Sleep and rest check' })
      .getByRole('link')
      .first();
    await page.goto((await answered.getAttribute('href'))!);
    await expect(page.locator('.survey-item').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, testInfo, 'survey-edit', lang);
    await page.goto(page.url() + '/results');
    await expect(page.locator('.survey-results__question').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, testInfo, 'survey-results', lang);

    await page.goto('/console/surveys/new');
    await expect(page.locator('.survey-item')).toHaveCount(1);
    await page.locator('.survey-builder__add button').nth(3).click();
    await page.locator('button[type="submit"]').click();
    await expect(page.locator('.form-error').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, testInfo, 'survey-new-errors', lang);

    // FAQ and help pages (read and opened, nothing saved: console-help.spec writes, after the other specs).
    await page.goto('/console/help');
    await expect(page.locator('.help-category').first()).toBeVisible();
    await expect(page.locator('.help-page-card').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, testInfo, 'help', lang);
    await page.locator('.help-item a').first().click();
    await expect(page.locator('.console-rich__content')).toHaveCount(2);
    await expectNoAxeViolations(page);
    await shot(page, testInfo, 'faq-item', lang);
    await page.goto(`/console/help/pages/about/${lang}/2`);
    await expect(page.locator('.console-rich__content').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, testInfo, 'help-page-current', lang);
    await page.goto(`/console/help/pages/termsOfUse/${lang}/3`);
    await expect(page.locator('.console-rich__content').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, testInfo, 'help-page-next', lang);
  });
}
