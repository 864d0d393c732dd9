import { test, expect, useLanguage, loginAs, expectNoAxeViolations, screenshot, type Lang } from '../support/fixtures.ts';

const LANGS: Lang[] = ['ja', 'en'];
const T = {
  ja: {
    steps: '歩数ログ',
    health: 'ヘルスログ',
    prev: '前の週',
    next: '次の週',
    average: '今週の平均歩数',
    table: '表で見る',
    weight: '体重',
    bmi: 'BMI',
    bodyFat: '体脂肪率',
    streak: /日連続入力中/,
    ratings: '毎日の生活習慣チェック',
    report: '生活習慣レポート',
    year: '年',
    month: '月',
    position: /上位 [\d.]+% です/,
    recommended: 'あなたへのおすすめ記事',
  },
  en: {
    steps: 'Steps log',
    health: 'Health log',
    prev: 'Previous week',
    next: 'Next week',
    average: 'Average steps this week',
    table: 'Show as a table',
    weight: 'Weight',
    bmi: 'BMI',
    bodyFat: 'Body fat',
    streak: /days in a row/,
    ratings: 'Daily lifestyle check',
    report: 'Lifestyle report',
    year: 'Year',
    month: 'Month',
    position: /top [\d.]+%/,
    recommended: 'Recommended articles for you',
  },
} as const;

/** The previous month in Asia/Tokyo: the report's default. */
function previousMonth() {
  const d = new Date(Date.now() + 9 * 3_600_000);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + 1;
  return m === 1 ? { year: y - 1, month: 12 } : { year: y, month: m - 1 };
}

test.describe('health charts on home', () => {
  for (const lang of LANGS) {
    test(`member walks the weeks of both charts in ${lang}`, async ({ page }, testInfo) => {
      const t = T[lang];
      await useLanguage(page, lang);
      await loginAs(page, 'member@example.com');
      await page.goto('/');
      const stepsTab = page.getByRole('tab', { name: t.steps });
      await expect(stepsTab).toHaveAttribute('aria-selected', 'true');
      const panel = page.getByRole('tabpanel');
      await expect(panel.getByText(t.average)).toBeVisible();
      // The seeded population ranks the member this week.
      await expect(panel.getByText(lang === 'ja' ? /\d+位 \/ \d+人/ : /\d+ of \d+/)).toBeVisible();
      await expect(panel.locator('canvas[role="img"]')).toBeVisible();
      const next = panel.getByRole('button', { name: t.next });
      const prev = panel.getByRole('button', { name: t.prev });
      await expect(next).toBeDisabled();
      const label = panel.locator('.health-week-nav__label');
      const thisWeek = await label.textContent();
      await prev.click();
      await expect(label).not.toHaveText(thisWeek!);
      await expect(next).toBeEnabled();
      await prev.click();
      await next.click();
      await next.click();
      await expect(label).toHaveText(thisWeek!);
      await expect(next).toBeDisabled();
      // The table alternative lists the 7 days.
      await panel.getByText(t.table).click();
      await expect(panel.locator('table tbody tr')).toHaveCount(7);
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'health-home-steps', lang);

      const healthTab = page.getByRole('tab', { name: t.health });
      await expect(healthTab).toContainText(t.streak);
      await healthTab.click();
      await expect(healthTab).toHaveAttribute('aria-selected', 'true');
      const healthPanel = page.getByRole('tabpanel');
      await expect(healthPanel.getByRole('table', { name: t.ratings })).toBeVisible();
      await expect(healthPanel.getByRole('radio', { name: t.weight })).toBeChecked();
      await expect(healthPanel.getByText('kg').first()).toBeVisible();
      await healthPanel.getByRole('radio', { name: t.bmi }).check();
      await expect(healthPanel.getByText('kg/㎡').first()).toBeVisible();
      await healthPanel.getByRole('radio', { name: t.bodyFat }).check();
      await expect(healthPanel.getByText('%').first()).toBeVisible();
      await healthPanel.getByRole('button', { name: t.prev }).click();
      await expect(healthPanel.getByRole('button', { name: t.next })).toBeEnabled();
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'health-home-log', lang);
    });
  }

  test('steps sent through the mobile-app calls show on the chart, capped bar but exact figure', { tag: '@one-width' }, async ({ page, member }) => {
    await useLanguage(page, 'en');
    // The member's phone sends today's steps, as the app does.
    const device = { source: 'e2e-phone', osType: 'ios', osVersion: '17', appVersion: '1.0' };
    expect((await member.call('uploadHealthData', { ...device, healthData: [{ dateTime: Date.now(), steps: 16543 }] })).succeed).toBe(true);
    expect((await member.call('notifyHealthDataFixed', device)).appliedDays).toBe(1);
    await page.goto('/');
    const panel = page.getByRole('tabpanel');
    await panel.getByText('Show as a table').click();
    await expect(panel.locator('table')).toContainText('16,543 steps');
  });
});

