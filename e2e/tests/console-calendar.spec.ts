import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { test, expect, expectNoAxeViolations, uniqueTag, useLanguage, type Lang, SCREENSHOTS } from '../support/fixtures.ts';
import { apiSignIn, consolePost as post, type Envelope } from '../support/console.ts';

/**
 * Issue 36, item 3: the console's content calendar. An editor schedules an announcement and a draft event with a
 * session and its booking window; both show on their Tokyo days in the month view and the week view; the views move
 * by the query string (the back button goes back), and each entry opens its editor. The demo's scheduled
 * announcement is there too. The page is axe-clean, in Japanese at 375 px and in English at 1440 px, without a
 * horizontal scroll on the phone; screenshots under .tmp/shots/console-calendar/.
 */
const SHOTS = path.join(import.meta.dirname, '../../.tmp/shots/console-calendar');
const TOKYO_OFFSET_MS = 9 * 3600_000;
const DAY = 86_400_000;
/** The Tokyo day of an instant, YYYY-MM-DD. */
const tokyoDay = (ms: number) => new Date(ms + TOKYO_OFFSET_MS).toISOString().slice(0, 10);
/** A Tokyo wall time as epoch ms. */
const tokyo = (day: string, time: string) => Date.parse(`${day}T${time}:00+09:00`);
const addDays = (day: string, n: number) => tokyoDay(tokyo(day, '12:00') + n * DAY);

const TEXT = {
  ja: {
    title: 'コンテンツカレンダー',
    nav: 'カレンダー',
    month: '月',
    week: '週',
    nextWeek: '次の週',
    previousMonth: '前の月',
    today: '今日',
    date: '日付',
    show: '表示',
    announcement: 'お知らせ',
    session: '日程',
    bookingOpens: '予約受付開始',
    bookingCloses: '予約受付終了',
    draft: '下書き',
    emptyMonth: 'この月に予定されているものはありません。',
    weekdays: ['月', '火', '水', '木', '金', '土', '日'],
    monthHeading: (day: string) => `${Number(day.slice(0, 4))}年${Number(day.slice(5, 7))}月`,
    demoAnnouncement: '予約公開のお知らせ',
    editAnnouncement: 'お知らせの編集',
    editEvent: 'イベントの編集',
  },
  en: {
    title: 'Content calendar',
    nav: 'Calendar',
    month: 'Month',
    week: 'Week',
    nextWeek: 'Next week',
    previousMonth: 'Previous month',
    today: 'Today',
    date: 'Date',
    show: 'Show',
    announcement: 'Announcement',
    session: 'Session',
    bookingOpens: 'Booking opens',
    bookingCloses: 'Booking closes',
    draft: 'Draft',
    emptyMonth: 'Nothing is scheduled in this month.',
    weekdays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
    monthHeading: (day: string) =>
      new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(Date.parse(`${day}T00:00:00Z`)),
    demoAnnouncement: 'A scheduled announcement',
    editAnnouncement: 'Edit announcement',
    editEvent: 'Edit event',
  },
} as const;

async function consolePost(request: APIRequestContext, name: string, data: object): Promise<Envelope> {
  const body = await post(request, name, data);
  expect(body, `${name}: ${JSON.stringify(body)}`).toMatchObject({ succeed: true });
  return body;
}

