import type { Announcement, ReportArticle, Section } from '@hibi/contract/functions/content';
import type { ConsoleSection } from '@hibi/contract/console/content';
import { SECTION_TYPE } from '@hibi/contract/constants';

/** A localized text as the form holds it: both languages as strings ('' when empty). */
export interface LocalizedForm {
  ja: string;
  en: string;
}
export interface ImageForm {
  url: string;
  alt: LocalizedForm;
}
export interface SectionForm {
  sectionType: 2 | 5;
  subtitle: LocalizedForm;
  comment: LocalizedForm;
  images: ImageForm[];
  videos: { videoUrl: string; thumbnailImageUrl: string }[];
  attachments: { url: string; fileName: LocalizedForm }[];
  relType: Section['relType'] | '';
  relObjectID: string;
  relLabel: LocalizedForm;
}

export const emptyText = (): LocalizedForm => ({ ja: '', en: '' });
export const emptySection = (sectionType: 2 | 5 = SECTION_TYPE.description as 2): SectionForm => ({
  sectionType,
  subtitle: emptyText(),
  comment: emptyText(),
  images: [],
  videos: [],
  attachments: [],
  relType: '',
  relObjectID: '',
  relLabel: emptyText(),
});

export const fromLocalized = (text: { ja: string; en: string | null } | null | undefined): LocalizedForm => ({
  ja: text?.ja ?? '',
  en: text?.en ?? '',
});

export function sectionToForm(section: ConsoleSection): SectionForm {
  return {
    sectionType: section.sectionType === 5 ? 5 : 2,
    subtitle: fromLocalized(section.subtitle),
    comment: fromLocalized(section.comment),
    images: section.images.map((image) => ({ url: image.url, alt: fromLocalized(image.alt) })),
    videos: section.videos.map((video) => ({ ...video })),
    attachments: section.attachments.map((a) => ({ url: a.url, fileName: fromLocalized(a.fileName) })),
    relType: section.relType ?? '',
    relObjectID: section.relObjectID ?? '',
    relLabel: fromLocalized(section.relLabel),
  };
}

/** Rich text that shows nothing (the editor's empty paragraph) counts as empty. */
export function isEmptyHtml(html: string): boolean {
  return html.replace(/<\/?p>|<br\s*\/?>|&nbsp;|\s/g, '') === '';
}

/** An optional localized text for the payload: null when both languages are empty, so the schema's null branch applies. */
export function optionalText(text: LocalizedForm, rich = false): { ja: string; en: string } | null {
  const ja = rich && isEmptyHtml(text.ja) ? '' : text.ja;
  const en = rich && isEmptyHtml(text.en) ? '' : text.en;
  return ja.trim() === '' && en.trim() === '' ? null : { ja, en };
}

/** The form's sections as the payload wants them (empty optional texts as null, no relation for a plain description). */
export function sectionsToPayload(sections: SectionForm[]) {
  return sections.map((s) => ({
    sectionType: s.sectionType,
    subtitle: optionalText(s.subtitle),
    comment: optionalText(s.comment, true),
    images: s.images,
    videos: s.videos,
    attachments: s.attachments,
    relType: s.relType === '' ? null : s.relType,
    relObjectID: s.relObjectID.trim() === '' ? null : s.relObjectID.trim(),
    relLabel: optionalText(s.relLabel),
  }));
}

const pick = (text: LocalizedForm, lang: 'ja' | 'en'): string => (lang === 'en' && text.en.trim() ? text.en : text.ja);
const pickOrNull = (text: LocalizedForm, lang: 'ja' | 'en', rich = false): string | null => {
  const value = pick(text, lang);
  return value.trim() === '' || (rich && isEmptyHtml(value)) ? null : value;
};

/** The sections as the member pages' Sections component reads them, in one language (English falls back to Japanese). */
export function sectionsForMembers(sections: SectionForm[], lang: 'ja' | 'en'): Section[] {
  return sections.map((s, index) => ({
    sectionType: s.sectionType,
    subtitle: pickOrNull(s.subtitle, lang),
    comment: pickOrNull(s.comment, lang, true),
    images: s.images.map((image, i) => ({ id: index * 100 + i + 1, url: image.url })),
    videos: s.videos.map((v, i) => ({ videoID: index * 100 + i + 1, videoUrl: v.videoUrl, thumbnailImageUrl: v.thumbnailImageUrl })),
    attachments: s.attachments.map((a, i) => ({ id: index * 100 + i + 1, url: a.url, fileName: pick(a.fileName, lang) })),
    relType: s.relType === '' ? null : s.relType,
    relObjectID: s.relObjectID.trim() === '' ? null : s.relObjectID.trim(),
    relLabel: pickOrNull(s.relLabel, lang),
  }));
}

export interface AnnouncementForm {
  title: LocalizedForm;
  images: ImageForm[];
  sections: SectionForm[];
  isImportant: boolean;
  contractOnly: boolean;
}

/** An announcement as the member page would show it, from the form (the preview). */
export function announcementForMembers(form: AnnouncementForm, publishAt: number | null, lang: 'ja' | 'en'): Announcement {
  return {
    id: 0,
    title: pick(form.title, lang),
    fromDateTime: publishAt ?? Date.now(),
    isImportant: form.isImportant,
    isRead: false,
    images: form.images.map((image, i) => ({ id: i + 1, url: image.url })),
    sections: sectionsForMembers(form.sections, lang),
  };
}

export interface ArticleForm {
  title: LocalizedForm;
  relType: ReportArticle['relType'];
  headerImage: ImageForm;
  images: ImageForm[];
  description: LocalizedForm;
  genreId: string;
  tagIds: string[];
  pickupPosition: string;
  relatedArticleIds: string;
  recommendScore: string;
  sections: SectionForm[];
  contractOnly: boolean;
}

/** A library article as the member page would show it, from the form (the preview). */
export function articleForMembers(form: ArticleForm, publishAt: number | null, lang: 'ja' | 'en', tagName: (id: string) => string): ReportArticle {
  return {
    id: 0,
    title: pick(form.title, lang),
    imageUrl: form.headerImage.url,
    relType: form.relType,
    publishedAt: publishAt ?? Date.now(),
    tags: form.tagIds.map((id) => ({ id, name: tagName(id) })),
    images: [form.headerImage, ...form.images].filter((image) => image.url).map((image, i) => ({ id: i + 1, url: image.url })),
    description: pickOrNull(form.description, lang),
    sections: sectionsForMembers(form.sections, lang),
    relatedEvent: null,
    relatedIndividualMatch: null,
    relatedTeamMatch: null,
    relatedReportArticles: [],
    recommendedReportArticles: [],
  };
}
