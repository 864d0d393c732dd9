import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import type { EventQuestion, ReservationAnswer } from '@hibi/contract/functions/events';

type Answer = ReservationAnswer['answer'] | undefined;

/** Not answered: undefined or null, and also an empty text or no ticked box (docs/requirements/events.md#events-questionnaire). */
export function isUnanswered(answer: Answer): boolean {
  return (
    answer === undefined || answer === null || (typeof answer === 'string' && answer.trim() === '') || (Array.isArray(answer) && answer.length === 0)
  );
}

function RequiredMark() {
  const { t } = useTranslation('events');
  return (
    <>
      <span className="required-mark" aria-hidden="true">
        *
      </span>
      <span className="visually-hidden">{t('questionnaire.requiredLabel')}</span>
    </>
  );
}

function QuestionField({ q, value, onChange, invalid }: { q: EventQuestion; value: Answer; onChange: (v: Answer) => void; invalid: boolean }) {
  const { t } = useTranslation('events');
  const id = useId();
  const text = <span className="question__text" dangerouslySetInnerHTML={{ __html: q.question }} />;
  const images = q.images.length > 0 && (
    <div className="question__images">
      {q.images.map((img) => (
        <img key={img.id} src={img.url} alt="" width="240" height="135" />
      ))}
    </div>
  );
  if (q.type === 'text' || q.type === 'comment') {
    const common = {
      id,
      value: typeof value === 'string' ? value : '',
      onChange: (e: { target: { value: string } }) => onChange(e.target.value),
      'aria-required': q.required || undefined,
      'aria-invalid': invalid || undefined,
      maxLength: 2000,
    };
    return (
      <div className="field question">
        <label htmlFor={id}>
          {text}
          {q.required && <RequiredMark />}
        </label>
        {images}
        {q.type === 'text' ? <input type="text" {...common} /> : <textarea rows={4} {...common} />}
      </div>
    );
  }
  const multiple = q.type === 'checkbox';
  const options =
    q.type === 'images'
      ? q.choiceImages.map((img, n) => ({ n, label: q.choices[n] ?? t('questionnaire.imageChoice', { n: n + 1 }), img }))
      : q.choices.map((label, n) => ({ n, label, img: null }));
  const selected = (n: number) => (multiple ? Array.isArray(value) && value.includes(n) : value === n);
  return (
    <fieldset className={`field question${invalid ? ' question--invalid' : ''}`}>
      <legend>
        {text}
        {q.required && <RequiredMark />}
      </legend>
      {images}
      <div className={`question__choices${q.type === 'images' ? ' question__choices--images' : ''}`}>
        {options.map((o) => (
          <label key={o.n} className="question__choice">
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={id}
              checked={selected(o.n)}
              onChange={(e) => {
                if (!multiple) return onChange(o.n);
                const current = Array.isArray(value) ? value : [];
                onChange(e.target.checked ? [...current, o.n].sort((a, b) => a - b) : current.filter((x) => x !== o.n));
              }}
            />
            {o.img && <img src={o.img.url} alt="" width="120" height="68" />}
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The questionnaire shown before reserving; submission is blocked while a required question is unanswered. */
export function Questionnaire({
  questions,
  busy,
  serverError,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  questions: EventQuestion[];
  busy: boolean;
  serverError: string | null;
  /** The submit button's text (joining a waiting list); "Answer and reserve" by default. */
  submitLabel?: string;
  onSubmit: (answers: ReservationAnswer[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('events');
  const [answers, setAnswers] = useState<Record<number, Answer>>({});
  const [missing, setMissing] = useState<Set<number>>(new Set());
  const formRef = useRef<HTMLFormElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const unanswered = new Set(questions.filter((q) => q.required && isUnanswered(answers[q.questionnaireIndex])).map((q) => q.questionnaireIndex));
    setMissing(unanswered);
    if (unanswered.size > 0) {
      // Bring the error line (top of the form) into view.
      formRef.current?.scrollTo({ top: 0 });
      return;
    }
    onSubmit(
      questions
        .filter((q) => !isUnanswered(answers[q.questionnaireIndex]))
        .map((q) => ({ questionnaireIndex: q.questionnaireIndex, answer: answers[q.questionnaireIndex] as ReservationAnswer['answer'] })),
    );
  }

  const error = missing.size > 0 ? t('questionnaire.requiredError') : serverError;
  return (
    <form ref={formRef} className="form questionnaire" onSubmit={submit} noValidate>
      <p className="questionnaire__lead">{t('questionnaire.lead')}</p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {questions.map((q) => (
        <QuestionField
          key={q.questionnaireIndex}
          q={q}
          value={answers[q.questionnaireIndex]}
          invalid={missing.has(q.questionnaireIndex)}
          onChange={(v) => setAnswers((a) => ({ ...a, [q.questionnaireIndex]: v }))}
        />
      ))}
      <div className="modal__actions">
        <button type="button" className="button button--outline" onClick={onCancel}>
          {t('questionnaire.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? t('button.working') : (submitLabel ?? t('questionnaire.submit'))}
        </button>
      </div>
    </form>
  );
}
