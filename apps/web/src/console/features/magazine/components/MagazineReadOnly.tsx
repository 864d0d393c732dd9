import { useTranslation } from '../../../../lib/i18n/react.tsx';
import type { ConsoleMagazineIssue } from '@hibi/contract/console/magazine';
import { formatDateTime } from '../../../lib/time.ts';
import { localized } from '../../../lib/localized.ts';
import { MagazinePreview } from './MagazinePreview.tsx';
import { MagazineStateBadge } from './MagazineStateBadge.tsx';
import { MagazineStats } from './MagazineStats.tsx';
import { issueToForm } from './values.ts';

/**
 * An issue that is not to be changed here: one that started sending (for everyone), or any issue for support
 * (docs/requirements/magazine.md#magazine-console). Its state and times, its figures once sending, and the mail's
 * preview; no write controls.
 */
export function MagazineReadOnly({ issue }: { issue: ConsoleMagazineIssue }) {
  const { t } = useTranslation('consoleMagazine');
  const started = issue.state === 'sending' || issue.state === 'sent';
  return (
    <div className="console-page">
      <h1>{localized(issue.subject)}</h1>
      <p className="console-notice">{started ? t('editor.readOnlySent') : t('editor.readOnly')}</p>
      <p className="console-meta magazine-meta">
        <MagazineStateBadge state={issue.state} />
        {issue.sendAt !== null && <span>{t('editor.sendAt', { at: formatDateTime(issue.sendAt) })}</span>}
        {issue.sentAt !== null && <span>{t('editor.sentAt', { at: formatDateTime(issue.sentAt) })}</span>}
      </p>
      {started && <MagazineStats issueID={issue.issueID} state={issue.state} />}
      <MagazinePreview values={issueToForm(issue)} />
    </div>
  );
}
