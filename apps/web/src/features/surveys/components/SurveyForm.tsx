import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Trans, useTranslation } from '../../../lib/i18n/react.tsx';
import type { AnswerValue, Survey, SurveyItem } from '@hibi/contract/functions/surveys';
import { useQueryClient } from '@tanstack/react-query';
import { RichText } from '../../../components/RichText.tsx';
import { afterAnswer, answerSurvey } from '../api/answer-survey.ts';
import { useWriteFailure } from '../../../lib/useWriteFailure.ts';

type Answers = Record<number, AnswerValue | undefined>;

/** Whether an answer counts as given: blank text and an empty selection do not (docs/requirements/events.md#events-questionnaire, docs/requirements/surveys.md#surveys-validation). */
function isGiven(value: AnswerValue | undefined): boolean {
  if (value === undefined) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function RequiredMark() {
  const { t } = useTranslation('surveys');
  return (
    <span className="required-mark">
      <span aria-hidden="true">*</span>
      <span className="visually-hidden">({t('detail.required')})</span>
    </span>
  );
}

interface QuestionProps {
  item: SurveyItem;
  value: AnswerValue | undefined;
  missing: boolean;
  onChange: (value: AnswerValue) => void;
}

function Question({ item, value, missing, onChange }: QuestionProps) {
  const { t } = useTranslation('surveys');
  const base = useId();
  const textId = `${base}-q`;
  const errorId = `${base}-error`;
  const hintId = `${base}-hint`;
  const index = item.questionnaireIndex!;
  const describedBy = [item.type !== 'text' ? hintId : null, missing ? errorId : null].filter(Boolean).join(' ') || undefined;

  const head = (
    <div className="survey-question__head">
      <RichText id={textId} html={item.question} className="survey-question__text" />
      {item.required && <RequiredMark />}
    </div>
  );
  const illustrations = item.images.length > 0 && (
    <div className="survey-question__images">
      {item.images.map((img) => (
        <img key={img.id} src={img.url} alt={img.alt} loading="lazy" />
      ))}
    </div>
  );
  const error = missing && (
    <p className="field__error survey-question__error" id={errorId} role="alert">
      {t('detail.questionRequired')}
    </p>
  );

  if (item.type === 'text') {
    return (
      <div className={`survey-question${missing ? ' survey-question--missing' : ''}`} data-question={index}>
        {head}
        {illustrations}
        <div className="field">
          <textarea
            aria-labelledby={textId}
            aria-required={item.required || undefined}
            aria-invalid={missing || undefined}
            aria-describedby={describedBy}
            rows={4}
            maxLength={2000}
            placeholder={t('detail.textPlaceholder')}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => onChange(e.target.value)}
          />
        </div>
        {error}
      </div>
    );
  }

  const multiple = item.type === 'checkbox';
  const selected = multiple ? (Array.isArray(value) ? value : []) : typeof value === 'number' ? [value] : [];
  const toggle = (choice: number) => {
    if (!multiple) return onChange(choice);
    onChange(selected.includes(choice) ? selected.filter((c) => c !== choice) : [...selected, choice].sort((a, b) => a - b));
  };
  return (
    <fieldset
      className={`survey-question${missing ? ' survey-question--missing' : ''}`}
      data-question={index}
      aria-labelledby={textId}
      aria-describedby={describedBy}
    >
      {head}
      {illustrations}
      <p className="field__hint" id={hintId}>
        {multiple ? t('detail.chooseAny') : t('detail.chooseOne')}
      </p>
      <div className={item.type === 'images' ? 'survey-choices survey-choices--images' : 'survey-choices'}>
        {item.choices.map((choice, i) => (
          <label key={i} className={item.type === 'images' ? 'survey-choice survey-choice--image' : 'survey-choice'}>
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={`${base}-choice`}
              value={i}
              checked={selected.includes(i)}
              onChange={() => toggle(i)}
            />
            {item.type === 'images' && item.choiceImages[i] && <img src={item.choiceImages[i]} alt="" loading="lazy" />}
            <span>{choice}</span>
          </label>
        ))}
      </div>
      {error}
    </fieldset>
  );
}

/** The survey form: asterisks on required items; missing ones scroll to the top with a message and an alert each. */
export function SurveyForm({ survey }: { survey: Survey }) {
  const { t } = useTranslation('surveys');
  const writeFailure = useWriteFailure();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState<Answers>({});
  const [missing, setMissing] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Bumped to scroll to the top once the message is on screen (after the layout it causes).
  const [scrollTick, setScrollTick] = useState(0);
  useEffect(() => {
    if (scrollTick === 0) return;
    // A smooth scroll that something interrupts (a late layout shift on a phone) ends short of the top: finish it.
    const finish = () => {
      if (window.scrollY > 0) window.scrollTo({ top: 0 });
    };
    window.addEventListener('scrollend', finish, { once: true });
    window.scrollTo({ top: 0, behavior: 'smooth' });
    return () => window.removeEventListener('scrollend', finish);
  }, [scrollTick]);

  const questions = survey.body.filter((item) => item.questionnaireIndex !== null && item.type !== 'comment');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const absent = new Set(questions.filter((q) => q.required && !isGiven(answers[q.questionnaireIndex!])).map((q) => q.questionnaireIndex!));
    setMissing(absent);
    if (absent.size > 0) {
      setError(t('detail.requiredMissing'));
      setScrollTick((n) => n + 1);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const body = questions
        .map((q) => ({ questionnaireIndex: q.questionnaireIndex!, answer: answers[q.questionnaireIndex!] }))
        .filter((a): a is { questionnaireIndex: number; answer: AnswerValue } => isGiven(a.answer));
      const result = await answerSurvey({ questionnaireID: survey.id, isGeneral: survey.isGeneral, body });
      if (!result.succeed) throw new Error(result.errorCode);
      await afterAnswer(queryClient);
      navigate(`/surveys/${survey.id}/thanks`, { replace: true });
    } catch (e) {
      setError(writeFailure(e, t('detail.unknownError')));
      setScrollTick((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="survey-form" onSubmit={(e) => void submit(e)} noValidate>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <p className="field__hint">
        <Trans t={t} i18nKey="detail.requiredHint" components={[<span className="required-mark" key="mark" />]} />
      </p>
      {survey.body.map((item, position) =>
        item.questionnaireIndex === null || item.type === 'comment' ? (
          <div key={position} className="survey-comment">
            <RichText html={item.question} />
            {item.images.map((img) => (
              <img key={img.id} src={img.url} alt={img.alt} loading="lazy" />
            ))}
          </div>
        ) : (
          <Question
            key={position}
            item={item}
            value={answers[item.questionnaireIndex]}
            missing={missing.has(item.questionnaireIndex)}
            onChange={(value) => {
              const index = item.questionnaireIndex!;
              setAnswers((prev) => ({ ...prev, [index]: value }));
              if (isGiven(value) && missing.has(index)) setMissing((prev) => new Set([...prev].filter((i) => i !== index)));
            }}
          />
        ),
      )}
      <div className="actions-row">
        <button type="submit" className="button button--primary survey-form__submit" disabled={busy} aria-busy={busy}>
          {busy ? t('detail.submitting') : t('detail.submit')}
        </button>
      </div>
    </form>
  );
}
