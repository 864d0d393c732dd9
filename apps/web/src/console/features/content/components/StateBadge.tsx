import { useTranslation } from 'react-i18next';

/** The publishing state of an item: draft, scheduled, published, unpublished. */
export function StateBadge({ state }: { state: 'draft' | 'scheduled' | 'published' | 'unpublished' }) {
  const { t } = useTranslation('consoleContent');
  return <span className={`console-state console-state--${state}`}>{t(`states.${state}`)}</span>;
}