async function check(page: Page, testInfo: TestInfo, name: string, lang: Lang) {
  await expectNoAxeViolations(page);
  // Nothing wider than the screen: the month is an agenda on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  fs.mkdirSync(SHOTS, { recursive: true });
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}-${testInfo.project.name}-${lang}.png`), fullPage: true });
}

/** A day of the calendar on screen, found by its heading (the whole date with its weekday, as a screen reader hears it). */
function dayOf(page: Page, lang: Lang, day: string): Locator {
  const weekday = TEXT[lang].weekdays[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7];
  const label = `${day.replaceAll('-', '.')} (${weekday})`;
  return page.locator('.calendar-day').filter({ has: page.getByRole('heading', { level: 3, name: label }) });
}

for (const lang of ['ja', 'en'] as const) {
  test(`an editor sees what is scheduled on the calendar by month and by week, and opens each editor, in ${lang}`, async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const text = TEXT[lang];
    const phone = testInfo.project.name === 'mobile';
    await useLanguage(page, lang);
    await apiSignIn(page, 'editor');
    const tag = uniqueTag(6);

    // A Monday some 400 days ahead: an announcement at 10:30, and a draft event (members never see it) whose session
    // runs on the Wednesday, booked from the Friday before to the Tuesday.
    const ahead = tokyoDay(Date.now() + 400 * DAY);
    const monday = addDays(ahead, -((new Date(`${ahead}T00:00:00Z`).getUTCDay() + 6) % 7));
    const announcementTitle = `カレンダーのお知らせ ${tag}`;
    const { id: announcementId } = await consolePost(page.request, 'saveAnnouncement', {
      title: { ja: announcementTitle, en: `Calendar announcement ${tag}` },
      publishAt: tokyo(monday, '10:30'),
    });
    const eventTitle = `カレンダーの下書きイベント ${tag}`;
    const { id: eventId } = await consolePost(page.request, 'saveEvent', {
      title: { ja: eventTitle },
      startAt: tokyo(addDays(monday, 2), '14:00'),
      endAt: tokyo(addDays(monday, 2), '15:30'),
      publishAt: null,
    });
    await consolePost(page.request, 'saveEventSession', {
      eventId,
      title: { ja: '午後の回' },
      startAt: tokyo(addDays(monday, 2), '14:00'),
      endAt: tokyo(addDays(monday, 2), '15:30'),
      reservationStartAt: tokyo(addDays(monday, -3), '09:00'),
      reservationEndAt: tokyo(addDays(monday, 1), '18:00'),
    });
    // Three more that day: more than a day of the month grid shows on a wide screen.
    for (const time of ['11:00', '12:00', '13:00']) {
      await consolePost(page.request, 'saveAnnouncement', { title: { ja: `同じ日のお知らせ ${time} ${tag}` }, publishAt: tokyo(monday, time) });
    }
    const enTitle = (ja: string, en: string) => (lang === 'en' ? en : ja);

    // From the menu to this month, then to the scheduled day's month through "go to a date".
    await page.goto('/console/');
    if (phone) await page.getByRole('button', { name: lang === 'ja' ? 'メニュー' : 'Menu' }).click();
    await page.getByRole('navigation').getByRole('link', { name: text.nav, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
    await expect(page).toHaveURL(/\/console\/calendar$/);
    await expect(page.getByRole('heading', { level: 2, name: text.monthHeading(tokyoDay(Date.now())) })).toBeVisible();
    await page.getByLabel(text.date, { exact: true }).fill(monday);
    await page.getByRole('button', { name: text.show, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/console/calendar\\?view=month&date=${monday}$`));
    await expect(page.getByRole('heading', { level: 2, name: text.monthHeading(monday) })).toBeVisible();

    // The month: the announcement on its day, in words (kind and time), with a link to its editor.
    const announcementName = `${text.announcement} 10:30 ${enTitle(announcementTitle, `Calendar announcement ${tag}`)}`;
    const announcement = dayOf(page, lang, monday).getByRole('link', { name: announcementName });
    await expect(announcement).toBeVisible();
    await expect(announcement).toHaveAttribute('href', `/console/announcements/${announcementId}`);
    await check(page, testInfo, 'month', lang);

    // A busy day: on a phone every entry is listed; on a wide screen three, and a link to the day's week for the rest.
    const last = dayOf(page, lang, monday).getByRole('link', { name: `${text.announcement} 13:00 同じ日のお知らせ 13:00 ${tag}` });
    if (phone) {
      await expect(last).toBeVisible();
      await expect(page.locator('.calendar-day__more:visible')).toHaveCount(0);
      await page.getByRole('link', { name: text.week, exact: true }).click();
    } else {
      await expect(last).toBeHidden();
      await dayOf(page, lang, monday)
        .getByRole('link', { name: new RegExp(`^${monday.replaceAll('-', '.')} \\(Mon\\): \\d+ more \\(open the week\\)$`) })
        .click();
    }

    // The week: the announcement on Monday, the booking window's close on Tuesday and the draft session on Wednesday.
    await expect(page).toHaveURL(new RegExp(`view=week&date=${monday}$`));
    await expect(dayOf(page, lang, monday).getByRole('link', { name: announcementName })).toBeVisible();
    const session = dayOf(page, lang, addDays(monday, 2)).getByRole('link', {
      name: `${text.session} 14:00–15:30 ${text.draft} ${eventTitle} · 午後の回`,
    });
    await expect(session).toBeVisible();
    await expect(session).toHaveAttribute('href', `/console/events/${eventId}`);
    await expect(
      dayOf(page, lang, addDays(monday, 1)).getByRole('link', { name: `${text.bookingCloses} 18:00 ${text.draft} ${eventTitle} · 午後の回` }),
    ).toBeVisible();
    // The window opened on the Friday before: not in this week.
    await expect(page.getByRole('link', { name: new RegExp(`^${text.bookingOpens} .*${tag}`) })).toHaveCount(0);
    await check(page, testInfo, 'week', lang);

    // The next week, and back with the browser's back button; the week before holds the opening of the window.
    await page.getByRole('link', { name: text.nextWeek, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`view=week&date=${addDays(monday, 7)}$`));
    await expect(page.getByRole('link', { name: new RegExp(tag) })).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`view=week&date=${monday}$`));
    await expect(session).toBeVisible();
    await page.goto(`/console/calendar?view=week&date=${addDays(monday, -3)}`);
    await expect(
      dayOf(page, lang, addDays(monday, -3)).getByRole('link', { name: `${text.bookingOpens} 09:00 ${text.draft} ${eventTitle} · 午後の回` }),
    ).toBeVisible();
    await page.goBack();

    // Each entry opens its editor, by keyboard too: reached with Tab, it shows the focus ring, and Enter follows it.
    await session.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(session).toBeFocused();
    expect(await session.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SHOTS, `week-focus-${testInfo.project.name}-${lang}.png`) });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/console/events/${eventId}$`));
    await expect(page.getByRole('heading', { level: 1, name: text.editEvent })).toBeVisible();
    await page.goBack();
    await dayOf(page, lang, monday).getByRole('link', { name: announcementName }).click();
    await expect(page).toHaveURL(new RegExp(`/console/announcements/${announcementId}$`));
    await expect(page.getByRole('heading', { level: 1, name: text.editAnnouncement })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`view=week&date=${monday}$`));

    // The demo content's scheduled announcement (published tomorrow) is on its day in this week's view.
    await page.getByRole('link', { name: text.today, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`view=week&date=${tokyoDay(Date.now())}$`));
    await expect(page.locator('.calendar-day--today')).toHaveAttribute('aria-current', 'date');
    // This month with the demo content's sessions, booking windows and surveys; a busy day's "more" opens its week.
    await page.getByRole('link', { name: text.month, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`view=month&date=${tokyoDay(Date.now())}$`));
    await expect(page.locator('.calendar-entry:visible').first()).toBeVisible();
    await check(page, testInfo, 'month-demo', lang);
    await page.getByRole('link', { name: text.week, exact: true }).click();
    await check(page, testInfo, 'week-demo', lang);
    await page.goto(`/console/calendar?view=week&date=${tokyoDay(Date.now() + DAY)}`);
    const demo = page.getByRole('link', { name: new RegExp(`^${text.announcement} \\d\\d:\\d\\d ${text.demoAnnouncement}$`) });
    await expect(demo).toBeVisible();
    const demoAt = Date.parse((await demo.locator('time').getAttribute('datetime'))!);
    await expect(dayOf(page, lang, tokyoDay(demoAt)).getByRole('link', { name: new RegExp(text.demoAnnouncement) })).toBeVisible();

    // A month with nothing scheduled says so.
    await page.goto('/console/calendar?view=month&date=2990-03-15');
    await expect(page.getByText(text.emptyMonth)).toBeVisible();
    await check(page, testInfo, 'month-empty', lang);
    await page.getByRole('link', { name: text.previousMonth, exact: true }).click();
    await expect(page).toHaveURL(/view=month&date=2990-02-01$/);
  });
}
