import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../helpers.ts';

/** Issue 15, item 5: uploads are re-encoded (metadata stripped), checked by their bytes, and stored nowhere when refused. */
let t: TestApp;
let editor = '';
let dataDir = '';
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hibi-media-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  editor = await t.operatorToken('editor@example.com');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const stored = () => (fs.existsSync(path.join(dataDir, 'media')) ? fs.readdirSync(path.join(dataDir, 'media')) : []);
const upload = (body: Buffer, type: string, name = 'photo.jpg') =>
  t.consoleRaw('uploadMedia', body, { token: editor, headers: { 'content-type': type, 'x-file-name': encodeURIComponent(name) } });

const photo = (format: 'jpeg' | 'png' | 'webp', width = 64, height = 48) => {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } }).withMetadata({
    exif: { IFD0: { Copyright: 'secret-camera-owner', Artist: 'secret-artist' } },
  });
  return (format === 'jpeg' ? image.jpeg() : format === 'png' ? image.png() : image.webp()).toBuffer();
};

describe('uploadMedia', () => {
  it('re-encodes JPEG, PNG and WebP without their metadata, and serves them immutable', async () => {
    for (const [format, type] of [
      ['jpeg', 'image/jpeg'],
      ['png', 'image/png'],
      ['webp', 'image/webp'],
    ] as const) {
      const input = await photo(format);
      expect(input.includes(Buffer.from('secret-camera-owner'))).toBe(true);
      const answer = await upload(input, type, `写真 ${format}.img`);
      expect(answer.body, format).toMatchObject({ succeed: true, kind: 'image', width: 64, height: 48, fileName: `写真 ${format}.img` });
      // The console's answer carries it signed (decision 144); the bare path serves it while nothing protects it.
      expect(String(answer.body.url)).toMatch(/^\/media\/uploads\/[0-9a-f]{32}\.(jpg|png|webp)\?exp=\d+&sig=[\w-]+$/);
      const url = String(answer.body.url).replace(/\?.*$/, '');
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      // Public while nothing contract-only uses it, and never immutable: a file may turn protected (issue 30, finding 1).
      expect(served.headers['cache-control']).toBe('public, max-age=300');
      expect(served.headers['content-type']).toBe(type);
      expect(served.rawPayload.includes(Buffer.from('secret-camera-owner'))).toBe(false);
      expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    }
    expect((await t.app.inject({ method: 'GET', url: '/media/uploads/00000000000000000000000000000000.jpg' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/uploads/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });

  it('scales a large image down to 2400 px on its longer side', async () => {
    const answer = await upload(await photo('png', 3000, 1000), 'image/png');
    expect(answer.body).toMatchObject({ succeed: true, width: 2400, height: 800 });
  });

  it('accepts a PDF by its magic bytes', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const answer = await upload(pdf, 'application/pdf', 'guide.pdf');
    expect(answer.body).toMatchObject({ succeed: true, kind: 'pdf', fileName: 'guide.pdf', bytes: pdf.length });
    expect(answer.body.width).toBeUndefined();
    const served = await t.app.inject({ method: 'GET', url: String(answer.body.url) });
    expect(served.headers['content-type']).toBe('application/pdf');
    // A download, not a page of this origin (issue 30, finding 7).
    expect(served.headers['content-disposition']).toBe(`attachment; filename="guide.pdf"; filename*=UTF-8''guide.pdf`);
  });

  it('refuses other types, lying types, undecodable images and files over 10 MB, storing nothing', async () => {
    const before = stored().length;
    const listed = (await t.consoleCall('listMedia', {}, { token: editor })).body.total;
    const jpeg = await photo('jpeg');
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    expect((await upload(gif, 'image/gif')).body.errorCode).toBe('unsupportedType');
    expect((await upload(jpeg, 'image/png')).body.errorCode).toBe('unsupportedType');
    expect((await upload(Buffer.from('<script>alert(1)</script>'), 'image/png')).body.errorCode).toBe('unsupportedType');
    expect((await upload(Buffer.from('%PDF-1.4 no end'), 'application/pdf')).body.errorCode).toBe('notDecodable');
    expect((await upload(jpeg.subarray(0, 40), 'image/jpeg')).body.errorCode).toBe('notDecodable');
    expect((await upload(Buffer.alloc(0), 'image/jpeg')).body.errorCode).toBe('unsupportedType');
    const huge = Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload(huge, 'image/jpeg')).status).toBe(413);
    // JSON to an upload function is not a file.
    expect((await t.consoleRaw('uploadMedia', { file: 'x' }, { token: editor })).body.errorCode).toBe('unsupportedType');
    expect(stored().length).toBe(before);
    expect((await t.consoleCall('listMedia', {}, { token: editor })).body.total).toBe(listed);
  });

  it('listMedia pages newest first and filters by kind', async () => {
    const all = (await t.consoleCall('listMedia', { perPage: 100 }, { token: editor })).body;
    expect(all.total).toBe(5);
    expect(all.media.map((m) => m.id)).toEqual([...all.media.map((m) => m.id)].sort((a, b) => b - a));
    const pdfs = (await t.consoleCall('listMedia', { kind: 'pdf' }, { token: editor })).body;
    expect(pdfs.media.map((m) => m.kind)).toEqual(['pdf']);
    const page = (await t.consoleCall('listMedia', { perPage: 2, offset: 4 }, { token: editor })).body;
    expect(page).toMatchObject({ total: 5 });
    expect(page.media).toHaveLength(1);
    expect((await t.consoleRaw('listMedia', { kind: 'video' }, { token: editor })).status).toBe(400);
  });
});
