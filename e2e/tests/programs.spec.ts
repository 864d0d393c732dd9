import path from 'node:path';
import {
  test,
  expect,
  uniqueTag,
  useLanguage,
  expectNoAxeViolations,
  screenshot,
  signIn,
  loginAs,
  waitForApp,
  SCREENSHOTS,
  BASE_URL,
  type Lang,
} from '../support/fixtures.ts';
import { apiSignIn, consolePost, uiSignIn } from '../support/console.ts';

/**
 * Issue 57 (docs/requirements/programs.md): the office creates a self-formed Team Walk in the console (bad input
 * refused with its message first); members find it in their program list, one creates a team and shares its code,
 * others join with it (a wrong code refused); the editor forms the teams, and the members see their team. Then the
 * demo's final challenge: the editor runs its committed draw, and a member checks it in the browser from the
 * published data.
 */
const TOKYO = 9 * 3_600_000;
const DAY = 86_400_000;
const tokyoDay = (ms: number) => new Date(ms + TOKYO).toISOString().slice(0, 10);
const SHOTS = path.join(import.meta.dirname, '../../.tmp/shots/console');

test('an editor creates a self-formed Team Walk; members create a team, join it with its code, and see it formed', async ({
  page,
  browser,
  createMember,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the whole flow once; the pages at 375 px below');
  test.setTimeout(240_000);
  const tag = uniqueTag(6);
  const today = tokyoDay(Date.now());
  const inDays = (n: number) => tokyoDay(Date.now() + n * DAY);

  await useLanguage(page, 'en');
  await uiSignIn(page, 'editor');
  await page.getByRole('link', { name: 'Programs', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team Walk' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'New round' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Team Walk round' })).toBeVisible();

  await page.getByLabel('Name (Japanese)').fill(`秋のチーム対抗 ${tag}`);
  await page.getByLabel('Name (English)').fill(`Autumn Team Walk ${tag}`);
  await page.getByRole('checkbox', { name: /Marunouchi Holdings/ }).check();
  await page.getByLabel('Entry opens').fill(today);
  await page.getByLabel('Entry closes').fill(inDays(5));
  await page.getByLabel('Start date').fill(inDays(7));
  await page.getByLabel('End date').fill(inDays(3));
  await page.getByRole('radio', { name: 'Self-formed' }).check();
  await page.getByLabel('Minimum team size').fill('5');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // A team under 7 and an end before the start: each named, nothing saved.
  await expect(page.getByText('The minimum team size must be 7 or more').first()).toBeVisible();
  await expect(page).toHaveURL(/\/programs\/team-walk\/new$/);
  await page.getByLabel('Minimum team size').fill('7');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/end date is before the start date/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/programs\/team-walk\/new$/);
  await page.getByLabel('Start date').fill(inDays(2));
  await page.getByLabel('End date').fill(inDays(20));
  await expectNoAxeViolations(page);
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SHOTS, 'programs-team-editor-desktop-en.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/programs\/team-walk\/\d+$/);
  const teamMatchID = Number(/team-walk\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { level: 1, name: `Autumn Team Walk ${tag}` })).toBeVisible();

  // A member finds it in the list and creates a team; the code comes back to share.
  const founder = await createMember({ locale: 'en' });
  const memberPage = await browser.newPage();
  await useLanguage(memberPage, 'en');
  await signIn(memberPage, founder);
  await memberPage.goto('/programs');
  await waitForApp(memberPage);
  const card = memberPage
    .locator('.program-card')
    .filter({ hasText: `Autumn Team Walk ${tag}` })
    .first();
  await expect(card).toBeVisible();
  await card.getByRole('link').first().click();
  await expect(memberPage).toHaveURL(new RegExp(`/programs/team-walk/${teamMatchID}$`));
  await expect(memberPage.getByRole('heading', { level: 1, name: `Autumn Team Walk ${tag}` })).toBeVisible();
  await expectNoAxeViolations(memberPage);
  await memberPage.getByRole('radio', { name: /Create a team/ }).check();
  await memberPage.getByRole('textbox', { name: 'Team name' }).fill(`Walkers ${tag}`);
  await memberPage.getByRole('button', { name: 'Create the team and enter' }).click();
  const codeText = memberPage.locator('.program-created .team-code__value');
  await expect(codeText).toHaveText(/^[0-9A-Z]{8}$/);
  const code = (await codeText.textContent())!;

  // A second entry is refused by the server, and a foreign code too.
  expect(await founder.call('enterTeamMatch', { teamMatchID, newTeamName: 'Again' })).toMatchObject({ succeed: false, errorCode: 'alreadyEntered' });
  const joiner = await createMember({ locale: 'en' });
  const joinerPage = await browser.newPage();
  await useLanguage(joinerPage, 'en');
  await signIn(joinerPage, joiner);
  await joinerPage.goto(`/programs/team-walk/${teamMatchID}`);
  await waitForApp(joinerPage);
  await joinerPage.getByRole('radio', { name: /Join a team with a code/ }).check();
  await joinerPage.getByRole('textbox', { name: 'Team code' }).fill('ZZZZ9999');
  await joinerPage.getByRole('button', { name: 'Join the team and enter' }).click();
  await expect(joinerPage.getByText('No team has this code. Check the code with the person who shared it.')).toBeVisible();
  await joinerPage.getByRole('textbox', { name: 'Team code' }).fill(code.toLowerCase());
  await joinerPage.getByRole('button', { name: 'Join the team and enter' }).click();
  await expect(joinerPage.getByText('You have entered.').first()).toBeVisible();

  // Five more join through the app's functions: the team has its minimum of 7.
  for (let i = 0; i < 5; i++) {
    const m = await createMember();
    expect(await m.call('enterTeamMatch', { teamMatchID, teamCode: code })).toMatchObject({ succeed: true });
  }

  // The editor forms the teams now (entry still open): one team of 7.
  await page.reload();
  await page.getByRole('button', { name: 'Form teams now' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Form teams' }).click();
  await expect(page.getByText(/Formed 1 teams? of 7 entrants in 1 leagues?\./)).toBeVisible();
  await expectNoAxeViolations(page);
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SHOTS, 'programs-team-round-desktop-en.png'), fullPage: true });

  // The members see their team, nicknames only, themselves marked.
  await memberPage.reload();
  await waitForApp(memberPage);
  await expect(memberPage.getByRole('heading', { name: 'My team' })).toBeVisible();
  await expect(memberPage.getByText(`Walkers ${tag}`).first()).toBeVisible();
  await expect(memberPage.getByText(founder.nickname).first()).toBeVisible();
  await expect(memberPage.getByText(joiner.nickname).first()).toBeVisible();
  await expect(memberPage.getByText('Members (7)')).toBeVisible();
  await expectNoAxeViolations(memberPage);
  await screenshot(memberPage, testInfo, 'programs-team-walk', 'en');

  // Support reads but may not create a round (403 from the server, whatever the page shows).
  const support = await browser.newContext({ baseURL: BASE_URL });
  await apiSignIn(support.request, 'support');
  const refused = await support.request.post('/api/console/saveTeamMatch', {
    headers: { origin: BASE_URL },
    data: {
      name: { ja: 'x', en: null },
      tenantIDs: [1],
      entryFrom: today,
      entryTo: inDays(1),
      startDate: inDays(2),
      endDate: inDays(3),
      formationMode: 'balanced',
    },
  });
  expect(refused.status()).toBe(403);
  await support.close();
  await memberPage.close();
  await joinerPage.close();
});

