import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@hibi/contract/protocol';
import type { Section, SectionRelType } from '@hibi/contract/functions/content';
import type { Db } from '../../db/client.ts';
import { signMediaUrl } from '../../lib/media-signing.ts';
import { sectionAttachments, sectionImages, sections, sectionVideos } from '../../db/schema/content.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { rows } from '../../db/query.ts';

/**
 * The Section model shared by announcements, report articles and events (spec 1 §3): stored in `sections`
 * with child tables for images, videos and attachments, owned through (owner_type, owner_id).
 */
export type SectionOwnerType = 'announcement' | 'report_article' | 'event';

/** `<alias>.<base>_ja`, or `COALESCE(<alias>.<base>_en, <alias>.<base>_ja)` in English. Names are code constants. */
export function localized(alias: string, base: string, locale: Locale): SQL {
  return locale === 'en' ? sql.raw(`COALESCE(${alias}.${base}_en, ${alias}.${base}_ja)`) : sql.raw(`${alias}.${base}_ja`);
}

/**
 * The sections of many owners in ONE query (child rows folded in with json_agg), in position order.
 * Owners without sections get an empty array.
 */
export async function loadSections(db: Db, ownerType: SectionOwnerType, ownerIds: number[], locale: Locale): Promise<Map<number, Section[]>> {
  const result = new Map<number, Section[]>(ownerIds.map((id) => [id, []]));
  const ids = [...new Set(ownerIds.filter((id) => Number.isInteger(id)))];
  if (ids.length === 0) return result;
  const list = await rows<{ owner_id: number; section: Section }>(
    db,
    sql`SELECT s.owner_id, json_build_object(
          'sectionType', s.section_type,
          'subtitle', ${localized('s', 'subtitle', locale)},
          'comment', ${localized('s', 'comment', locale)},
          'images', COALESCE((SELECT json_agg(json_build_object('id', i.id, 'url', i.url) ORDER BY i.position, i.id)
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
  for (const row of list) {
    const section = typeof row.section === 'string' ? (JSON.parse(row.section) as Section) : row.section;
    // Members-only files go out as short-lived signed URLs (issue 12, finding 10): sections reach only callers who
    // may see their item.
    section.videos = section.videos.map((v) => ({ ...v, videoUrl: signMediaUrl(v.videoUrl) }));
    section.attachments = section.attachments.map((a) => ({ ...a, url: signMediaUrl(a.url) }));
    result.get(Number(row.owner_id))?.push(section);
  }
  return result;
}

/** What a seed (or an authoring tool) gives to store a section. Comments are sanitised here. */
export interface SectionInput {
  sectionType: number;
  subtitleJa?: string | null;
  subtitleEn?: string | null;
  commentJa?: string | null;
  commentEn?: string | null;
  images?: string[];
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
  const images = flat.flatMap(({ s }, i) => (s.images ?? []).map((url, position) => ({ sectionId: inserted[i]!.id, position, url })));
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
