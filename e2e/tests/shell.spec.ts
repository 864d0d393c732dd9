import { test, expect, useLanguage, expectNoAxeViolations, screenshot } from '../support/fixtures.ts';

test.describe('global shell', () => {
  test('home renders with header, nav and footer in Japanese, and passes axe', async ({ page }, testInfo) => {
    await useLanguage(page, 'ja');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('毎日を、すこやかに。');
    await expect(page).toHaveTitle('Hibi（日々）');
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'home-guest', 'ja');
  });
});
