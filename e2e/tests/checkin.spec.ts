import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import QRCode from 'qrcode';
import { test, expect, expectNoAxeViolations, uniqueTag, BASE_URL, type Lang, SCREENSHOTS } from '../support/fixtures.ts';
import { apiSignIn, consolePost } from '../support/console.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../support/env.ts';

/**
 * Issue 33: a member books a session and opens the entry pass on the event page; an editor's phone-sized console page
 * reads the pass's QR code through Chromium's fake camera (a video of the QR code made here) and checks the member
 * in; the same pass read again says "already checked in". Attendance shows in the session's reservations and the
 * event list. Screenshots of the pass and the check-in page in both languages at 375 and 1440 px.
 */
const SHOTS = process.env.CHECKIN_SHOTS_DIR ?? path.join(import.meta.dirname, '../../.tmp/shots/checkin');
const VIDEO_DIR = path.join(import.meta.dirname, '../../.tmp/checkin-video');
const HOUR = 3_600_000;

/**
 * A video of a QR code for Chromium's fake camera: YUV4MPEG2 (4:2:0), the code black on white in the middle of a
 * 640×480 frame, 10 px a module with the quiet zone around it; Chromium plays the file in a loop.
 */
function qrVideo(text: string, file: string) {
  const width = 640;
  const height = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const scale = 10;
  const side = (size + 8) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if (!qr.modules.get(y, x)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const row = (top + (y + 4) * scale + dy) * width + left + (x + 4) * scale;
        luma.fill(16, row, row + scale);
      }
    }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame, frame]));
}

/** A browser of its own with a fake camera that shows `video`, and a phone-sized, signed-in editor's context. */
async function editorPhone(video: string, lang: Lang): Promise<{ browser: Browser; context: BrowserContext }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    baseURL: BASE_URL,
    locale: lang === 'ja' ? 'ja-JP' : 'en-US',
    permissions: ['camera'],
  });
  await context.addCookies([{ name: 'hibi_lang', value: lang, url: BASE_URL, sameSite: 'Lax' }]);
  await apiSignIn(context.request, 'editor');
  return { browser, context };
}

test('a member opens the entry pass; an editor’s phone reads it through the camera; a second scan says already checked in', async ({
  page,
  member,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the flow once; its second browser is a phone of its own');
  test.setTimeout(180_000);
  const tag = uniqueTag(6);
  const start = Math.floor((Date.now() + 3 * HOUR) / 60_000) * 60_000;

  // An event with a session starting in three hours, made through the console's API.
  await apiSignIn(page, 'editor');
  const saved = await consolePost(page.request, 'saveEvent', {
    title: { ja: `受付テスト ${tag}`, en: `Check-in test ${tag}` },
    startAt: start,
    endAt: start + HOUR,
    place: { ja: '日比谷', en: 'Hibiya' },
    publishAt: Date.now() - 60_000,
  });
  const eventId = saved.id as number;
  const session = await consolePost(page.request, 'saveEventSession', {
    eventId,
    title: { ja: '夕方の回', en: 'Evening' },
    startAt: start,
    endAt: start + HOUR,
    capacity: 10,
  });
  const sessionId = session.id as number;

  try {
    // The member books and opens the pass: the QR code and its code beneath.
    expect(await member.call('reserveEvent', { eventID: eventId, sessionID: sessionId })).toMatchObject({ succeed: true });
    await page.goto(`/events/${eventId}`);
    await page.getByRole('button', { name: '入場パスを表示' }).click();
    const pass = page.locator('figure.pass');
    await expect(pass.getByRole('img', { name: '「夕方の回」の入場パスのQRコード' })).toBeVisible();
    const token = (await pass.getAttribute('data-pass-token'))!;
    expect(token).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    // Beneath the QR code, the short code typed at the door (decision 178).
    await expect(pass.locator('code')).toHaveText(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    // Kept in the browser for the door without a connection.
    expect(await page.evaluate(() => localStorage.getItem('hibi.passes'))).toContain(token);
    fs.mkdirSync(SHOTS, { recursive: true });
    await pass.scrollIntoViewIfNeeded();
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SHOTS, 'pass-desktop-ja.png') });

    // The editor's phone: the camera sees the pass.
    const video = path.join(VIDEO_DIR, `pass-${tag}.y4m`);
    qrVideo(token, video);
    const { browser, context } = await editorPhone(video, 'ja');
    try {
      const phone = await context.newPage();
      await phone.goto(`/console/events/${eventId}/sessions/${sessionId}/checkin`);
      await expect(phone.getByRole('heading', { level: 1, name: '受付（チェックイン）' })).toBeVisible();
      await expectNoAxeViolations(phone);
      await phone.getByRole('button', { name: 'カメラを起動する' }).click();
      const result = phone.getByRole('status').filter({ hasText: /受付/ }).first();
      await expect(phone.locator('[data-outcome="ok"]')).toBeVisible({ timeout: 20_000 });
      await expect(result).toContainText('受付しました');
      await expect(result).toContainText(`${member.nickname} さん`);
      await expect(phone.getByRole('button', { name: new RegExp(`${member.nickname} さんの受付を取り消す`) })).toBeVisible();
      if (SCREENSHOTS) await phone.screenshot({ path: path.join(SHOTS, 'checkin-ok-mobile-ja.png'), fullPage: true });
      // The same pass still in front of the camera, read again: already checked in, in amber.
      await expect(phone.locator('[data-outcome="already"]')).toBeVisible({ timeout: 20_000 });
      await expect(phone.locator('[data-outcome="already"]')).toContainText('受付済みです');
      await phone.getByRole('button', { name: 'カメラを止める' }).click();
      if (SCREENSHOTS) await phone.screenshot({ path: path.join(SHOTS, 'checkin-already-mobile-ja.png'), fullPage: true });

      // A code typed by hand that is no pass: refused in red, nothing checked in.
      await phone.getByLabel('パスのコード').fill('HELLO');
      await phone.getByRole('button', { name: '受付する' }).click();
      await expect(phone.locator('[data-outcome="refused"]')).toContainText('Hibi のパスのコードではありません');
      if (SCREENSHOTS) await phone.screenshot({ path: path.join(SHOTS, 'checkin-refused-mobile-ja.png'), fullPage: true });

      // Attendance in the session's reservations and in the event list.
      await phone.getByRole('link', { name: '予約者一覧に戻る' }).click();
      await expect(phone.getByRole('row', { name: new RegExp(member.email) }).locator('time')).toHaveCount(2);
      const list = await consolePost(context.request, 'listConsoleEvents', { query: tag });
      expect(list.events[0]).toMatchObject({ reservedCount: 1, checkedInCount: 1 });
    } finally {
      await browser.close();
    }
  } finally {
    // Taken down again: the members' upcoming list is shared by the suite.
    await consolePost(page.request, 'unpublishEvent', { id: eventId });
  }
});

