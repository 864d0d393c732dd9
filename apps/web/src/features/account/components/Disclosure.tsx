import { useTranslation } from '../../../lib/i18n/react.tsx';

/** The label a profile section carries: private (basic info, always), disclosed or undisclosed to friends. */
export function DisclosureLabel({ kind }: { kind: 'private' | 'disclosed' | 'undisclosed' }) {
  const { t } = useTranslation('account');
  return <span className={`disclosure disclosure--${kind}`}>{t(`disclosure.${kind}`)}</span>;
}
