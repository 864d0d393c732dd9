import { test, expect, uniqueTag, useLanguage, signIn, expectNoAxeViolations, waitForApp } from '../support/fixtures.ts';
import { apiSignIn } from '../support/console.ts';

/**
 * Issue 16, item 3, as members see it. Runs in the `after-all` project (playwright.config.ts), once the other
 * projects are done: a new FAQ item and a new terms version reach every member, and other specs count the FAQ and
 * read the terms.
 */
const TOKYO_OFFSET_MS = 9 * 3600_000;
const tokyoDay = (ms: number) => new Date(ms + TOKYO_OFFSET_MS).toISOString().slice(0, 10);

test('an editor adds an FAQ item that members see, then publishes new terms that a member must accept', async ({ page, browser, createMember }) => {
  test.setTimeout(240_000);
  const member = await createMember({ locale: 'en' });
  await useLanguage(page, 'en');
  await apiSignIn(page, 'editor');
  const tag = uniqueTag(8);

  // An FAQ item in the first category, shown from today (Tokyo) for a week.
  await page.goto('/console/help');
  await expect(page.getByRole('heading', { level: 1, name: 'FAQ & help' })).toBeVisible();
  await page
    .getByRole('link', { name: /^Add an item/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'New FAQ item' })).toBeVisible();
  await page.getByLabel('Question (Japanese)').fill(`新しい質問 ${tag}`);
  await page.getByLabel('Question (English)').fill(`A new question ${tag}`);
  const answer = page.getByRole('textbox', { name: 'Answer (Japanese)' });
  await answer.click();
  await page.keyboard.insertText('新しい答え');
  await page.getByLabel('First day shown').fill(tokyoDay(Date.now()));
  await page.getByLabel('Last day shown').fill(tokyoDay(Date.now() + 7 * 86_400_000));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/console\/help\/faq\/\d+$/);

  const guest = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const faqPage = await guest.newPage();
  await useLanguage(faqPage, 'en');
  await faqPage.goto('/faq');
  await waitForApp(faqPage);
  await expect(faqPage.getByText(`A new question ${tag}`)).toBeVisible();
  await guest.close();

  // Version 3 of the terms: a Japanese draft of the terms of use, then publishing it.
  await page.goto('/console/help');
  await page.getByRole('link', { name: 'Draft version 3 Terms of Use (Japanese)' }).click();
  await expect(page.getByText('This is a draft of version 3 (members read version 2).')).toBeVisible();
  await page.getByLabel('Title').fill(`利用規約 第3版 ${tag}`);
  await page.getByRole('button', { name: 'Save the draft of version 3' }).click();
  await expect(page.getByText('The draft of version 3 was saved')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Back to FAQ & help' }).click();
  await page.getByRole('button', { name: 'Publish version 3' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish version 3' }).click();
  await expect(page.getByText('Version 3 was published')).toBeVisible();
  await expect(page.getByText('Current terms version: 3')).toBeVisible();

  // The member (who accepted version 2) comes back: the terms first, with the new text; then the app.
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const memberPage = await context.newPage();
  await useLanguage(memberPage, 'en');
  await signIn(memberPage, member);
  await memberPage.goto('/events');
  await waitForApp(memberPage);
  await expect(memberPage).toHaveURL(/\/terms$/);
  await expect(memberPage.getByText(`利用規約 第3版 ${tag}`).first()).toBeVisible();
  await memberPage.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(memberPage).not.toHaveURL(/\/terms$/);
  await memberPage.goto('/events');
  await waitForApp(memberPage);
  await expect(memberPage).toHaveURL(/\/events$/);
  expect(await memberPage.evaluate(() => localStorage.getItem('hibi.session'))).toContain('"termsVersion":3');
  await context.close();
});