test.describe('lifestyle report', () => {
  for (const lang of LANGS) {
    test(`member picks report months across years in ${lang}`, async ({ page }, testInfo) => {
      const t = T[lang];
      const latest = previousMonth();
      await useLanguage(page, lang);
      const token = await loginAs(page, 'member@example.com');
      await page.goto('/account/healthStats');
      await expect(page.getByRole('heading', { level: 1, name: t.report })).toBeVisible();
      // Today's status and the logging streak, as the server counts them (issue 13, finding 12).
      const status = await (
        await page.request.post('/api/functions/getHealthLogInputStatus', { data: {}, headers: { authorization: `Bearer ${token}` } })
      ).json();
      const card = page.locator('.health-logging-status');
      await expect(card.locator('.health-logging-status__today')).toHaveText(
        status.loggedToday
          ? lang === 'ja'
            ? '今日の記録：記録済みです'
            : 'Today: logged'
          : lang === 'ja'
            ? '今日の記録：まだ記録していません（スマートフォンアプリから記録できます）'
            : 'Today: not logged yet (log it in the smartphone app)',
      );
      if (status.continuousDays >= 2) {
        await expect(card.locator('.health-logging-status__streak')).toHaveText(
          lang === 'ja' ? `${status.continuousDays}日連続で記録中` : `Logged ${status.continuousDays} days in a row`,
        );
      } else {
        await expect(card.locator('.health-logging-status__streak')).toHaveCount(0);
      }
      const year = page.getByLabel(t.year, { exact: true });
      const month = page.getByLabel(t.month, { exact: true });
      await expect(year).toHaveValue(String(latest.year));
      await expect(month).toHaveValue(String(latest.month));
      await expect(page.getByText(t.position)).toBeVisible();
      await expect(page.getByRole('heading', { name: t.recommended })).toBeVisible();
      await expect(page.locator('canvas[role="img"]')).toHaveCount(4);
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'health-report', lang);

      // December 2021 is the first month; a year without the chosen month falls back to its latest month.
      await year.selectOption('2021');
      await expect(month).toHaveValue('12');
      await expect(month.locator('option')).toHaveCount(1);
      await year.selectOption(String(latest.year));
      await expect(month).toHaveValue(String(latest.month));
      await expect(month.locator('option')).toHaveCount(latest.month);
      await year.selectOption(String(latest.year - 1));
      await expect(month).toHaveValue(String(latest.month));
      await expect(month.locator('option')).toHaveCount(12);
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'health-report-older', lang);
    });
  }

  test('guests see the login prompt instead of the report', { tag: '@one-width' }, async ({ page }) => {
    await useLanguage(page, 'en');
    await page.goto('/account/healthStats');
    await expect(page.getByRole('heading', { level: 1, name: 'Lifestyle report' })).toHaveCount(0);
    await expect(page.locator('canvas')).toHaveCount(0);
  });
});
