import path from 'node:path';
import { test, expect, uniqueTag, useLanguage, signIn, waitForApp, SCREENSHOTS } from '../support/fixtures.ts';
import { apiSignIn, uiSignIn } from '../support/console.ts';
import { exclusively, ANNOUNCEMENTS_LOCK } from '../support/locks.ts';
import { BASE_URL } from '../support/env.ts';

/**
 * Issue 15: an editor signs in with TOTP, writes an announcement with a rich-text section and an image, previews it
 * with the member page's components, schedules it a little ahead, and a member sees it at its time (not before).
 */
const IMAGE = path.join(import.meta.dirname, '../../apps/server/public/help/team-walk-poster.png');
const SHOTS = path.join(import.meta.dirname, '../../.tmp/shots/console');
const TOKYO_OFFSET_MS = 9 * 3600_000;
/** An instant as the value of a datetime-local input in Japan time. */
const tokyoInput = (ms: number) => new Date(ms + TOKYO_OFFSET_MS).toISOString().slice(0, 16);

test('an editor writes, previews and schedules an announcement; a member sees it at its time', async ({ page, createMember, browser }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the whole flow once; every console page is checked at 375 px in console-pages');
  test.setTimeout(300_000);
  // The members' announcements list is one for the whole server (announcements.spec counts it): held from before the
  // announcement is written until it is taken away again.
  await exclusively(
    ANNOUNCEMENTS_LOCK,
    async () => {
      await useLanguage(page, 'en');
      await uiSignIn(page, 'editor');
      // From the home (issue 60) to the announcements.
      await page.goto('/console/announcements');
      await page.getByRole('link', { name: 'New announcement' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'New announcement' })).toBeVisible();
      const tag = uniqueTag(8);
      const titleJa = `予約のお知らせ ${tag}`;
      const titleEn = `Scheduled notice ${tag}`;
      await page.getByLabel('Title (Japanese)').fill(titleJa);
      await page.getByLabel('Title (English)').fill(titleEn);

      // A description section: rich text with bold, and an uploaded image with its alt text.
      await page.getByRole('button', { name: 'Add a description section' }).click();
      await page.getByLabel('Heading (Japanese)').fill('今週の案内');
      const text = page.getByRole('textbox', { name: 'Text (Japanese)' });
      await text.click();
      await page.keyboard.type('ご参加ください。');
      await page.getByRole('toolbar', { name: 'Formatting of Text (Japanese)' }).getByRole('button', { name: 'Bold' }).click();
      // One input, as an IME commits a Japanese word: typed key by key under load, the bold mark was seen to hold only
      // the first character once (01:20 on 2026-11-24; open in the note).
      await page.keyboard.insertText('締切は金曜日');
      await expect(text.locator('strong')).toHaveText('締切は金曜日');
      const section = page.getByRole('group', { name: 'Section 1 (description)' });
      await section.getByRole('button', { name: 'Add an image' }).click();
      const picker = page.getByRole('dialog', { name: 'Choose an image' });
      await picker.getByLabel('Upload an image').setInputFiles(IMAGE);
      await expect(picker).toBeHidden();
      const uploaded = section.locator('.console-images__thumb');
      await expect(uploaded).toHaveAttribute('src', /^\/media\//);

      // Alt text is required: saving without it names the field.
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Some entries need fixing')).toBeVisible();
      await section.getByLabel('Alt text (Japanese)').fill('歩くチームのイラスト');

      // Scheduled for the minute after next (Japan time), 1 to 2 minutes ahead.
      const at = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;
      await page.getByLabel('Publish at a set time').check();
      await page.getByLabel('Publish at (Japan time)').fill(tokyoInput(at));

      // The preview renders it with the member page's components, in both languages and widths.
      await page.getByRole('button', { name: 'Show preview' }).click();
      const frame = page.getByTestId('preview-frame');
      await expect(frame.getByRole('heading', { level: 1, name: titleJa })).toBeVisible();
      await expect(frame.locator('.content-section__comment strong')).toHaveText('締切は金曜日');
      await expect(frame.locator('.content-section__images img')).toHaveAttribute('src', /^\/media\//);
      // The language switch renders the member components again with the other language's messages (after they load).
      await page.getByRole('radio', { name: 'English' }).click();
      await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
      await expect(frame.getByRole('heading', { level: 1, name: titleEn })).toBeVisible();
      await page.getByRole('radio', { name: '375 px' }).click();
      await expect(frame).toHaveClass(/console-preview__frame--375/);
      if (SCREENSHOTS) await frame.screenshot({ path: path.join(SHOTS, 'preview-375-en.png') });

      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Saved (Scheduled).')).toBeVisible();
      await expect(page).toHaveURL(/\/console\/announcements\/\d+$/);
      const id = Number(/(\d+)$/.exec(page.url())![1]);
      try {
        // Before its time: absent from the member's list and detail.
        const member = await createMember();
        const before = await member.call('getAnnouncements', { offset: 0, perPage: 50 });
        expect(before.succeed).toBe(true);
        expect(before.announcements.map((a: { id: number }) => a.id)).not.toContain(id);
        expect((await member.call('getAnnouncementById', { id })).succeed).toBe(false);
        expect(Date.now()).toBeLessThan(at);

        // At its time, without a restart: in the list, then on its page with the bold text and the image.
        await expect
          .poll(async () => (await member.call('getAnnouncements', { offset: 0, perPage: 50 })).announcements.map((a: { id: number }) => a.id), {
            timeout: 200_000,
            intervals: [5_000],
          })
          .toContain(id);
        expect(Date.now()).toBeGreaterThanOrEqual(at);
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        const memberPage = await context.newPage();
        await useLanguage(memberPage, 'ja');
        await signIn(memberPage, member);
        await memberPage.goto('/notifications');
        await waitForApp(memberPage);
        await memberPage.getByRole('link', { name: new RegExp(titleJa) }).click();
        await expect(memberPage.getByRole('heading', { level: 1, name: titleJa })).toBeVisible();
        await expect(memberPage.locator('.content-section__comment strong')).toHaveText('締切は金曜日');
        await expect(memberPage.locator('.content-section__images img')).toHaveAttribute('src', /^\/media\//);
        await context.close();
      } finally {
        // Taken down again, so the demo list is as the other specs know it.
        const gone = await page.request.post('/api/console/deleteAnnouncement', { data: { id }, headers: { origin: BASE_URL } });
        expect(gone.ok()).toBe(true);
      }
    },
    240_000,
  );
});

test('a support operator reads content but cannot edit it; the server refuses their writes', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the access rule once');
  await useLanguage(page, 'en');
  await apiSignIn(page, 'support');
  await page.goto('/console/announcements');
  await expect(page.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
  // No editing actions: no new button, no actions column, no operators or audit pages in the menu.
  await expect(page.getByRole('link', { name: 'New announcement' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Console menu' }).getByRole('link', { name: 'Operators' })).toHaveCount(0);
  // An item opens read-only: its member rendering, no form.
  await page.locator('.console-table a').first().click();
  await expect(page.getByText('Support can read content only.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  // The editor's address says the page is not theirs.
  await page.goto('/console/announcements/new');
  await expect(page.getByRole('heading', { level: 1, name: 'You may not open this page' })).toBeVisible();
  // And the server refuses the write whatever the page shows: 403 forbidden.
  const origin = new URL(page.url()).origin;
  const refused = await page.request.post('/api/console/saveAnnouncement', {
    headers: { origin },
    data: { title: { ja: '不正な投稿' }, sections: [], publishAt: null },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).errorCode).toBe('forbidden');
});

test('without a session the console sends to its sign-in page; a wrong code is refused', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'once');
  await useLanguage(page, 'en');
  await page.goto('/console/articles');
  await expect(page).toHaveURL(/\/console\/signin\?next=%2Farticles$/);
  await page.getByLabel('Email address').fill('editor@example.com');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email address or the password is not correct.');
  await page.getByLabel('Password').fill('wellbeing-demo');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Code (6 digits)').fill('000000');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(/not correct|Too many/);
});