test('the demo challenge: the editor runs the committed draw on final results; a member checks it in the browser', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'runs the draw once');
  test.setTimeout(180_000);
  await useLanguage(page, 'en');
  await uiSignIn(page, 'editor');
  const list = await consolePost(page.request, 'listIndividualMatches', { status: 'final' });
  expect(list.succeed).toBe(true);
  const finalChallenge = list.individualMatches.find(
    (m: { committedAt: number | null; drawnAt: number | null }) => m.committedAt !== null && m.drawnAt === null,
  );
  expect(finalChallenge, 'the demo has a final challenge with a committed draw').toBeTruthy();
  const id = finalChallenge.individualMatchID as number;
  // A challenge still running refuses the draw (notFinal).
  const running = await consolePost(page.request, 'listIndividualMatches', { status: 'running' });
  const committedRunning = running.individualMatches.find((m: { committedAt: number | null }) => m.committedAt !== null);
  if (committedRunning) {
    expect(await consolePost(page.request, 'runDraw', { individualMatchID: committedRunning.individualMatchID })).toMatchObject({
      succeed: false,
      errorCode: 'notFinal',
    });
  }

  await page.goto(`/console/programs/challenges/${id}`);
  await expect(page.getByText('Commitment').first()).toBeVisible();
  await page.getByRole('button', { name: 'Run the draw' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Run the draw' }).click();
  await expect(page.getByText(/The draw has run: \d+ winners? from \d+ entr/)).toBeVisible();
  await expect(page.getByText('Seed').first()).toBeVisible();
  await expectNoAxeViolations(page);
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SHOTS, 'programs-draw-desktop-en.png'), fullPage: true });

  // A second draw is refused.
  expect(await consolePost(page.request, 'runDraw', { individualMatchID: id })).toMatchObject({ succeed: false, errorCode: 'alreadyDrawn' });

  // member@example.com took part in the demo challenge: the page shows the seed, and the browser recomputes the winners.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await useLanguage(member, 'en');
  await loginAs(member, 'member@example.com');
  await member.goto(`/programs/challenges/${id}`);
  await waitForApp(member);
  await expect(member.locator('.program-hex__value').first()).toBeVisible();
  await member.getByRole('button', { name: /Check it in this browser/ }).click();
  await expect(member.locator('.program-draw__outcome .form-success')).toBeVisible();
  await expectNoAxeViolations(member);
  await screenshot(member, testInfo, 'programs-challenge-drawn', 'en');
  await memberContext.close();
});

const LANGS: Lang[] = ['ja', 'en'];
for (const lang of LANGS) {
  test(`the program list and the demo Team Walk in ${lang}`, async ({ page }, testInfo) => {
    await loginAs(page, 'member@example.com');
    await useLanguage(page, lang);
    await page.goto('/programs');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.program-card').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'programs-list', lang);
    const team = page.locator('a[href*="/programs/team-walk/"]').first();
    await team.click();
    await expect(page).toHaveURL(/\/programs\/team-walk\/\d+$/);
    await expect(page.locator('.program-section').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'programs-team-walk-demo', lang);
  });
}
