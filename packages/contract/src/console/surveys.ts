import { z } from 'zod';
import { localizedOut } from './content.ts';
import { CHOICES_MAX, QUESTION_TYPES } from '../functions/surveys.ts';
import { ALT_MAX, consoleEpochMs, consoleId, contentUrl, defineConsoleFunction, localizedText, localizedTitle, TITLE_MAX } from './protocol.ts';

/**
 * Surveys in the operator console (issue 16, item 2; docs/decisions/120-console-surveys.md). A survey is written
 * into the surveys domain's own tables (questionnaires, questionnaire_items, questionnaire_tenants), which the member
 * calls read.
 *
 * State, derived on the server against the time of the call: `draft` (kept from members), `scheduled` (its window
 * has not started), `running`, `ended`. Members see a survey that is not a draft and has started.
 *
 * Once a survey has an answer, only its texts (title, question and choice texts, image alt texts) and its window
 * may change: a save that changes anything else answers `surveyHasAnswers` (the answers refer to the questions and
 * choices by position). Duplicate it as a new draft instead.
 */
export const SURVEY_STATES = ['draft', 'scheduled', 'running', 'ended'] as const;
export type SurveyState = (typeof SURVEY_STATES)[number];

export const QUESTION_TEXT_MAX = 2000;
export const CHOICE_TEXT_MAX = 200;
export const SURVEY_ITEMS_MAX = 100;
export const SURVEY_TENANTS_MAX = 200;

/** Question kinds that take choices, and how many they need at least. */
export const CHOICE_TYPES = ['select', 'checkbox', 'images'] as const;

const surveyImageInput = z.object({ url: contentUrl, alt: localizedTitle(ALT_MAX, 'altRequired') });

/** One block of a survey: a display-only comment or a question (its answer key is given by its place). */
export const surveyItemInputSchema = z
  .object({
    type: z.enum(QUESTION_TYPES),
    /** Multi-line plain text; line breaks show as line breaks. */
    question: localizedText(QUESTION_TEXT_MAX, 'questionRequired'),
    required: z.boolean().default(false),
    choices: z.array(localizedTitle(CHOICE_TEXT_MAX, 'choiceRequired')).max(CHOICES_MAX).default([]),
    /** The image of each choice of an `images` question, aligned with choices. */
    choiceImages: z.array(contentUrl).max(CHOICES_MAX).default([]),
    /** Illustrations shown with the block. */
    images: z.array(surveyImageInput).max(10).default([]),
  })
  .superRefine((item, ctx) => {
    const takesChoices = (CHOICE_TYPES as readonly string[]).includes(item.type);
    if (takesChoices && item.choices.length < 2) ctx.addIssue({ code: 'custom', path: ['choices'], message: 'msg:choicesTooFew' });
    if (!takesChoices && item.choices.length > 0) ctx.addIssue({ code: 'custom', path: ['choices'], message: 'msg:choicesNotAllowed' });
    if (item.type === 'images' ? item.choiceImages.length !== item.choices.length : item.choiceImages.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['choiceImages'], message: 'msg:choiceImagesMismatch' });
    }
  });
export type SurveyItemInput = z.output<typeof surveyItemInputSchema>;

/** The survey form: also the payload of saveSurvey (id absent: new). */
export const surveyInputSchema = z
  .object({
    id: consoleId.optional(),
    title: localizedTitle(TITLE_MAX, 'jaTitleRequired'),
    /** true: every member (run by the office); false: the members of `tenantIds` only. */
    isGeneral: z.boolean().default(true),
    tenantIds: z.array(consoleId).max(SURVEY_TENANTS_MAX).default([]),
    /** Only members of a tenant with a corporate contract see and answer it. */
    contractOnly: z.boolean().default(false),
    /** The answer window, epoch ms; the end must be after the start. */
    fromDateTime: consoleEpochMs,
    toDateTime: consoleEpochMs,
    /** A draft is kept from members whatever its window. */
    draft: z.boolean().default(true),
    items: z.array(surveyItemInputSchema).max(SURVEY_ITEMS_MAX),
  })
  .superRefine((s, ctx) => {
    if (s.toDateTime <= s.fromDateTime) ctx.addIssue({ code: 'custom', path: ['toDateTime'], message: 'msg:periodEndsBeforeStart' });
    if (!s.isGeneral && s.tenantIds.length === 0) ctx.addIssue({ code: 'custom', path: ['tenantIds'], message: 'msg:tenantsRequired' });
    if (!s.items.some((i) => i.type !== 'comment')) ctx.addIssue({ code: 'custom', path: ['items'], message: 'msg:questionsRequired' });
  });
export type SurveyInput = z.output<typeof surveyInputSchema>;
export type SurveyFormValues = z.input<typeof surveyInputSchema>;

export const surveyListPayload = z.object({
  /** Part of the Japanese or English title (case-insensitive). */
  query: z.string().trim().max(100).optional(),
  state: z.enum(SURVEY_STATES).optional(),
  offset: z.number().int().min(0).max(1_000_000).default(0),
  perPage: z.number().int().min(1).max(100).default(20),
});

const surveyListItem = z.object({
  id: z.number().int(),
  title: localizedOut,
  state: z.enum(SURVEY_STATES),
  fromDateTime: z.number().int(),
  toDateTime: z.number().int(),
  isGeneral: z.boolean(),
  tenantCount: z.number().int(),
  contractOnly: z.boolean(),
  answerCount: z.number().int(),
  updatedAt: z.number().int(),
  updatedBy: z.string().nullable(),
});

const surveyItemOut = z.object({
  type: z.enum(QUESTION_TYPES),
  questionnaireIndex: z.number().int().nullable(),
  question: localizedOut,
  required: z.boolean(),
  choices: z.array(localizedOut),
  choiceImages: z.array(z.string()),
  images: z.array(z.object({ url: z.string(), alt: localizedOut })),
});

