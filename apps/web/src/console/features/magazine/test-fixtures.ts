import type { ConsoleMagazineIssue } from '@hibi/contract/console/magazine';

/** An issue as getConsoleMagazineIssue answers it, for the component tests. */
export const issueOf = (over: Partial<ConsoleMagazineIssue> = {}): ConsoleMagazineIssue => ({
  issueID: 3,
  subject: { ja: '12月号', en: 'December issue' },
  body: { ja: '<p>本文</p>', en: '<p>Body</p>' },
  state: 'draft',
  sendAt: null,
  sentAt: null,
  recipients: 0,
  updatedAt: Date.UTC(2026, 11, 1),
  updatedBy: 'Editor',
  ...over,
});
