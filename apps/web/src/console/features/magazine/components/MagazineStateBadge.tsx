import type { MagazineState } from '@hibi/contract/console/magazine';
import { useTranslation } from '../../../../lib/i18n/react.tsx';

// The content states' colours (console.css): a draft plain, scheduled and sending as scheduled, sent as published.
const STATE_CLASS: Record<MagazineState, string> = {
  draft: '',
  scheduled: ' console-state--scheduled',
  sending: ' console-state--scheduled magazine-state--sending',
  sent: ' console-state--published',
};

/** An issue's state: draft, scheduled, sending, sent (docs/requirements/magazine.md#magazine-console). */
export function MagazineStateBadge({ state }: { state: MagazineState }) {
  const { t } = useTranslation('consoleMagazine');
  return <span className={`console-state${STATE_CLASS[state]}`}>{t(`states.${state}`)}</span>;
}
