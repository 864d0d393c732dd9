import { test, expect, useLanguage, expectNoAxeViolations, screenshot, uniqueTag, BASE_URL } from '../support/fixtures.ts';
import { apiSignIn, consolePost } from '../support/console.ts';

/**
 * Issue 55 (docs/decisions/178-online-sessions-reminders-and-check-in.md): a booked online session shows its join link
 * and no entry pass, and the overview's capacity agrees with the seats; a walking week under way is in the default
 * list; a session's reservations keep attendance and the cancel button in view beside many questionnaire columns.
 * Both languages at both widths.
 */
const HOUR = 3_600_000;

const T = {
  ja: { join: 'オンラインで参加する', pass: '入場パスを表示', capacity: '200名', week: 'ウォーキングウィーク', notYet: '未受付', cancel: '取り消す' },
  en: { join: 'Join online', pass: 'Show entry pass', capacity: '200 people', week: 'Walking week', notYet: 'Not yet', cancel: 'Cancel' },
} as const;

test('a booked online session shows its join link and no entry pass; the capacity agrees; a walking week under way is listed', async ({
  page,
  member,
}, testInfo) => {
  test.setTimeout(120_000);
  const list = await member.call('getEvents', { scheduleType: 1, perPage: 50, locale: 'en' });
  const talk = (list.events as { id: number; title: string }[]).find((e) => e.title === 'Mental health lunch talk')!;
  const detail = await member.call('getEventByID', { eventID: talk.id });
  const session = detail.event.sessions[0] as { id: number; url: string | null };
  // Not booked: no link anywhere in the answer.
  expect(session.url ?? null).toBeNull();
  await useLanguage(page, 'ja');
  await page.goto(`/events/${talk.id}`);
  await expect(page.getByRole('link', { name: new RegExp(T.ja.join) })).toHaveCount(0);

  expect(await member.call('reserveEvent', { eventID: talk.id, sessionID: session.id })).toMatchObject({ succeed: true });
  try {
    for (const lang of ['ja', 'en'] as const) {
      await useLanguage(page, lang);
      await page.goto(`/events/${talk.id}`);
      const join = page.getByRole('link', { name: new RegExp(T[lang].join) });
      await expect(join).toBeVisible();
      expect(await join.getAttribute('href')).toMatch(/^https:\/\/meet\.example\.com\/hibi\//);
      await expect(join).toHaveAttribute('target', '_blank');
      // An online-only session has no door: no entry pass.
      await expect(page.getByRole('button', { name: T[lang].pass })).toHaveCount(0);
      // The overview's capacity is the session's 200 seats, not "no limit".
      await expect(page.locator('table').getByText(T[lang].capacity, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await join.scrollIntoViewIfNeeded();
      await screenshot(page, testInfo, 'event-online-booked', lang);

      // The default events list has the walking week under way.
      await page.goto('/events');
      await expect(page.locator('.events-list .event-card').filter({ hasText: T[lang].week }).first()).toBeVisible();
      await screenshot(page, testInfo, 'events-default-list', lang);
    }
  } finally {
    await member.call('cancelEventReservation', { eventID: talk.id, sessionID: session.id });
  }
});

test('a session’s reservations keep attendance and cancel in view beside five questionnaire columns, by keyboard too', async ({
  page,
  member,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = uniqueTag(6);
  const start = Math.floor((Date.now() + 2 * HOUR) / 60_000) * 60_000;
  await apiSignIn(page, 'editor');
  const eventId = (
    await consolePost(page.request, 'saveEvent', {
      title: { ja: `アンケートの多いイベント ${tag}`, en: `Many questions ${tag}` },
      startAt: start,
      endAt: start + HOUR,
      publishAt: Date.now() - 60_000,
    })
  ).id as number;
  const sessionId = (
    await consolePost(page.request, 'saveEventSession', {
      eventId,
      title: { ja: '本編', en: 'Main' },
      startAt: start,
      endAt: start + HOUR,
      capacity: 10,
    })
  ).id as number;
  const questions = [1, 2, 3, 4, 5].map((n) => ({
    type: 'text',
    question: {
      ja: `質問${n}：参加の目的やご要望を詳しくお聞かせください`,
      en: `Question ${n}: tell us in detail why you come and what you hope for`,
    },
  }));
  expect(await consolePost(page.request, 'saveQuestionnaire', { eventId, questions })).toMatchObject({ succeed: true });
  try {
    const asked = (await member.call('getEventByID', { eventID: eventId })).event.questions as { questionnaireIndex: number }[];
    const body = asked.map((q) => ({
      questionnaireIndex: q.questionnaireIndex,
      answer: '肩こりと腰痛が気になっているので、自宅でできる運動を教えてほしいです。'.repeat(2),
    }));
    expect(await member.call('reserveEvent', { eventID: eventId, sessionID: sessionId, body })).toMatchObject({ succeed: true });
    for (const lang of ['ja', 'en'] as const) {
      await page.context().addCookies([{ name: 'hibi_lang', value: lang, url: BASE_URL, sameSite: 'Lax' }]);
      await page.goto(`/console/events/${eventId}/sessions/${sessionId}`);
      const row = page.getByRole('row', { name: new RegExp(member.email.replace(/[.+]/g, '\\$&')) });
      await expect(row).toBeVisible();
      const cancel = row.getByRole('button', { name: new RegExp(T[lang].cancel) });
      const attendance = row.getByText(T[lang].notYet, { exact: true });
      if (testInfo.project.name === 'desktop') {
        // At 1440 px both sit in view without scrolling the table sideways.
        await expect(cancel).toBeInViewport({ ratio: 1 });
        await expect(attendance).toBeInViewport({ ratio: 1 });
      }
      // The keyboard reaches the cancel button; Escape closes its confirmation.
      await cancel.focus();
      await expect(cancel).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // The answers' region scrolls sideways from the keyboard.
      const region = page.getByRole('region', { name: lang === 'ja' ? '予約者' : 'Reservations' });
      await region.focus();
      await expect(region).toBeFocused();
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'console-session-reservations', lang);
    }
  } finally {
    await consolePost(page.request, 'unpublishEvent', { id: eventId });
  }
});
