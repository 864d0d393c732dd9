import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { AnnouncementFormValues } from '@hibi/contract/console/content';
import { createTestApp, type TestApp } from '../helpers.ts';

/**
 * Issue 30, finding 1 (decision 144): a console upload is public only while every item that uses it is public. Once a
 * contract-only item uses it, the bare /media/uploads/<name> answers 404 (private), and members who may see the item
 * get signed, expiring URLs; the moment an item turns contract-only its files are protected.
 */
let t: TestApp;
let editor = '';
let member = '';
let dataDir = '';
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hibi-media-private-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  editor = await t.operatorToken('editor@example.com');
  member = await t.login('member@example.com');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function upload(kind: 'image' | 'pdf'): Promise<string> {
  const body =
    kind === 'image'
      ? await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } })
          .png()
          .toBuffer()
      : Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const answer = await t.consoleRaw('uploadMedia', body, {
    token: editor,
    headers: { 'content-type': kind === 'image' ? 'image/png' : 'application/pdf', 'x-file-name': kind === 'image' ? 'p.png' : 'd.pdf' },
  });
  expect(answer.body.succeed).toBe(true);
  return String(answer.body.url).replace(/\?.*$/, '');
}

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, cache: String(res.headers['cache-control']), disposition: res.headers['content-disposition'] };
};

const announcement = (image: string, pdf: string, over: Partial<AnnouncementFormValues> = {}): AnnouncementFormValues => ({
  title: { ja: '社員向けのお知らせ', en: 'For employees' },
  images: [{ url: image, alt: { ja: '写真' } }],
  sections: [{ sectionType: 2, comment: { ja: '<p>本文</p>' }, attachments: [{ url: pdf, fileName: { ja: '資料.pdf' } }] }],
  isImportant: false,
  contractOnly: true,
  publishAt: Date.now() - 60_000,
  ...over,
});

async function save(form: AnnouncementFormValues & { id?: number }): Promise<number> {
  const saved = await t.consoleCall('saveAnnouncement', form, { token: editor });
  if (!saved.body.succeed) throw new Error(`saveAnnouncement: ${saved.body.errorCode}`);
  return saved.body.id;
}

/** The URLs a caller's detail answer carries for an announcement: its image and its attachment. */
async function urlsFor(id: number, token?: string) {
  const detail = (await t.call('getAnnouncementById', { id }, token)).body;
  if (!detail.succeed) return null;
  return { image: detail.announcement.images[0]!.url, pdf: detail.announcement.sections?.[0]?.attachments[0]?.url ?? null };
}

describe('uploads used by contract-only items (issue 30, finding 1)', () => {
  it('the bare path of a file a contract-only announcement uses is 404 and private; members get signed URLs', async () => {
    const image = await upload('image');
    const pdf = await upload('pdf');
    // Not used by anything yet: public (for a few minutes at a time, never immutable).
    expect(await get(image)).toMatchObject({ status: 200, cache: 'public, max-age=300' });
    const id = await save(announcement(image, pdf));

    for (const url of [image, pdf]) expect(await get(url)).toEqual({ status: 404, cache: 'private, no-store', disposition: undefined });
    // A guest does not see the item at all; a member of a corporate tenant gets signed URLs that work, privately.
    expect(await urlsFor(id)).toBeNull();
    const signed = (await urlsFor(id, member))!;
    expect(signed.image).toMatch(new RegExp(`^${image}\\?exp=\\d+&sig=[\\w-]+$`));
    const served = await get(signed.image);
    expect(served.status).toBe(200);
    expect(served.cache).toMatch(/^private, max-age=\d+$/);
    const servedPdf = await get(signed.pdf!);
    expect(servedPdf).toMatchObject({ status: 200, disposition: expect.stringMatching(/^attachment;/) });
    // A signature for another file, an altered one or an expired one: 404.
    const sig = new URL(signed.image, 'http://x').searchParams;
    expect((await get(`${pdf}?exp=${sig.get('exp')}&sig=${sig.get('sig')}`)).status).toBe(404);
    expect((await get(`${image}?exp=${Number(sig.get('exp')) + 3_600_000}&sig=${sig.get('sig')}`)).status).toBe(404);
    expect((await get(`${image}?exp=${Date.now() - 1000}&sig=${sig.get('sig')}`)).status).toBe(404);
    expect((await get(`${image}?exp=1&sig=${'a'.repeat(500)}`)).status).toBe(404);
  });

  it('a public item’s file turns protected the moment the item turns contract-only, and public again after', async () => {
    const image = await upload('image');
    const pdf = await upload('pdf');
    const id = await save(announcement(image, pdf, { contractOnly: false }));
    expect((await get(image)).status).toBe(200);
    // Guests see the public item, with signed URLs too (a file may turn protected at any save).
    const guest = (await urlsFor(id))!;
    expect(guest.image).toMatch(/\?exp=\d+&sig=/);
    expect((await get(guest.image)).status).toBe(200);

    await save({ ...announcement(image, pdf, { contractOnly: true }), id });
    expect((await get(image)).status).toBe(404);
    expect((await get(pdf)).status).toBe(404);
    expect(await urlsFor(id)).toBeNull();

    await save({ ...announcement(image, pdf, { contractOnly: false }), id });
    expect((await get(image)).status).toBe(200);
  });

  it('a file shared by a public and a contract-only item is protected; the public item’s answer still works', async () => {
    const image = await upload('image');
    const pdf = await upload('pdf');
    const open = await save(announcement(image, pdf, { contractOnly: false, title: { ja: '公開のお知らせ' } }));
    const closed = await save(announcement(image, pdf, { contractOnly: true, title: { ja: '社員だけのお知らせ' } }));
    expect((await get(image)).status).toBe(404);
    const guest = (await urlsFor(open))!;
    expect((await get(guest.image)).status).toBe(200);
    // Deleting the contract-only item leaves only public uses: the bare path answers again.
    expect((await t.consoleCall('deleteAnnouncement', { id: closed }, { token: editor })).body.succeed).toBe(true);
    expect((await get(image)).status).toBe(200);
  });

  it('the console sees protected files through signed URLs and stores what it saves bare', async () => {
    const image = await upload('image');
    const pdf = await upload('pdf');
    const id = await save(announcement(image, pdf));
    const listed = (await t.consoleCall('listMedia', { kind: 'image' }, { token: editor })).body;
    const item = listed.media.find((m) => m.url.startsWith(image))!;
    expect(item.url).toMatch(/\?exp=\d+&sig=/);
    expect((await get(item.url)).status).toBe(200);
    // The editor's form carries the signed URLs back: stored bare, so they never expire in the content.
    const read = (await t.consoleCall('getConsoleAnnouncement', { id }, { token: editor })).body;
    if (!read.succeed) throw new Error('getConsoleAnnouncement failed');
    expect(read.announcement.images[0]!.url).toMatch(/\?exp=/);
    await save({ ...announcement(read.announcement.images[0]!.url, pdf), id });
    const stored = await t.database.db.execute(`SELECT url FROM announcement_images WHERE announcement_id = ${id}`);
    expect(JSON.stringify(stored)).toContain(`"${image}"`);
    expect(JSON.stringify(stored)).not.toContain('sig=');
  });
});
