import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Lang } from '../support/fixtures.ts';

/**
 * Issue 55, item 8 (docs/decisions/180-checked-with-standard-tools.md): the pages the server renders are valid HTML,
 * as the Nu HTML checker (vnu-jar, on Java 17) reads them. A representative set: home, library, an article, the
 * announcements and one, events and one, surveys and one, help (FAQ, how to use), sign-in, the walking ranking; as a
 * guest and signed in, in both languages. The pages are fetched as a browser's first request gets them and checked in
 * one run of the checker (its start is most of its time).
 */
const run = promisify(execFile);
const require = createRequire(import.meta.url);
const VNU_JAR = String(require('vnu-jar'));
const OUT = path.join(import.meta.dirname, '../../.tmp/html-validity');

async function first(request: APIRequestContext, name: string, data: object, key: string): Promise<number> {
  const answer = await (await request.post(`/api/functions/${name}`, { data: { locale: 'ja', ...data } })).json();
  expect(answer.succeed, name).toBe(true);
  const id = answer[key]?.[0]?.id as number | undefined;
  expect(id, `${name}: a demo item`).toBeDefined();
  return id!;
}

async function save(request: APIRequestContext, paths: string[], prefix: string, lang: Lang): Promise<string[]> {
  const files: string[] = [];
  for (const url of paths) {
    const response = await request.get(url, { headers: { cookie: `hibi_lang=${lang}` } });
    expect(response.status(), url).toBe(200);
    const file = path.join(OUT, `${prefix}-${lang}${url.replace(/[^\w]+/g, '_')}.html`);
    fs.writeFileSync(file, await response.text());
    files.push(file);
  }
  return files;
}

test('the server-rendered pages are valid HTML (Nu HTML checker) @one-width', async ({ page, playwright, member }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the HTML is the same at every width');
  test.setTimeout(120_000);
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  const guest = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL! });
  const article = await first(guest, 'getNewArrivalReportArticles', { offset: 0, perPage: 1 }, 'reportArticles');
  const event = await first(guest, 'getEvents', { perPage: 1 }, 'events');
  const announcement = await first(guest, 'getAnnouncements', { offset: 0, perPage: 1 }, 'announcements');
  const surveys = await member.call('getQuestionnaires', {});
  expect(surveys.succeed, 'getQuestionnaires').toBe(true);
  const survey = surveys.questionnaires[0].id as number;
  const common = ['/', '/library', `/library/${article}`, '/notifications', `/notifications/${announcement}`, '/events', `/events/${event}`];
  const help = ['/surveys', '/faq', '/how-to-use'];
  const files: string[] = [];
  for (const lang of ['ja', 'en'] as const) {
    // The mail magazine's public unsubscribe page (issue 59): a test mail's link and a forged one render without a call.
    files.push(
      ...(await save(guest, [...common, ...help, '/login', '/magazine/unsubscribe?token=test', '/magazine/unsubscribe?token=forged'], 'guest', lang)),
    );
    // Signed in (the page's context has the member's session cookie; `member` made it).
    files.push(...(await save(page.request, [...common, ...help, `/surveys/${survey}`, '/account/walking', '/magazine'], 'member', lang)));
  }
  await guest.dispose();

  // One checker run over every file; its JSON report goes to standard error.
  const { stderr } = await run('java', ['-Xss8m', '-jar', VNU_JAR, '--errors-only', '--exit-zero-always', '--format', 'json', ...files], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const report = JSON.parse(stderr) as { messages: { type: string; url?: string; message: string; extract?: string; lastLine?: number }[] };
  const errors = report.messages
    .filter((m) => m.type === 'error' || m.type === 'non-document-error')
    .map((m) => `${path.basename(m.url ?? '?')}:${m.lastLine ?? '?'}: ${m.message} [${(m.extract ?? '').trim().slice(0, 120)}]`);
  expect(errors, `${files.length} pages checked`).toEqual([]);
});
