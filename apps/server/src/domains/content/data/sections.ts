// The Section model shared by announcements, report articles and events (docs/requirements/content.md#content-sections): the sections members read, the
// console's editor reads, and their writes (sanitised on the way in), for the seed, test fixtures and the console.
import { sql } from 'drizzle-orm';
import type { Locale } from '@hibi/contract/protocol';
import type { Section, SectionRelType } from '@hibi/contract/functions/content';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/query.ts';
import { sectionAttachments, sectionImages, sections, sectionVideos } from '../../../db/schema/content.ts';
import { sanitizeRichText } from '../../../lib/sanitize.ts';
import { localized, type ImageWithAlt, imageColumns, imagesJson } from './sql.ts';

/* ------------------------------------------------------------------ the Section model */

/**
 * The Section model shared by announcements, report articles and events (docs/requirements/content.md#content-sections): stored in `sections`
 * with child tables for images, videos and attachments, owned through (owner_type, owner_id).
 */
export type SectionOwnerType = 'announcement' | 'report_article' | 'event';

/** The sections of many owners in ONE query (child rows folded in with json_agg), in owner and position order. */
export async function sectionRows(db: Db, ownerType: SectionOwnerType, ids: number[], locale: Locale) {
  return rows<{ owner_id: number; section: Section | string }>(
    db,
    sql`SELECT s.owner_id, json_build_object(
          'sectionType', s.section_type,
          'subtitle', ${localized('s', 'subtitle', locale)},
          'comment', ${localized('s', 'comment', locale)},
          'images', COALESCE((SELECT json_agg(json_build_object('id', i.id, 'url', i.url, 'alt', ${localized('i', 'alt', locale)}) ORDER BY i.position, i.id)
                              FROM section_images i WHERE i.section_id = s.id), '[]'::json),
          'videos', COALESCE((SELECT json_agg(json_build_object('videoID', v.id, 'videoUrl', v.video_url, 'thumbnailImageUrl', v.thumbnail_url) ORDER BY v.position, v.id)
                              FROM section_videos v WHERE v.section_id = s.id), '[]'::json),
          'attachments', COALESCE((SELECT json_agg(json_build_object('id', a.id, 'fileName', ${localized('a', 'file_name', locale)}, 'url', a.url) ORDER BY a.position, a.id)
                              FROM section_attachments a WHERE a.section_id = s.id), '[]'::json),
          'relType', s.rel_type,
          'relObjectID', s.rel_object_id,
          'relLabel', ${localized('s', 'rel_label', locale)}
        ) AS section
        FROM sections s
        WHERE s.owner_type = ${ownerType} AND s.owner_id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        ORDER BY s.owner_id, s.position, s.id`,
  );
}

/** What a seed, a test or an authoring tool gives to store a section. Comments are sanitised on the way in. */
export interface SectionInput {
  sectionType: number;
  subtitleJa?: string | null;
  subtitleEn?: string | null;
  commentJa?: string | null;
  commentEn?: string | null;
  /** A URL, or a URL with its alt text. */
  images?: (string | ImageWithAlt)[];
  videos?: { videoUrl: string; thumbnailUrl: string }[];
  attachments?: { fileNameJa: string; fileNameEn?: string | null; url: string }[];
  relType?: SectionRelType | null;
  relObjectId?: string | number | null;
  relLabelJa?: string | null;
  relLabelEn?: string | null;
}

/** Stores the sections of one owner, appended after any it has. */
export async function insertSections(db: Db, ownerType: SectionOwnerType, ownerId: number, input: SectionInput[]): Promise<void> {
  await insertSectionsBulk(db, ownerType, [{ ownerId, sections: input }]);
}

