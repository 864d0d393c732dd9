import { useTranslation } from '../../lib/i18n/react.tsx';

/** The publishing state of an item: draft, scheduled, published, unpublished. */
export function StateBadge({ state }: { state: 'draft' | 'scheduled' | 'published' | 'unpublished' }) {
  const { t } = useTranslation('consoleContent');
  return <span className={`console-state console-state--${state}`}>{t(`states.${state}`)}</span>;
}