export const consoleSurveySchema = z.object({
  id: z.number().int(),
  title: localizedOut,
  isGeneral: z.boolean(),
  tenantIds: z.array(z.number().int()),
  contractOnly: z.boolean(),
  fromDateTime: z.number().int(),
  toDateTime: z.number().int(),
  draft: z.boolean(),
  state: z.enum(SURVEY_STATES),
  items: z.array(surveyItemOut),
  /** Members who answered; above 0 the structure is fixed (texts and the window only). */
  answerCount: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  updatedBy: z.string().nullable(),
});
export type ConsoleSurvey = z.infer<typeof consoleSurveySchema>;

export const listSurveys = defineConsoleFunction({
  name: 'listSurveys',
  roles: ['owner', 'editor', 'support'],
  summary: 'Surveys in every state with their answer counts, searched by title and filtered by state, paged.',
  payload: surveyListPayload,
  response: z.object({ surveys: z.array(surveyListItem), total: z.number().int() }),
});

export const getSurvey = defineConsoleFunction({
  name: 'getSurvey',
  roles: ['owner', 'editor', 'support'],
  summary: 'One survey with every language, question and target, for the editor.',
  payload: z.object({ id: consoleId }),
  response: z.object({ survey: consoleSurveySchema }),
  errorCodes: ['notFound'],
});

export const saveSurvey = defineConsoleFunction({
  name: 'saveSurvey',
  roles: ['owner', 'editor'],
  summary:
    'Creates (id absent) or replaces a survey. With answers, only texts and the window may change (surveyHasAnswers otherwise); an unknown target tenant answers unknownTenant.',
  payload: surveyInputSchema,
  response: z.object({ id: z.number().int(), state: z.enum(SURVEY_STATES) }),
  errorCodes: ['notFound', 'unknownTenant', 'surveyHasAnswers'],
  audited: true,
});

export const duplicateSurvey = defineConsoleFunction({
  name: 'duplicateSurvey',
  roles: ['owner', 'editor'],
  summary: 'Copies a survey (questions, targets, window) as a new draft without answers; the title is marked as a copy.',
  payload: z.object({ id: consoleId }),
  response: z.object({ id: z.number().int() }),
  errorCodes: ['notFound'],
  audited: true,
});

export const deleteSurvey = defineConsoleFunction({
  name: 'deleteSurvey',
  roles: ['owner', 'editor'],
  summary: 'Deletes a survey that has no answers (surveyHasAnswers otherwise: answers are kept).',
  payload: z.object({ id: consoleId }),
  response: z.object({}),
  errorCodes: ['notFound', 'surveyHasAnswers'],
  audited: true,
});

export const listSurveyTenants = defineConsoleFunction({
  name: 'listSurveyTenants',
  roles: ['owner', 'editor', 'support'],
  summary: 'The tenants a survey can target (id and names), by name.',
  payload: z.object({}),
  response: z.object({ tenants: z.array(z.object({ id: z.number().int(), name: localizedOut, corporateContract: z.boolean() })) }),
});

const choiceResult = z.object({ label: localizedOut, imageUrl: z.string().nullable(), count: z.number().int() });

export const getSurveyResults = defineConsoleFunction({
  name: 'getSurveyResults',
  roles: ['owner', 'editor'],
  summary:
    'Per question: how many answered it, counts per choice (select, checkbox, images), and for text questions the count only (texts: listSurveyTextAnswers).',
  payload: z.object({ id: consoleId }),
  response: z.object({
    id: z.number().int(),
    title: localizedOut,
    respondents: z.number().int(),
    questions: z.array(
      z.object({
        questionnaireIndex: z.number().int(),
        type: z.enum(QUESTION_TYPES),
        question: localizedOut,
        required: z.boolean(),
        answered: z.number().int(),
        choices: z.array(choiceResult),
      }),
    ),
  }),
  errorCodes: ['notFound'],
});

export const TEXT_ANSWERS_PAGE = 20;

export const listSurveyTextAnswers = defineConsoleFunction({
  name: 'listSurveyTextAnswers',
  roles: ['owner', 'editor'],
  summary: 'The free-text answers to one question, newest first, a page at a time (cursor from the previous page).',
  payload: z.object({
    id: consoleId,
    questionnaireIndex: z.number().int().min(0).max(10_000),
    /** Opaque (sealed: it names no account). */
    cursor: z
      .string()
      .trim()
      .max(200)
      .regex(/^v1\.[\w-]+\.[\w-]+\.[\w-]*$/)
      .optional(),
    limit: z.number().int().min(1).max(100).default(TEXT_ANSWERS_PAGE),
  }),
  response: z.object({
    answers: z.array(z.object({ answeredAt: z.number().int(), text: z.string() })),
    nextCursor: z.string().nullable(),
  }),
  errorCodes: ['notFound'],
});

export const exportSurveyAnswers = defineConsoleFunction({
  name: 'exportSurveyAnswers',
  roles: ['owner', 'editor'],
  kind: 'csv',
  summary:
    'Every answer of a survey as anonymous CSV: a row per respondent without any account id, a column per question (choice texts in Japanese; several joined by " / "); the company only where at least 5 respondents share it.',
  payload: z.object({ id: consoleId }),
  response: z.object({}),
  errorCodes: ['notFound'],
  audited: true,
});

export const consoleSurveyFunctions = [
  listSurveys,
  getSurvey,
  saveSurvey,
  duplicateSurvey,
  deleteSurvey,
  listSurveyTenants,
  getSurveyResults,
  listSurveyTextAnswers,
  exportSurveyAnswers,
] as const;