/** Stores the sections of many owners with one INSERT per table (4 statements whatever the count). */
export async function insertSectionsBulk(
  db: Db,
  ownerType: SectionOwnerType,
  entries: { ownerId: number; sections: SectionInput[] }[],
): Promise<void> {
  const flat = entries.flatMap((e) => e.sections.map((s, position) => ({ ownerId: e.ownerId, position, s })));
  if (flat.length === 0) return;
  const clean = (html: string | null | undefined) => (html == null ? null : sanitizeRichText(html));
  const inserted = await db
    .insert(sections)
    .values(
      flat.map(({ ownerId, position, s }) => ({
        ownerType,
        ownerId,
        position,
        sectionType: s.sectionType,
        subtitleJa: s.subtitleJa ?? null,
        subtitleEn: s.subtitleEn ?? null,
        commentJa: clean(s.commentJa),
        commentEn: clean(s.commentEn),
        relType: s.relType ?? null,
        relObjectId: s.relObjectId == null ? null : String(s.relObjectId),
        relLabelJa: s.relLabelJa ?? null,
        relLabelEn: s.relLabelEn ?? null,
      })),
    )
    .returning({ id: sections.id });
  const images = flat.flatMap(({ s }, i) =>
    (s.images ?? []).map((image, position) => ({ sectionId: inserted[i]!.id, position, ...imageColumns(image) })),
  );
  const videos = flat.flatMap(({ s }, i) => (s.videos ?? []).map((v, position) => ({ sectionId: inserted[i]!.id, position, ...v })));
  const attachments = flat.flatMap(({ s }, i) =>
    (s.attachments ?? []).map((a, position) => ({
      sectionId: inserted[i]!.id,
      position,
      fileNameJa: a.fileNameJa,
      fileNameEn: a.fileNameEn ?? null,
      url: a.url,
    })),
  );
  if (images.length) await db.insert(sectionImages).values(images);
  if (videos.length) await db.insert(sectionVideos).values(videos);
  if (attachments.length) await db.insert(sectionAttachments).values(attachments);
}

const localizedJson = (alias: string, base: string) =>
  sql.raw(`CASE WHEN ${alias}.${base}_ja IS NULL THEN NULL ELSE json_build_object('ja', ${alias}.${base}_ja, 'en', ${alias}.${base}_en) END`);

export interface ConsoleSectionJson {
  sectionType: number;
  subtitle: { ja: string; en: string | null } | null;
  comment: { ja: string; en: string | null } | null;
  images: { url: string; alt: { ja: string; en: string | null } }[];
  videos: { videoUrl: string; thumbnailImageUrl: string }[];
  attachments: { url: string; fileName: { ja: string; en: string | null } }[];
  relType: SectionRelType | null;
  relObjectID: string | null;
  relLabel: { ja: string; en: string | null } | null;
}

/** The sections of one owner with every language (the console's editor), in one query. */
export async function consoleSectionRows(db: Db, ownerType: SectionOwnerType, ownerId: number) {
  return rows<{ section: ConsoleSectionJson | string }>(
    db,
    sql`SELECT json_build_object(
          'sectionType', s.section_type,
          'subtitle', ${localizedJson('s', 'subtitle')},
          'comment', ${localizedJson('s', 'comment')},
          'images', ${imagesJson('section_images', 'section_id', 's')},
          'videos', COALESCE((SELECT json_agg(json_build_object('videoUrl', v.video_url, 'thumbnailImageUrl', v.thumbnail_url) ORDER BY v.position, v.id)
                              FROM section_videos v WHERE v.section_id = s.id), '[]'::json),
          'attachments', COALESCE((SELECT json_agg(json_build_object('url', a.url, 'fileName', json_build_object('ja', a.file_name_ja, 'en', a.file_name_en)) ORDER BY a.position, a.id)
                              FROM section_attachments a WHERE a.section_id = s.id), '[]'::json),
          'relType', s.rel_type,
          'relObjectID', s.rel_object_id,
          'relLabel', ${localizedJson('s', 'rel_label')}
        ) AS section
        FROM sections s WHERE s.owner_type = ${ownerType} AND s.owner_id = ${ownerId} ORDER BY s.position, s.id`,
  );
}

/** Removes every section of an owner (child rows cascade): an event's sections when the console saves it (issue 16). */
export async function deleteSections(db: Db, ownerType: SectionOwnerType, ownerId: number): Promise<void> {
  await db.execute(sql`DELETE FROM sections WHERE owner_type = ${ownerType} AND owner_id = ${ownerId}`);
}
