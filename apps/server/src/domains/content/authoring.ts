// Content authoring from the operator console (issue 15): announcements and library articles in every publishing
// state, written through this domain's data module (the same tables and Section writer the member pages read).
import type {
  AnnouncementInput,
  ArticleInput,
  ConsoleAnnouncement,
  ConsoleArticle,
  ConsoleSection,
  ImageInput,
  PublishState,
  SectionInput,
} from '@hibi/contract/console/content';
import { GENRE_IDS, type GenreId } from '@hibi/contract/functions/content';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { failure, type BusinessFailure } from '../../core/handler.ts';
import type { ConsoleContext } from '../../core/console-handler.ts';
import {
  allTagsForEditor,
  consoleAnnouncement,
  consoleAnnouncementPage,
  consoleArticle,
  consoleArticlePage,
  type ConsoleListQuery,
  deleteContentRow,
  deleteOwnedParts,
  existingArticles,
  existingTopicTags,
  insertAnnouncement,
  insertAnnouncementImages,
  insertArticleImages,
  insertArticleRelations,
  insertArticleTags,
  insertReportArticle,
  unpublishRow,
  updateAnnouncementRow,
  updateArticleRow,
} from './data/console.ts';
import {
  type ConsoleSectionJson,
  consoleSectionRows,
  deleteSections,
  insertSections,
  type SectionInput as StoredSection,
  type SectionOwnerType,
} from './data/sections.ts';
import type { ImageWithAlt } from './data/sql.ts';

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const num = (v: string | number | null) => (v === null ? null : Number(v));

const toImage = (i: ImageInput): ImageWithAlt => ({ url: i.url, altJa: i.alt.ja, altEn: i.alt.en });

/** A contract section as the Section writer stores it (rich text is sanitised there). */
function toStoredSection(s: SectionInput): StoredSection {
  return {
    sectionType: s.sectionType,
    subtitleJa: s.subtitle?.ja ?? null,
    subtitleEn: s.subtitle?.en ?? null,
    commentJa: s.comment?.ja ?? null,
    commentEn: s.comment?.en ?? null,
    images: s.images.map(toImage),
    videos: s.videos.map((v) => ({ videoUrl: v.videoUrl, thumbnailUrl: v.thumbnailImageUrl })),
    attachments: s.attachments.map((a) => ({ fileNameJa: a.fileName.ja, fileNameEn: a.fileName.en, url: a.url })),
    relType: s.relType,
    relObjectId: s.relObjectID,
    relLabelJa: s.relLabel?.ja ?? null,
    relLabelEn: s.relLabel?.en ?? null,
  };
}

/** A section read back for the editor, in the shape the editor sends (so a duplicate is a save of what was read). */
function toSectionInput(s: ConsoleSection): SectionInput {
  return {
    sectionType: s.sectionType === 5 ? 5 : 2,
    subtitle: s.subtitle,
    comment: s.comment,
    images: s.images,
    videos: s.videos,
    attachments: s.attachments,
    relType: s.relType,
    relObjectID: s.relObjectID,
    relLabel: s.relLabel,
  };
}

async function consoleSections(db: Db, ownerType: 'announcement' | 'report_article', id: number): Promise<ConsoleSection[]> {
  return (await consoleSectionRows(db, ownerType, id)).map((r) => json<ConsoleSectionJson>(r.section));
}

function stateOf(publishAt: Date | null, now: Date): PublishState {
  if (publishAt === null) return 'draft';
  return publishAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}

function summaryOf(title: string, publishAt: Date | null, now: Date): string {
  const state = stateOf(publishAt, now);
  return `「${title.slice(0, 80)}」 ${state}${publishAt && state === 'scheduled' ? ` at ${publishAt.toISOString()}` : ''}`;
}

/* ------------------------------------------------------------------ announcements */