for (const lang of ['ja', 'en'] as const) {
  test(`the check-in page in ${lang}: typed codes, undo, axe-clean`, async ({ page, member }, testInfo) => {
    test.setTimeout(120_000);
    await page.context().addCookies([{ name: 'hibi_lang', value: lang, url: BASE_URL, sameSite: 'Lax' }]);
    await apiSignIn(page, 'editor');
    // Within the door's window: from three hours before the start (decision 178).
    const start = Math.floor((Date.now() + 2 * HOUR) / 60_000) * 60_000;
    const saved = await consolePost(page.request, 'saveEvent', {
      title: { ja: `受付画面 ${uniqueTag(6)}`, en: 'Check-in page' },
      startAt: start,
      endAt: start + HOUR,
      publishAt: Date.now() - 60_000,
    });
    const eventId = saved.id as number;
    const sessionId = (
      await consolePost(page.request, 'saveEventSession', {
        eventId,
        title: { ja: '夜の回', en: 'Night' },
        startAt: start,
        endAt: start + HOUR,
        capacity: 5,
      })
    ).id as number;
    try {
      expect(await member.call('reserveEvent', { eventID: eventId, sessionID: sessionId })).toMatchObject({ succeed: true });
      const pass = await member.call('getReservationPass', { eventID: eventId, sessionID: sessionId });
      const token = pass.token as string;
      const code = pass.code as string;
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
      const t =
        lang === 'ja'
          ? {
              code: 'パスのコード',
              submit: '受付する',
              ok: '受付しました',
              already: '受付済みです',
              undo: '受付を取り消す',
              undone: '受付を取り消しました',
            }
          : { code: 'Pass code', submit: 'Check in', ok: 'Checked in', already: 'Already checked in', undo: 'Undo', undone: 'Check-in undone' };
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.goto(`/console/events/${eventId}/sessions/${sessionId}/checkin`);
      // Who is in: nobody yet of the one booking (decision 178).
      const count = page.getByTestId('checkin-count');
      await expect(count).toHaveText(lang === 'ja' ? '来場状況: 受付済み 0名 ／ 予約 1名' : 'Who is in: Checked in: 0 of 1 booked');
      // The short code typed as read aloud: lower case with its hyphen.
      await page.getByLabel(t.code).fill(`${code.slice(0, 5)}-${code.slice(5)}`.toLowerCase());
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.locator('[data-outcome="ok"]')).toContainText(t.ok);
      await expect(count).toHaveText(lang === 'ja' ? '来場状況: 受付済み 1名 ／ 予約 1名' : 'Who is in: Checked in: 1 of 1 booked');
      await expectNoAxeViolations(page);
      if (SCREENSHOTS) await page.screenshot({ path: path.join(SHOTS, `checkin-${testInfo.project.name}-${lang}.png`), fullPage: true });
      // The old 26-character token of the same pass still works.
      await page.getByLabel(t.code).fill(token);
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.locator('[data-outcome="already"]')).toContainText(t.already);
      await page.getByRole('button', { name: new RegExp(t.undo) }).click();
      await expect(page.locator('[data-outcome="undone"]')).toContainText(t.undone);
      // The member's pass on the event page, in this language and width.
      await page.goto(`/events/${eventId}`);
      await page.getByRole('button', { name: lang === 'ja' ? '入場パスを表示' : 'Show entry pass' }).click();
      await expect(page.locator('figure.pass img')).toBeVisible();
      await expectNoAxeViolations(page);
      if (SCREENSHOTS) await page.screenshot({ path: path.join(SHOTS, `pass-${testInfo.project.name}-${lang}.png`), fullPage: true });
    } finally {
      await consolePost(page.request, 'unpublishEvent', { id: eventId });
    }
  });
}
