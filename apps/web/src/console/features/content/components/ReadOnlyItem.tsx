import type { ReactNode } from 'react';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { formatDateTime } from '../../../lib/time.ts';
import { localized } from '../../../lib/localized.ts';
import { ContentPreview } from '../../../components/preview/ContentPreview.tsx';
import { StateBadge } from '../../../components/StateBadge.tsx';

/** An item as a support operator sees it: its state and time, and the member rendering; no editing actions. */
export function ReadOnlyItem({
  title,
  state,
  publishAt,
  render,
}: {
  title: { ja: string; en: string };
  state: 'draft' | 'scheduled' | 'published' | 'unpublished';
  publishAt: number | null;
  render: (lang: 'ja' | 'en') => ReactNode;
}) {
  const { t } = useTranslation('consoleContent');
  return (
    <div className="console-page">
      <h1>{localized({ ja: title.ja, en: title.en || null })}</h1>
      <p className="console-notice">{t('editor.readOnly')}</p>
      <p className="console-meta">
        <StateBadge state={state} />
        {publishAt !== null && <span> {formatDateTime(publishAt)}</span>}
      </p>
      <ContentPreview render={render} />
    </div>
  );
}
