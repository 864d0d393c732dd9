import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, expectNoAxeViolations, uniqueTag, useLanguage, BASE_URL, type Lang, SCREENSHOTS } from '../support/fixtures.ts';
import { apiSignIn, consolePost, uiSignIn } from '../support/console.ts';

/**
 * Issue 60: the console's home. An editor signs in (password and TOTP code) and lands on the home; an announcement
 * scheduled in three days without its English title shows under "this week" (linked to its editor) and under "needs a
 * decision"; support lands on the home too and sees neither the editors' decisions nor them, but the members' figures.
 * Axe-clean and without a horizontal scroll at 375 px and 1440 px, in Japanese and English; screenshots under
 * .tmp/shots/console-home/ with E2E_SCREENSHOTS=1.
 */
const SHOTS = path.join(import.meta.dirname, '../../.tmp/shots/console-home');
const DAY = 86_400_000;

const TEXT = {
  ja: {
    title: 'ホーム',
    week: '今週の予定',
    decisions: '判断が必要なこと',
    missing: /英語が未入力の公開予定が\d+件あります/,
    usage: 'メンバーの利用状況',
    kind: 'お知らせ公開',
    bookingCloses: '予約受付終了',
    draft: '下書き：メンバーには表示されません',
    editAnnouncement: 'お知らせの編集',
    nav: 'ホーム',
    menu: 'メニュー',
  },
  en: {
    title: 'Home',
    week: 'This week',
    decisions: 'Needs a decision',
    missing: /\d+ scheduled items? ha(s|ve) no English yet/,
    usage: 'How members use it',
    kind: 'Announcement goes out',
    bookingCloses: 'Booking closes',
    draft: 'Draft: members will not see it',
    editAnnouncement: 'Edit announcement',
    nav: 'Home',
    menu: 'Menu',
  },
} as const;

async function check(page: Page, testInfo: TestInfo, name: string, lang: Lang) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    fs.mkdirSync(SHOTS, { recursive: true });
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}-${width}-${lang}.png`), fullPage: true });
  }
  await page.setViewportSize(testInfo.project.use.viewport!);
}

for (const lang of ['ja', 'en'] as const) {
  test(`an editor signs in and lands on the home, with this week and what needs a decision, in ${lang}`, async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const text = TEXT[lang];
    await useLanguage(page, lang);
    await uiSignIn(page, 'editor', lang);
    await expect(page).toHaveURL(/\/console\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();

    // Scheduled in three days, in Japanese only.
    const tag = uniqueTag(6);
    const title = `ホームのお知らせ ${tag}`;
    const saved = await (
      await page.request.post('/api/console/saveAnnouncement', {
        data: { title: { ja: title }, publishAt: Date.now() + 3 * DAY },
        headers: { origin: BASE_URL },
      })
    ).json();
    expect(saved.succeed).toBe(true);
    // A draft event with a session in two days whose booking closes tomorrow: its entries carry the longest words of
    // the week (the kind and "draft: members will not see it"), which must wrap on a phone rather than widen the page.
    const post = async (name: string, data: object) => {
      const answer = await consolePost(page.request, name, data);
      expect(answer.succeed).toBe(true);
      return answer;
    };
    const draft = await post('saveEvent', {
      title: { ja: `ホームの下書きイベント ${tag}` },
      startAt: Date.now() + 2 * DAY,
      endAt: Date.now() + 2 * DAY + 3_600_000,
      publishAt: null,
    });
    await post('saveEventSession', {
      eventId: draft.id,
      title: { ja: '午後の回' },
      startAt: Date.now() + 2 * DAY,
      endAt: Date.now() + 2 * DAY + 3_600_000,
      reservationStartAt: Date.now() - DAY,
      reservationEndAt: Date.now() + DAY,
    });

    // The page reads itself again when the window comes back into focus; "update now" does it at once.
    await page.getByRole('button', { name: lang === 'ja' ? '今すぐ更新' : 'Update now' }).click();
    const week = page.getByRole('region', { name: text.week, exact: true });
    const entry = week.getByRole('link', { name: new RegExp(`${text.kind} ${title}$`) });
    await expect(entry).toBeVisible();
    await expect(entry).toHaveAttribute('href', `/console/announcements/${saved.id}`);
    await expect(week.getByRole('link', { name: new RegExp(`${text.bookingCloses} · ${text.draft}`) }).first()).toBeVisible();
    const decisions = page.getByRole('region', { name: text.decisions, exact: true });
    await expect(decisions.getByRole('heading', { level: 3, name: text.missing })).toBeVisible();
    await expect(decisions.getByRole('link', { name: new RegExp(title) })).toHaveAttribute('href', `/console/announcements/${saved.id}`);
    // An editor sees bookings and answers, not the members' activity.
    const usage = page.getByRole('region', { name: text.usage, exact: true });
    await expect(usage).toBeVisible();
    await expect(usage.getByRole('columnheader', { name: lang === 'ja' ? '利用したメンバー' : 'Active members' })).toHaveCount(0);
    await check(page, testInfo, 'editor', lang);

    // Keyboard: the entry is reached with Tab and opens its editor with Enter.
    await entry.focus();
    await expect(entry).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/console/announcements/${saved.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: text.editAnnouncement })).toBeVisible();

    // Back home from the menu.
    if (testInfo.project.name === 'mobile') await page.getByRole('button', { name: text.menu }).click();
    await page.getByRole('navigation').getByRole('link', { name: text.nav, exact: true }).click();
    await expect(page).toHaveURL(/\/console\/home$/);
  });

  test(`support lands on the home without the editors' blocks, in ${lang}`, async ({ page }, testInfo) => {
    const text = TEXT[lang];
    await useLanguage(page, lang);
    await apiSignIn(page, 'support');
    await page.goto('/console/');
    await expect(page).toHaveURL(/\/console\/home$/);
    await expect(page.getByRole('region', { name: text.week, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: text.missing })).toHaveCount(0);
    const usage = page.getByRole('region', { name: text.usage, exact: true });
    await expect(usage.getByRole('columnheader', { name: lang === 'ja' ? '利用したメンバー' : 'Active members' })).toBeVisible();
    await check(page, testInfo, 'support', lang);
  });
}
