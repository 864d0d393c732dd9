import type { ConsoleMagazineIssue } from '@hibi/contract/console/magazine';
import { fromLocalized, isEmptyHtml, type LocalizedForm } from '../../../components/editor/values.ts';

/** The editor's values: the subject and the body in both languages, as strings ('' when empty). */
export interface MagazineForm {
  subject: LocalizedForm;
  body: LocalizedForm;
}

export function issueToForm(issue: ConsoleMagazineIssue | null): MagazineForm {
  return { subject: fromLocalized(issue?.subject), body: fromLocalized(issue?.body) };
}

/** Rich text that shows nothing (the editor's empty paragraph) is empty: the schema then says the body is required. */
const richText = (html: string) => (isEmptyHtml(html) ? '' : html);

/** The save's payload from the form (issueID absent: a new draft). */
export function formToPayload(values: MagazineForm, issueID: number | null) {
  return {
    ...(issueID === null ? {} : { issueID }),
    subject: { ja: values.subject.ja, en: values.subject.en },
    body: { ja: richText(values.body.ja), en: richText(values.body.en) },
  };
}

/** Whether the form holds what a preview needs: the Japanese subject and body (English falls back to them). */
export function previewable(values: MagazineForm): boolean {
  return values.subject.ja.trim() !== '' && !isEmptyHtml(values.body.ja);
}

/** Whether an issue can still be changed, scheduled or cancelled (docs/requirements/magazine.md#magazine-console). */
export const isWritable = (state: ConsoleMagazineIssue['state']) => state === 'draft' || state === 'scheduled';
