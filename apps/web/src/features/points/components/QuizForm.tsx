import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { FormError } from '../../../components/FormMessage.tsx';

/**
 * Today's choices as a radio group (arrow keys move between them, as radios do) with the submit button. `error`: the
 * refusal or failure the page got for the last answer.
 */
export function QuizForm({
  question,
  choices,
  busy,
  error,
  onAnswer,
}: {
  question: string;
  choices: readonly string[];
  busy: boolean;
  error: string | null;
  onAnswer: (choice: number) => void;
}) {
  const { t } = useTranslation('points');
  const id = useId();
  const [choice, setChoice] = useState<number | null>(null);
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (choice === null) return setMissing(true);
    setMissing(false);
    onAnswer(choice);
  }

  const message = missing ? t('quiz.chooseFirst') : error;
  return (
    <form className="quiz-form" onSubmit={submit} noValidate>
      <fieldset className="quiz-form__choices" aria-describedby={message ? `${id}-error` : undefined}>
        <legend className="quiz-form__question">{question}</legend>
        {choices.map((text, i) => (
          <label key={i} className="quiz-option">
            <input
              type="radio"
              name={`${id}-choice`}
              value={i}
              checked={choice === i}
              onChange={() => {
                setChoice(i);
                setMissing(false);
              }}
            />
            <span>{text}</span>
          </label>
        ))}
      </fieldset>
      <FormError id={`${id}-error`}>{message}</FormError>
      <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy || undefined}>
        {busy ? t('quiz.sending') : t('quiz.submit')}
      </button>
    </form>
  );
}
