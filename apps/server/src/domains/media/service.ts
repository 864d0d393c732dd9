// The media domain's service and public module (issue 15): uploads from the console (images re-encoded with sharp,
// metadata stripped; PDFs checked by their magic bytes), stored under DATA_DIR/media and served with immutable cache
// headers at /media/uploads/<stored name>.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { MEDIA_MAX_BYTES } from '@hibi/contract/console/protocol';
import { textChecks } from '@hibi/contract/text';
import type { MediaItem } from '@hibi/contract/console/media';
import type { Db } from '../../db/client.ts';
import { failure, type BusinessFailure } from '../../core/handler.ts';
import type { ConsoleContext, Upload } from '../../core/console-handler.ts';
import { attachmentDisposition } from '../../lib/csv.ts';
import { verifyUploadSignature } from '../../lib/media-signing.ts';
import * as data from './data.ts';

export const MEDIA_ROUTE = '/media/uploads';
/** How long a shared cache may keep a public upload fetched by its bare path: a file may turn protected at any save. */
export const PUBLIC_MEDIA_MAX_AGE_S = 300;
/** Images larger than this many pixels are refused before decoding (a decompression bomb), bigger sides scaled down. */
export const MAX_INPUT_PIXELS = 50_000_000;
export const MAX_SIDE = 2400;

type Detected =
  { kind: 'image'; type: 'image/jpeg' | 'image/png' | 'image/webp'; ext: string } | { kind: 'pdf'; type: 'application/pdf'; ext: string };

