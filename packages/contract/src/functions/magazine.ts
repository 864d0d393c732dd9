import { z } from 'zod';
import { defineFunction, id, offset, perPage } from '../protocol.ts';

/**
 * The mail magazine on the member's side (issue 59, docs/requirements/magazine.md#magazine-members): past issues sent
 * to the member's tenant, in the member's language (English falls back to Japanese where empty), and the public
 * one-click unsubscribe that the mail's signed link calls.
 */

export const MAGAZINE_TOKEN_MAX = 300;

export const magazineIssueHeadSchema = z.object({
  issueID: z.number().int(),
  subject: z.string(),
  /** When the issue started going out (epoch ms). */
  sentAt: z.number().int(),
});
export type MagazineIssueHead = z.infer<typeof magazineIssueHeadSchema>;

export const magazineIssueSchema = magazineIssueHeadSchema.extend({
  /** Sanitised HTML, as announcements' rich text. */
  body: z.string(),
});
export type MagazineIssue = z.infer<typeof magazineIssueSchema>;

export const listMagazineIssues = defineFunction({
  name: 'listMagazineIssues',
  auth: 'required',
  summary: "Issues that were sent to the caller's tenant, newest first, paged; whether the caller receives the magazine.",
  payload: z.object({ offset, perPage: perPage(50, 20) }),
  response: z.object({ issues: z.array(magazineIssueHeadSchema), total: z.number().int() }),
});

export const getMagazineIssue = defineFunction({
  name: 'getMagazineIssue',
  auth: 'required',
  summary: "One issue that was sent to the caller's tenant, in the caller's language.",
  payload: z.object({ issueID: id }),
  response: z.object({ issue: magazineIssueSchema }),
  errorCodes: ['notFound'],
});

export const unsubscribeMagazine = defineFunction({
  name: 'unsubscribeMagazine',
  auth: 'none',
  summary:
    "Turns the mail magazine off for the member a magazine mail's signed link names (no sign-in). Idempotent: a second call answers the same. A forged or altered token is refused and changes nothing.",
  payload: z.object({ token: z.string().min(1).max(MAGAZINE_TOKEN_MAX) }),
  response: z.object({ email: z.boolean() }),
  errorCodes: ['invalidToken'],
});

export const magazineFunctions = [listMagazineIssues, getMagazineIssue, unsubscribeMagazine] as const;