export async function listAnnouncements(db: Db, q: ConsoleListQuery) {
  const found = await consoleAnnouncementPage(db, q);
  return {
    announcements: found.map((r) => ({
      id: r.id,
      title: { ja: r.title_ja, en: r.title_en },
      state: r.state,
      publishAt: num(r.publish_ms),
      contractOnly: r.contract_only,
      isImportant: r.is_important,
      updatedAt: Number(r.updated_ms),
      updatedBy: r.updated_by,
    })),
    total: found[0]?.total ?? (q.offset > 0 ? await countBeyond(db, q, 'announcement') : 0),
  };
}

/** The total when a page past the end came back empty (the window count is on the rows). */
async function countBeyond(db: Db, q: ConsoleListQuery, kind: 'announcement' | 'article'): Promise<number> {
  const first = { ...q, offset: 0, perPage: 1 };
  const rows = kind === 'announcement' ? await consoleAnnouncementPage(db, first) : await consoleArticlePage(db, first);
  return rows[0]?.total ?? 0;
}

export async function getAnnouncement(db: Db, id: number, now: Date): Promise<ConsoleAnnouncement | null> {
  const row = await consoleAnnouncement(db, id, now);
  if (!row) return null;
  return {
    id: row.id,
    title: { ja: row.title_ja, en: row.title_en },
    images: json(row.images),
    sections: await consoleSections(db, 'announcement', id),
    isImportant: row.is_important,
    contractOnly: row.contract_only,
    publishAt: num(row.publish_ms),
    state: row.state,
    createdAt: Number(row.created_ms),
    updatedAt: Number(row.updated_ms),
    updatedBy: row.updated_by,
  };
}

export async function saveAnnouncement(
  ctx: ConsoleContext,
  input: AnnouncementInput,
): Promise<{ id: number; state: PublishState } | BusinessFailure<'notFound'>> {
  const now = ctx.now();
  const publishAt = input.publishAt === null ? null : new Date(input.publishAt);
  const by = ctx.operator!.email;
  const id = await transaction(ctx.db, async (tx) => {
    let id = input.id;
    if (id === undefined) {
      id = await insertAnnouncement(tx, {
        titleJa: input.title.ja,
        titleEn: input.title.en,
        fromAt: publishAt,
        isImportant: input.isImportant,
        contractOnly: input.contractOnly,
        createdAt: now,
        updatedAt: now,
        updatedBy: by,
      });
    } else {
      const write = { titleJa: input.title.ja, titleEn: input.title.en, isImportant: input.isImportant, contractOnly: input.contractOnly };
      if (!(await updateAnnouncementRow(tx, id, { ...write, publishAt, updatedBy: by, now }))) return null;
      await deleteOwnedParts(tx, 'announcement', id);
    }
    await insertAnnouncementImages(tx, id, input.images.map(toImage));
    await insertSections(tx, 'announcement', id, input.sections.map(toStoredSection));
    return id;
  });
  if (id === null) return failure('notFound');
  ctx.note({ targetType: 'announcement', targetId: id, summary: `${input.id ? 'edited' : 'created'} ${summaryOf(input.title.ja, publishAt, now)}` });
  return { id, state: stateOf(publishAt, now) };
}

const COPY_MARK = { ja: '（コピー）', en: ' (copy)' };
const copyTitle = (t: { ja: string; en: string | null }, max = 200) => ({
  ja: `${t.ja}${COPY_MARK.ja}`.slice(0, max),
  en: t.en === null ? null : `${t.en}${COPY_MARK.en}`.slice(0, max),
});

export async function duplicateAnnouncement(ctx: ConsoleContext, id: number): Promise<{ id: number } | BusinessFailure<'notFound'>> {
  const source = await getAnnouncement(ctx.db, id, ctx.now());
  if (!source) return failure('notFound');
  const saved = await saveAnnouncement(
    { ...ctx, note: () => {} },
    {
      title: copyTitle(source.title),
      images: source.images,
      sections: source.sections.map(toSectionInput),
      isImportant: source.isImportant,
      contractOnly: source.contractOnly,
      publishAt: null,
    },
  );
  if ('errorCode' in saved) return failure('notFound');
  ctx.note({ targetType: 'announcement', targetId: saved.id, summary: `copy of announcement ${id} as a draft` });
  return { id: saved.id };
}