/** The type a file's first bytes say it is, or null. */
export function sniff(body: Buffer): Detected | null {
  if (body.length >= 3 && body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return { kind: 'image', type: 'image/jpeg', ext: 'jpg' };
  if (body.length >= 8 && body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { kind: 'image', type: 'image/png', ext: 'png' };
  if (body.length >= 12 && body.toString('latin1', 0, 4) === 'RIFF' && body.toString('latin1', 8, 12) === 'WEBP')
    return { kind: 'image', type: 'image/webp', ext: 'webp' };
  if (body.length >= 5 && body.toString('latin1', 0, 5) === '%PDF-') return { kind: 'pdf', type: 'application/pdf', ext: 'pdf' };
  return null;
}

export function mediaDir(dataDir: string): string {
  return path.join(dataDir, 'media');
}

/** A file name as shown in the console: one line, no path, at most 200 characters. */
function cleanFileName(name: string): string {
  const base = Array.from(name.split(/[\\/]/).pop()!)
    .filter((c) => textChecks.singleLine(c) === null)
    .join('')
    .trim();
  return (base || 'file').slice(0, 200);
}

async function reencode(body: Buffer, type: Detected['type']): Promise<{ out: Buffer; width: number; height: number } | 'notDecodable' | 'tooLarge'> {
  try {
    const input = sharp(body, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await input.metadata();
    if (!meta.width || !meta.height) return 'notDecodable';
    // rotate() applies the EXIF orientation before the metadata goes (sharp writes none unless asked).
    let pipeline = input.rotate().resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    pipeline =
      type === 'image/jpeg'
        ? pipeline.jpeg({ quality: 85, mozjpeg: true })
        : type === 'image/png'
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.webp({ quality: 85 });
    const { data: out, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { out, width: info.width, height: info.height };
  } catch (error) {
    return /pixel limit/i.test(String((error as Error).message)) ? 'tooLarge' : 'notDecodable';
  }
}

export async function uploadMedia(
  ctx: ConsoleContext,
): Promise<
  | { id: number; url: string; kind: 'image' | 'pdf'; width?: number; height?: number; bytes: number; fileName: string }
  | BusinessFailure<'unsupportedType' | 'notDecodable' | 'tooLarge'>
> {
  const upload = ctx.upload as Upload | null;
  if (!upload || upload.body.length === 0) return failure('unsupportedType');
  if (upload.body.length > MEDIA_MAX_BYTES) return failure('tooLarge');
  const detected = sniff(upload.body);
  // The declared type and the bytes must agree: a script named .png is neither.
  if (!detected || detected.type !== upload.contentType) return failure('unsupportedType');
  let out = upload.body;
  let width: number | null = null;
  let height: number | null = null;
  if (detected.kind === 'image') {
    const result = await reencode(upload.body, detected.type);
    if (typeof result === 'string') return failure(result);
    ({ out, width, height } = result);
  } else if (!upload.body.subarray(Math.max(0, upload.body.length - 1024)).includes('%%EOF')) {
    // A PDF ends with %%EOF (within its last kilobyte); a truncated or fake one does not.
    return failure('notDecodable');
  }
  const storedName = `${crypto.randomBytes(16).toString('hex')}.${detected.ext}`;
  const dir = mediaDir(ctx.config.dataDir);
  await fs.promises.mkdir(dir, { recursive: true });
  const target = path.join(dir, storedName);
  const temp = `${target}.part`;
  await fs.promises.writeFile(temp, out);
  await fs.promises.rename(temp, target);
  const fileName = cleanFileName(upload.fileName);
  let id: number;
  try {
    id = await data.insertMedia(ctx.db, {
      storedName,
      fileName,
      kind: detected.kind,
      contentType: detected.type,
      width,
      height,
      bytes: out.length,
      createdBy: ctx.operator!.id,
      now: ctx.now(),
    });
  } catch (error) {
    await fs.promises.rm(target, { force: true });
    throw error;
  }
  ctx.note({ targetType: 'media', targetId: id, summary: `${detected.kind} ${fileName} (${out.length} bytes)` });
  return {
    id,
    url: `${MEDIA_ROUTE}/${storedName}`,
    kind: detected.kind,
    ...(width !== null && height !== null ? { width, height } : {}),
    bytes: out.length,
    fileName,
  };
}

export async function listMedia(
  db: Db,
  kind: 'image' | 'pdf' | undefined,
  offset: number,
  perPage: number,
): Promise<{ media: MediaItem[]; total: number }> {
  const found = await data.mediaPage(db, kind, offset, perPage);
  return {
    media: found.map((m) => ({
      id: m.id,
      url: `${MEDIA_ROUTE}/${m.stored_name}`,
      kind: m.kind,
      fileName: m.file_name,
      width: m.width,
      height: m.height,
      bytes: m.bytes,
      createdAt: Number(m.created_ms),
    })),
    total: found[0]?.total ?? (offset > 0 ? ((await data.mediaPage(db, kind, 0, 1))[0]?.total ?? 0) : 0),
  };
}

/** A stored file to serve: its path and type, or null (unknown names are 404). */
export async function mediaFile(
  db: Db,
  dataDir: string,
  storedName: string,
): Promise<{ path: string; contentType: string; fileName: string; protected: boolean } | null> {
  if (!/^[0-9a-f]{32}\.(jpg|png|webp|pdf)$/.test(storedName)) return null;
  const row = await data.mediaByStoredName(db, storedName);
  if (!row) return null;
  const file = path.join(mediaDir(dataDir), storedName);
  if (!fs.existsSync(file)) return null;
  return { path: file, contentType: row.content_type, fileName: row.file_name, protected: row.protected === true };
}

/**
 * What GET /media/uploads/<name> answers (issue 30, finding 1; decision 144): null (404) for an unknown file, and for
 * a protected one (used by a contract-only item) without a valid signature. A signed request is `private` until the
 * signature ends; a bare one `public` for a few minutes. A PDF is a download (finding 7): its scripts and forms run
 * in no viewer of this origin.
 */
export async function servedUpload(
  db: Db,
  dataDir: string,
  storedName: string,
  exp: string | undefined,
  sig: string | undefined,
): Promise<{ path: string; contentType: string; cacheControl: string; disposition: string | null } | null> {
  const found = await mediaFile(db, dataDir, storedName);
  if (!found) return null;
  const signedFor = exp !== undefined || sig !== undefined ? verifyUploadSignature(storedName, exp, sig) : null;
  if (found.protected && signedFor === null) return null;
  return {
    path: found.path,
    contentType: found.contentType,
    cacheControl: signedFor !== null ? `private, max-age=${Math.min(signedFor, 7200)}` : `public, max-age=${PUBLIC_MEDIA_MAX_AGE_S}`,
    disposition: found.contentType === 'application/pdf' ? attachmentDisposition(found.fileName) : null,
  };
}

export const countMedia = data.countMedia;

/**
 * Reads every content item's uploads and visibility again into media_uses (migration 0730): the console entry calls it
 * after every function that declares `refreshesMedia` (issue 30, finding 1; decision 183).
 */
export const refreshMediaUses = data.refreshMediaUses;
