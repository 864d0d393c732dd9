import { useTranslation } from '../../../../lib/i18n/react.tsx';
import type { SurveyState } from '@hibi/contract/console/surveys';

/** The state of a survey: draft, scheduled, running, ended (the content badges' colours). */
export function SurveyStateBadge({ state }: { state: SurveyState }) {
  const { t } = useTranslation('consoleSurveys');
  const look = state === 'running' ? 'published' : state === 'ended' ? 'unpublished' : state;
  return <span className={`console-state console-state--${look}`}>{t(`states.${state}`)}</span>;
}

/** A text in the console's language, the Japanese one when there is no English. */
export function localized(text: { ja: string; en: string | null }, locale: string): string {
  return locale === 'en' && text.en ? text.en : text.ja;
}
