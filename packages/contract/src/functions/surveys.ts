import { z } from 'zod';
import { defineFunction, epochMs, id, offset, perPage } from '../protocol.ts';
import { PAGE_SIZE } from '../constants.ts';

/** Kinds of survey body items (docs/requirements/surveys.md#surveys-model). `comment` is display-only text and carries no questionnaireIndex. */
export const QUESTION_TYPES = ['comment', 'images', 'select', 'checkbox', 'text'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Longest free-text answer, most items in one answer, highest choice index. */
export const ANSWER_TEXT_MAX = 2000;
export const ANSWER_ITEMS_MAX = 100;
export const CHOICES_MAX = 50;

const surveyImage = z.object({ id: z.number().int(), url: z.string(), alt: z.string() });

export const surveySummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  fromDateTime: z.number().int(),
  toDateTime: z.number().int(),
  answered: z.boolean(),
  isGeneral: z.boolean(),
});
export type SurveySummary = z.infer<typeof surveySummarySchema>;

export const surveyItemSchema = z.object({
  type: z.enum(QUESTION_TYPES),
  /** Sanitised HTML; the newlines of the stored text became <br>. */
  question: z.string(),
  /** The key an answer refers to; null for display-only items (comment). */
  questionnaireIndex: z.number().int().nullable(),
  required: z.boolean(),
  /** Choice labels of select, checkbox and images items; an answer names a choice by its position here. */
  choices: z.array(z.string()),
  /** Image URLs of the choices of an images item, aligned with choices. */
  choiceImages: z.array(z.string()),
  /** Illustrations shown with the question. */
  images: z.array(surveyImage),
});
export type SurveyItem = z.infer<typeof surveyItemSchema>;

export const surveySchema = surveySummarySchema.extend({
  /** True once the answer window has passed: the form is not offered. */
  closed: z.boolean(),
  /** Guests get the head only: an empty body. */
  body: z.array(surveyItemSchema),
});
export type Survey = z.infer<typeof surveySchema>;

/** One answer: free text for text items, a choice position for select and images, positions for checkbox. */
export const answerValueSchema = z.union([
  z.string().max(ANSWER_TEXT_MAX),
  z.number().int().min(0).max(CHOICES_MAX),
  z.array(z.number().int().min(0).max(CHOICES_MAX)).max(CHOICES_MAX),
]);
export type AnswerValue = z.infer<typeof answerValueSchema>;

export const getQuestionnaires = defineFunction({
  name: 'getQuestionnaires',
  auth: 'optional',
  summary: 'Surveys running now, newest first, 50 a page; `more` is true when the page came back full.',
  payload: z.object({ offset, perPage: perPage(PAGE_SIZE.surveys, PAGE_SIZE.surveys) }),
  response: z.object({ questionnaires: z.array(surveySummarySchema), more: z.boolean() }),
});

export const getQuestionnaireById = defineFunction({
  name: 'getQuestionnaireById',
  auth: 'optional',
  summary: 'One survey with its body (the head only for guests). Not yet started or not visible to the caller: notFound.',
  payload: z.object({ questionnaireID: id }),
  response: z.object({ questionnaire: surveySchema }),
  errorCodes: ['notFound'],
});

export const answerQuestionnaire = defineFunction({
  name: 'answerQuestionnaire',
  auth: 'required',
  summary: 'Stores the one answer of the signed-in user to a survey, after checking every answer against its question.',
  payload: z.object({
    questionnaireID: id,
    isGeneral: z.boolean(),
    body: z.array(z.object({ questionnaireIndex: z.number().int().min(0).max(10_000), answer: answerValueSchema }).strict()).max(ANSWER_ITEMS_MAX),
  }),
  response: z.object({ questionnaireID: z.number().int(), answeredAt: epochMs }),
  errorCodes: [
    'notFound',
    'contractRequired',
    'outsideAnswerPeriod',
    'alreadyAnswered',
    'unknownQuestion',
    'duplicateAnswer',
    'invalidAnswerType',
    'invalidChoice',
    'requiredMissing',
  ],
});

export const surveysFunctions = [getQuestionnaires, getQuestionnaireById, answerQuestionnaire] as const;
