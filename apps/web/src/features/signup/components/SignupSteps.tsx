import { useTranslation } from '../../../lib/i18n/react.tsx';

const STEPS = ['form', 'confirm', 'complete'] as const;

/** Where the person is in the three signup steps. */
export function SignupSteps({ current }: { current: (typeof STEPS)[number] }) {
  const { t } = useTranslation('signup');
  return (
    <ol className="signup-steps" aria-label={t('steps.label')}>
      {STEPS.map((step, i) => (
        <li
          key={step}
          className={step === current ? 'signup-steps__item signup-steps__item--current' : 'signup-steps__item'}
          aria-current={step === current ? 'step' : undefined}
        >
          <span className="signup-steps__number" aria-hidden="true">
            {i + 1}
          </span>
          {t(`steps.${step}`)}
        </li>
      ))}
    </ol>
  );
}
