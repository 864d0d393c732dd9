import yauzl from 'yauzl';
import { test, expect, useLanguage, expectNoAxeViolations, screenshot, type Lang } from '../support/fixtures.ts';

/** Own-data export (issue 20, item 1): the account page's button downloads a zip of JSON and CSV files. */
const LANGS: Lang[] = ['ja', 'en'];

/** The names and texts of a zip's files (read with yauzl, as an unzip program does). */
function unzip(path: string): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName.replace(/^[^/]+\//, ''), Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test.describe('own-data export', () => {
  for (const lang of LANGS) {
    test(`a member downloads their data from the account page, in ${lang}`, async ({ page, member }, testInfo) => {
      await useLanguage(page, lang);
      await page.goto('/account/profile');
      const button = page.getByRole('button', { name: lang === 'ja' ? 'データをダウンロード（ZIP）' : 'Download my data (ZIP)' });
      await button.scrollIntoViewIfNeeded();
      const downloading = page.waitForEvent('download');
      await button.click();
      const file = await downloading;
      expect(file.suggestedFilename()).toMatch(/^hibi-data-\d{4}-\d{2}-\d{2}\.zip$/);
      const path = testInfo.outputPath('export.zip');
      await file.saveAs(path);
      await expect(page.getByRole('status').filter({ hasText: lang === 'ja' ? 'を保存しました' : 'Saved hibi-data-' })).toBeVisible();

      const files = await unzip(path);
      for (const table of ['profile', 'steps', 'health-logs', 'weights', 'reservations', 'survey-answers', 'friends']) {
        expect(files.has(`${table}.json`), table).toBe(true);
        expect(files.has(`${table}.csv`), table).toBe(true);
      }
      const [profile] = JSON.parse(files.get('profile.json')!) as { email: string; nickname: string; userID: number }[];
      expect(profile).toMatchObject({ email: member.email, nickname: member.nickname, userID: member.userID });
      expect(files.get('steps.csv')!.startsWith('\ufeffday,steps\r\n')).toBe(true);
      expect(files.get('profile.csv')).toContain(member.email);

      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'account-export', lang);
    });
  }

  test('past the daily limit the page says so', async ({ page, member }) => {
    await useLanguage(page, 'en');
    // Spend the day's exports through the API (the same member, its own client address).
    for (let i = 0; i < 5; i++) expect((await member.post('exportMyData')).status()).toBe(200);
    await page.goto('/account/profile');
    await page.getByRole('button', { name: 'Download my data (ZIP)' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'up to 5 times a day' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download my data (ZIP)' })).toBeEnabled();
  });
});
