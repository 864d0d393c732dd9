import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

/** Issue 12, finding 10: members-only videos and PDFs were public files with a 7-day public cache. */
let t: TestApp;
let member: string;
beforeAll(async () => {
  t = await createTestApp();
  member = await t.login('member@example.com');
});
afterAll(async () => {
  await t?.close();
});

async function firstProtectedUrls() {
  const ids = (await t.call('getNewArrivalReportArticles', { offset: 0, perPage: 40 }, member)).body.reportArticles.map((a: { id: number }) => a.id);
  const urls: string[] = [];
  for (const id of ids) {
    const article = (await t.call('getReportArticleById', { id }, member)).body.article;
    for (const s of article?.sections ?? []) {
      for (const v of s.videos) urls.push(v.videoUrl);
      for (const a of s.attachments) urls.push(a.url);
    }
    if (urls.some((u) => u.endsWith('.webm') || u.includes('.webm?')) && urls.some((u) => u.includes('.pdf?'))) break;
  }
  return urls;
}

describe('members-only files', () => {
  it('go out to members as signed URLs that work, with a private cache', async () => {
    const urls = await firstProtectedUrls();
    const video = urls.find((u) => u.includes('.webm'))!;
    const pdf = urls.find((u) => u.includes('.pdf'))!;
    for (const url of [video, pdf]) {
      expect(url).toMatch(/^\/media\/protected\/content\/.+\?exp=\d+&sig=[A-Za-z0-9_-]+$/);
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    }
    expect((await t.app.inject({ url: pdf })).headers['content-type']).toContain('application/pdf');
  });

  it('are refused without a signature, with a tampered or expired one, and under their old public path', async () => {
    const url = (await firstProtectedUrls()).find((u) => u.includes('.pdf'))!;
    const [path, query] = url.split('?') as [string, string];
    const params = new URLSearchParams(query);
    const sig = params.get('sig')!;
    const exp = params.get('exp')!;
    const refused = [
      path,
      `${path}?exp=${exp}`,
      `${path}?exp=${exp}&sig=${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`,
      `${path}?exp=${Number(exp) + 3_600_000}&sig=${sig}`,
      `${path.replace('healthy-menu', 'walking-guide').replace('sleep-checklist', 'walking-guide')}?exp=${exp}&sig=${sig}`,
      '/media/content/files/walking-guide.pdf',
      '/media/content/videos/video1.webm',
      `/media/protected/content/../../public/defaults/profile.svg?exp=${exp}&sig=${sig}`,
    ].filter((u) => u !== url);
    for (const bad of refused) {
      const res = await t.app.inject({ url: bad });
      expect(res.statusCode, bad).toBe(404);
      expect(res.body).not.toContain('%PDF');
    }
    // An expired signature: the same URL an hour after exp.
    const later = Number(exp) + 1;
    const { verifyMediaSignature } = await import('../src/lib/media-signing.ts');
    expect(verifyMediaSignature(path.replace('/media/protected/', ''), exp, sig, later)).toBeNull();
    expect(verifyMediaSignature(path.replace('/media/protected/', ''), exp, sig, Number(exp) - 1000)).toBeGreaterThan(0);
  });

  it('guests get no section at all, so no URL; public media stays public and cacheable', async () => {
    const guest = (await t.call('getReportArticleById', { id: 1 })).body.article;
    expect(guest.sections).toBeUndefined();
    const avatar = await t.app.inject({ url: '/media/defaults/profile.svg' });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['cache-control']).toContain('public');
  });
});
