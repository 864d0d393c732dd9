import path from 'node:path';

/**
 * Folders the server reads at run time. This module sits directly under src/, as the compiled entry sits directly
 * under dist/ (scripts/build.mjs), so import.meta.dirname leads to the same places in both.
 */
export const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
/** Images, videos and PDFs served at /media/. */
export const PUBLIC_DIR = path.join(SERVER_ROOT, 'public');
/** The built web app, unless WEB_DIST_DIR says otherwise. */
export const DEFAULT_WEB_DIST_DIR = path.resolve(SERVER_ROOT, '../web/dist');
/** Members-only files (section videos and attachments), served only through signed URLs (lib/media-signing.ts). */
export const PROTECTED_DIR = path.join(SERVER_ROOT, 'protected');
