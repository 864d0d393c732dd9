import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { announcementInputSchema, articleInputSchema } from '@hibi/contract/console/content';
import { eventInputSchema, questionInputSchema, sessionInputSchema } from '@hibi/contract/console/events';
import { faqCategoryInputSchema, faqItemInputSchema, helpPageInputSchema } from '@hibi/contract/console/help';
import { tenantInputSchema } from '@hibi/contract/console/people';
import { surveyInputSchema } from '@hibi/contract/console/surveys';
import { createTestApp, type TestApp } from '../helpers.ts';

/**
 * Issue 55, item 3: every demo item a console editor opens can be saved again unchanged. Each item is read as its
 * editor reads it (the console's get… call), checked against the editor's own schema (the save function's payload
 * in the contract, which the editor validates with), and saved back through the console entry, which must accept it.
 * An editor who fixes a typo is never stopped by fields nobody touched (docs/decisions/179-….md).
 */
let t: TestApp;
let editor = '';
let owner = '';
beforeAll(async () => {
  t = await createTestApp();
  editor = await t.operatorToken('editor@example.com');
  owner = await t.operatorToken('owner@example.com');
});
afterAll(async () => {
  await t?.close();
});

/** The issues of `value` against `schema`, as "path: message" lines (empty: valid). */
function issues(schema: z.ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

/** Every page of a paged console list. */
async function allPages<T>(read: (offset: number) => Promise<{ items: T[]; total: number }>): Promise<T[]> {
  const out: T[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await read(offset);
    out.push(...page.items);
    if (out.length >= page.total || page.items.length === 0) return out;
  }
}

describe('every demo item passes its console editor’s schema and saves unchanged', () => {
  it('announcements', async () => {
    const list = await allPages(async (offset) => {
      const { body } = await t.consoleCall('listConsoleAnnouncements', { offset, perPage: 100 }, { token: editor });
      return { items: body.announcements, total: body.total };
    });
    expect(list.length).toBeGreaterThan(20);
    const failures: Record<number, string[]> = {};
    for (const { id } of list) {
      const { body } = await t.consoleCall('getConsoleAnnouncement', { id }, { token: editor });
      const bad = issues(announcementInputSchema, body.announcement);
      if (bad.length) failures[id] = bad;
      else {
        const saved = await t.consoleCall('saveAnnouncement', announcementInputSchema.parse(body.announcement), { token: editor });
        if (!saved.body.succeed) failures[id] = [`save: ${saved.body.errorCode} ${saved.body.validationErrorMessage?.join(' ') ?? ''}`];
      }
    }
    expect(failures).toEqual({});
  });

  it('library articles', async () => {
    const list = await allPages(async (offset) => {
      const { body } = await t.consoleCall('listConsoleArticles', { offset, perPage: 100 }, { token: editor });
      return { items: body.articles, total: body.total };
    });
    expect(list.length).toBeGreaterThan(40);
    const failures: Record<number, string[]> = {};
    for (const { id } of list) {
      const { body } = await t.consoleCall('getConsoleArticle', { id }, { token: editor });
      const bad = issues(articleInputSchema, body.article);
      if (bad.length) failures[id] = bad;
      else {
        const saved = await t.consoleCall('saveArticle', articleInputSchema.parse(body.article), { token: editor });
        if (!saved.body.succeed) failures[id] = [`save: ${saved.body.errorCode} ${saved.body.validationErrorMessage?.join(' ') ?? ''}`];
      }
    }
    expect(failures).toEqual({});
  });

  it('events, their sessions and questionnaires', async () => {
    const list = await allPages(async (offset) => {
      const { body } = await t.consoleCall('listConsoleEvents', { offset, perPage: 100 }, { token: editor });
      return { items: body.events, total: body.total };
    });
    expect(list.length).toBeGreaterThan(10);
    const failures: Record<string, string[]> = {};
    for (const { id } of list) {
      const { body } = await t.consoleCall('getConsoleEvent', { id }, { token: editor });
      const event = body.event;
      const bad = issues(eventInputSchema, event);
      if (bad.length) failures[`event ${id}`] = bad;
      else {
        const saved = await t.consoleCall('saveEvent', eventInputSchema.parse(event), { token: editor });
        if (!saved.body.succeed) failures[`event ${id}`] = [`save: ${saved.body.errorCode} ${saved.body.validationErrorMessage?.join(' ') ?? ''}`];
      }
      for (const session of event.sessions) {
        const input = { ...session, eventId: id };
        const badSession = issues(sessionInputSchema, input);
        if (badSession.length) failures[`event ${id} session ${session.id}`] = badSession;
        else {
          const saved = await t.consoleCall('saveEventSession', sessionInputSchema.parse(input), { token: editor });
          if (!saved.body.succeed)
            failures[`event ${id} session ${session.id}`] = [`save: ${saved.body.errorCode} ${saved.body.validationErrorMessage?.join(' ') ?? ''}`];
        }
      }
      const badQuestions = event.questions.flatMap((q, i) => issues(questionInputSchema, q).map((m) => `${i}.${m}`));
      if (badQuestions.length) failures[`event ${id} questionnaire`] = badQuestions;
      else if (event.questions.length) {
        const questions = event.questions.map((q) => questionInputSchema.parse(q));
        const saved = await t.consoleCall('saveQuestionnaire', { eventId: id, questions }, { token: editor });
        if (!saved.body.succeed)
          failures[`event ${id} questionnaire`] = [`save: ${saved.body.errorCode} ${saved.body.validationErrorMessage?.join(' ') ?? ''}`];
      }
    }
    expect(failures).toEqual({});
  });

  it('surveys', async () => {
    const list = await allPages(async (offset) => {
      const { body } = await t.consoleCall('listSurveys', { offset, perPage: 100 }, { token: editor });
      return { items: body.surveys, total: body.total };
    });
    expect(list.length).toBeGreaterThan(3);
    const failures: Record<number, string[]> = {};
    for (const { id } of list) {
      const { body } = await t.consoleCall('getSurvey', { id }, { token: editor });
      const bad = issues(surveyInputSchema, body.survey);
      if (bad.length) failures[id] = bad;
      else {
        const saved = await t.consoleCall('saveSurvey', surveyInputSchema.parse(body.survey), { token: editor });
        if (!saved.body.succeed) failures[id] = [`save: ${saved.body.errorCode} ${saved.body.validationErrorMessage?.join(' ') ?? ''}`];
      }
    }
    expect(failures).toEqual({});
  });

  it('FAQ categories and items', async () => {
    const { body } = await t.consoleCall('listFaq', {}, { token: editor });
    expect(body.categories.length).toBeGreaterThan(1);
    const failures: Record<string, string[]> = {};
    for (const category of body.categories) {
      const input = { id: category.id, title: category.title };
      const bad = issues(faqCategoryInputSchema, input);
      if (bad.length) failures[`category ${category.id}`] = bad;
      else {
        const saved = await t.consoleCall('saveFaqCategory', faqCategoryInputSchema.parse(input), { token: editor });
        if (!saved.body.succeed) failures[`category ${category.id}`] = [`save: ${saved.body.errorCode}`];
      }
      for (const { id } of category.items) {
        const item = (await t.consoleCall('getFaqItem', { id }, { token: editor })).body.item;
        const badItem = issues(faqItemInputSchema, item);
        if (badItem.length) failures[`item ${id}`] = badItem;
        else {
          const saved = await t.consoleCall('saveFaqItem', faqItemInputSchema.parse(item), { token: editor });
          if (!saved.body.succeed) failures[`item ${id}`] = [`save: ${saved.body.errorCode} ${saved.body.validationErrorMessage?.join(' ') ?? ''}`];
        }
      }
    }
    expect(failures).toEqual({});
  });

  it('help pages of the current terms version', async () => {
    const { body } = await t.consoleCall('listHelpPages', {}, { token: editor });
    expect(body.pages.length).toBeGreaterThan(3);
    const failures: Record<string, string[]> = {};
    for (const page of body.pages) {
      const ref = { page: page.page, language: page.language, version: body.termsVersion };
      const draft = (await t.consoleCall('getHelpPageDraft', ref, { token: editor })).body;
      const input = { ...ref, title: draft.title, lead: draft.lead, updatedOn: draft.updatedOn, sections: draft.sections };
      const bad = issues(helpPageInputSchema, input);
      if (bad.length) failures[`${page.page} ${page.language}`] = bad;
      else {
        const saved = await t.consoleCall('saveHelpPage', helpPageInputSchema.parse(input), { token: editor });
        if (!saved.body.succeed)
          failures[`${page.page} ${page.language}`] = [`save: ${saved.body.errorCode} ${saved.body.validationErrorMessage?.join(' ') ?? ''}`];
      }
    }
    expect(failures).toEqual({});
  });

  it('tenants', async () => {
    const { body } = await t.consoleCall('listTenants', { offset: 0, perPage: 100 }, { token: owner });
    expect(body.tenants.length).toBeGreaterThan(1);
    const failures: Record<number, string[]> = {};
    for (const tenant of body.tenants.filter((x) => x.purgedAt === null)) {
      // The editor leaves the contract's end as it is (absent: unchanged).
      const { contractEndsAt: _unchanged, ...input } = tenant;
      const bad = issues(tenantInputSchema, input);
      if (bad.length) failures[tenant.id] = bad;
      else {
        const saved = await t.consoleCall('saveTenant', tenantInputSchema.parse(input), { token: owner });
        if (!saved.body.succeed) failures[tenant.id] = [`save: ${saved.body.errorCode} ${saved.body.validationErrorMessage?.join(' ') ?? ''}`];
      }
    }
    expect(failures).toEqual({});
  });
});