/* ------------------------------------------------------------------ shared */

export async function unpublish(
  ctx: ConsoleContext,
  kind: 'announcement' | 'report_article',
  id: number,
): Promise<Record<string, never> | BusinessFailure<'notFound'>> {
  const table = kind === 'announcement' ? 'announcements' : 'report_articles';
  if (!(await unpublishRow(ctx.db, table, id, ctx.operator!.email, ctx.now()))) return failure('notFound');
  ctx.note({ targetType: kind, targetId: id, summary: 'unpublished' });
  return {};
}

export async function remove(
  ctx: ConsoleContext,
  kind: 'announcement' | 'report_article',
  id: number,
): Promise<Record<string, never> | BusinessFailure<'notFound'>> {
  const title =
    kind === 'announcement' ? (await consoleAnnouncement(ctx.db, id, ctx.now()))?.title_ja : (await consoleArticle(ctx.db, id, ctx.now()))?.title_ja;
  const deleted = await transaction(ctx.db, (tx) => deleteContentRow(tx, kind, id));
  if (!deleted) return failure('notFound');
  ctx.note({ targetType: kind, targetId: id, summary: `deleted 「${(title ?? '').slice(0, 80)}」` });
  return {};
}

/* ------------------------------------------------------------------ library articles */

const isGenre = (id: string): id is GenreId => (GENRE_IDS as readonly string[]).includes(id);

export async function listArticles(db: Db, q: ConsoleListQuery) {
  const found = await consoleArticlePage(db, q);
  return {
    articles: found.map((r) => ({
      id: r.id,
      title: { ja: r.title_ja, en: r.title_en },
      state: r.state,
      publishAt: num(r.publish_ms),
      contractOnly: r.contract_only,
      updatedAt: Number(r.updated_ms),
      updatedBy: r.updated_by,
      genreId: r.genre_id && isGenre(r.genre_id) ? r.genre_id : null,
      pickupPosition: r.pickup_position,
      imageUrl: r.image_url,
    })),
    total: found[0]?.total ?? (q.offset > 0 ? await countBeyond(db, q, 'article') : 0),
  };
}

export async function getArticle(db: Db, id: number, now: Date): Promise<ConsoleArticle | null> {
  const row = await consoleArticle(db, id, now);
  if (!row) return null;
  const tags = json(row.tags);
  const genre = tags.find((t) => t.is_genre && isGenre(t.id))?.id;
  return {
    id: row.id,
    title: { ja: row.title_ja, en: row.title_en },
    relType: row.rel_type,
    headerImage: { url: row.image_url, alt: { ja: row.image_alt_ja ?? '', en: row.image_alt_en } },
    images: json(row.images),
    description: row.description_ja === null ? null : { ja: row.description_ja, en: row.description_en },
    genreId: genre && isGenre(genre) ? genre : null,
    tagIds: tags.filter((t) => !t.is_genre).map((t) => t.id),
    pickupPosition: row.pickup_position,
    relatedArticleIds: json(row.related_ids).map(Number),
    recommendScore: row.recommend_score,
    sections: await consoleSections(db, 'report_article', id),
    contractOnly: row.contract_only,
    publishAt: num(row.publish_ms),
    state: row.state,
    createdAt: Number(row.created_ms),
    updatedAt: Number(row.updated_ms),
    updatedBy: row.updated_by,
  };
}

