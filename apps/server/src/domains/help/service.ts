import fs from 'node:fs';
import path from 'node:path';
import { tokyoDay } from '@hibi/contract/time';
import type { Locale } from '@hibi/contract/protocol';
import type { FaqCategory, HelpPageName, HelpSection } from '@hibi/contract/functions/help';
import type { Db } from '../../db/client.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { CONTENT_DIR, faqCategoryRows, faqItemRows, helpPageRow, type HelpPageRow } from './data.ts';

/** The FAQ with only the items whose window (from day and to day inclusive, Asia/Tokyo) contains today. */
export async function loadFaq(db: Db, locale: Locale, now: Date): Promise<{ today: string; categories: FaqCategory[] }> {
  const today = tokyoDay(now);
  const en = locale === 'en';
  const categories = await faqCategoryRows(db, en);
  const items = await faqItemRows(db, en, today);
  return {
    today,
    categories: categories.map((c) => ({
      id: c.id,
      title: c.title,
      items: items.filter((i) => i.categoryId === c.id).map(({ categoryId: _c, ...i }) => i),
    })),
  };
}

// ---------- Static help pages, from files ----------

export const HELP_PAGE_FILES: Record<HelpPageName, string> = {
  termsOfUse: 'terms-of-use',
  websiteTermsOfUse: 'website-terms-of-use',
  privacyPolicy: 'privacy-policy',
  howToUse: 'how-to-use',
  about: 'about',
};

interface PageFile {
  title: string;
  lead?: string | string[];
  updatedOn: string;
  sections: {
    id: string;
    heading: string;
    html: string | string[];
    images?: { url: string; alt: string }[];
    video?: { url: string; posterUrl?: string | null; type?: string } | null;
  }[];
}

export interface HelpPage {
  termsVersion: number;
  title: string;
  lead: string;
  updatedOn: string;
  sections: HelpSection[];
}

const cache = new Map<string, { mtimeMs: number; page: HelpPage }>();

/**
 * The content version folder for a terms version: its own, or the newest older one; when every folder is newer
 * (a fresh database still on version 1), the oldest, so that the pages are never empty.
 */
export function versionFolder(termsVersion: number, dir = CONTENT_DIR): number | null {
  const versions = fs
    .readdirSync(dir)
    .map((name) => /^v(\d+)$/.exec(name)?.[1])
    .filter((v): v is string => v !== undefined)
    .map(Number)
    .sort((a, b) => b - a);
  return versions.find((v) => v <= termsVersion) ?? versions.at(-1) ?? null;
}

const join = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join('\n') : (value ?? ''));
const selfHosted = (url: string) => url.startsWith('/media/') && !url.includes('..');

function parse(file: string, version: number): HelpPage {
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as PageFile;
  return {
    termsVersion: version,
    title: data.title,
    lead: join(data.lead),
    updatedOn: data.updatedOn,
    sections: data.sections.map((s) => ({
      id: s.id,
      heading: s.heading,
      html: sanitizeRichText(join(s.html)),
      images: (s.images ?? []).filter((i) => selfHosted(i.url)),
      video:
        s.video && selfHosted(s.video.url)
          ? {
              url: s.video.url,
              posterUrl: s.video.posterUrl && selfHosted(s.video.posterUrl) ? s.video.posterUrl : null,
              type: s.video.type ?? 'video/mp4',
            }
          : null,
    })),
  };
}

/**
 * A help page of the current terms version in the caller's language (Japanese when the English file is missing), from
 * the content files only. Files are re-read when they change, so an edit shows without a restart.
 */
export function loadHelpPage(page: HelpPageName, locale: Locale, termsVersion: number, dir = CONTENT_DIR): HelpPage | null {
  return fileHelpPage(page, [locale, 'ja'], termsVersion, dir);
}

/** The page from the version folder for `termsVersion`, in the first of `locales` that has a file. */
export function fileHelpPage(page: HelpPageName, locales: readonly Locale[], termsVersion: number, dir = CONTENT_DIR): HelpPage | null {
  const version = versionFolder(termsVersion, dir);
  if (version === null) return null;
  const name = `${HELP_PAGE_FILES[page]}.json`;
  const candidates = locales.map((l) => path.join(dir, `v${version}`, l, name));
  for (const file of candidates) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      continue;
    }
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === stat.mtimeMs) return hit.page;
    const parsed = parse(file, version);
    cache.set(file, { mtimeMs: stat.mtimeMs, page: parsed });
    return parsed;
  }
  return null;
}

/** A page written in the console, as members read it (sanitised again on the way out, as files are). */
export function consoleHelpPage(row: HelpPageRow): HelpPage {
  return {
    termsVersion: row.termsVersion,
    title: row.title,
    lead: row.lead,
    updatedOn: row.updatedOn,
    sections: row.sections.map((s) => ({
      id: s.id,
      heading: s.heading,
      html: sanitizeRichText(s.html),
      images: (s.images ?? []).filter((i) => selfHosted(i.url)),
      video:
        s.video && selfHosted(s.video.url) ? { url: s.video.url, posterUrl: s.video.posterUrl ?? null, type: s.video.type ?? 'video/mp4' } : null,
    })),
  };
}

/**
 * What members read of a help page under the current terms version (decision 123): of the console's rows and the
 * content files, in the caller's language and in Japanese, the newest version not above the current one; at the same
 * version the caller's language first, then a console row before a file. The page's `termsVersion` is that version.
 */
export async function readHelpPage(db: Db, page: HelpPageName, locale: Locale, termsVersion: number, dir = CONTENT_DIR): Promise<HelpPage | null> {
  const locales: Locale[] = locale === 'ja' ? ['ja'] : [locale, 'ja'];
  const candidates: { page: HelpPage; rank: number }[] = [];
  for (const [n, l] of locales.entries()) {
    const row = await helpPageRow(db, page, l, termsVersion);
    if (row) candidates.push({ page: consoleHelpPage(row), rank: -n * 2 });
    const file = fileHelpPage(page, [l], termsVersion, dir);
    if (file) candidates.push({ page: file, rank: -n * 2 - 1 });
  }
  candidates.sort((a, b) => b.page.termsVersion - a.page.termsVersion || b.rank - a.rank);
  return candidates[0]?.page ?? null;
}