export async function saveArticle(
  ctx: ConsoleContext,
  input: ArticleInput,
): Promise<{ id: number; state: PublishState } | BusinessFailure<'notFound' | 'unknownTag' | 'unknownArticle'>> {
  const now = ctx.now();
  const tagIds = [...new Set(input.tagIds)];
  if ((await existingTopicTags(ctx.db, tagIds)).length !== tagIds.length) return failure('unknownTag');
  const relatedIds = [...new Set(input.relatedArticleIds)];
  if (input.id !== undefined && relatedIds.includes(input.id)) return failure('unknownArticle');
  if ((await existingArticles(ctx.db, relatedIds)).length !== relatedIds.length) return failure('unknownArticle');
  const publishAt = input.publishAt === null ? null : new Date(input.publishAt);
  const by = ctx.operator!.email;
  const fields = {
    titleJa: input.title.ja,
    titleEn: input.title.en,
    descriptionJa: input.description?.ja ?? null,
    descriptionEn: input.description?.en ?? null,
    relType: input.relType,
    imageUrl: input.headerImage.url,
    imageAltJa: input.headerImage.alt.ja,
    imageAltEn: input.headerImage.alt.en,
    contractOnly: input.contractOnly,
    pickupPosition: input.pickupPosition,
    recommendScore: input.recommendScore,
  };
  const id = await transaction(ctx.db, async (tx) => {
    let id = input.id;
    if (id === undefined) {
      id = await insertReportArticle(tx, { ...fields, publishedAt: publishAt, createdAt: now, updatedAt: now, updatedBy: by });
    } else {
      if (!(await updateArticleRow(tx, id, { ...fields, publishAt, updatedBy: by, now }))) return null;
      await deleteOwnedParts(tx, 'report_article', id);
    }
    await insertArticleImages(tx, id, input.images.map(toImage));
    await insertArticleTags(tx, id, [input.genreId, ...tagIds]);
    await insertArticleRelations(tx, id, relatedIds);
    await insertSections(tx, 'report_article', id, input.sections.map(toStoredSection));
    return id;
  });
  if (id === null) return failure('notFound');
  ctx.note({
    targetType: 'report_article',
    targetId: id,
    summary: `${input.id ? 'edited' : 'created'} ${summaryOf(input.title.ja, publishAt, now)}`,
  });
  return { id, state: stateOf(publishAt, now) };
}

export async function duplicateArticle(ctx: ConsoleContext, id: number): Promise<{ id: number } | BusinessFailure<'notFound'>> {
  const source = await getArticle(ctx.db, id, ctx.now());
  if (!source) return failure('notFound');
  const saved = await saveArticle(
    { ...ctx, note: () => {} },
    {
      title: copyTitle(source.title),
      relType: source.relType,
      headerImage: { url: source.headerImage.url, alt: { ja: source.headerImage.alt.ja || source.title.ja, en: source.headerImage.alt.en } },
      images: source.images,
      description: source.description,
      genreId: source.genreId ?? 'genre7',
      tagIds: source.tagIds,
      pickupPosition: null,
      relatedArticleIds: source.relatedArticleIds,
      recommendScore: source.recommendScore,
      sections: source.sections.map(toSectionInput),
      contractOnly: source.contractOnly,
      publishAt: null,
    },
  );
  if ('errorCode' in saved) return failure('notFound');
  ctx.note({ targetType: 'report_article', targetId: saved.id, summary: `copy of article ${id} as a draft` });
  return { id: saved.id };
}

export async function genresAndTags(db: Db) {
  const all = await allTagsForEditor(db);
  return {
    genres: all.filter((t) => t.is_genre && isGenre(t.id)).map((t) => ({ id: t.id as GenreId, name: { ja: t.name_ja, en: t.name_en } })),
    tags: all.filter((t) => !t.is_genre).map((t) => ({ id: t.id, name: { ja: t.name_ja, en: t.name_en }, genreId: t.genre_id })),
  };
}

/* ------------------------------------------------------------------ sections of other domains (issue 16: events) */

/** An owner's sections with every language, for a console editor of another domain (events). */
export async function consoleSectionsOf(db: Db, ownerType: SectionOwnerType, id: number): Promise<ConsoleSection[]> {
  return (await consoleSectionRows(db, ownerType, id)).map((r) => json<ConsoleSectionJson>(r.section));
}

/** Replaces an owner's sections with what a console editor sent (rich text sanitised by the Section writer). */
export async function replaceSections(tx: Db, ownerType: SectionOwnerType, id: number, sections: SectionInput[]): Promise<void> {
  await deleteSections(tx, ownerType, id);
  await insertSections(tx, ownerType, id, sections.map(toStoredSection));
}
