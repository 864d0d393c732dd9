import { useEffect, useRef, useState } from 'react';
import { FormProvider, useFieldArray, useForm, useFormContext, useWatch } from 'react-hook-form';
import { QUIZ_CHOICES_MAX, QUIZ_CHOICES_MIN, QUIZ_GENRES, type QuizGenre } from '@hibi/contract/functions/points';
import { quizQuestionInputSchema, type QuizQuestion, type QuizQuestionInput } from '@hibi/contract/console/points';
import { DESCRIPTION_MAX, TITLE_MAX } from '@hibi/contract/console/protocol';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { Field } from '../../../../components/Field.tsx';
import type { StatusText } from '../../../../components/FormMessage.tsx';
import { LocalizedInput } from '../../../components/editor/LocalizedInput.tsx';
import { emptyText, fromLocalized, type LocalizedForm } from '../../../components/editor/values.ts';
import { callErrorText } from '../../../lib/forms.ts';
import { useSaveQuizQuestion } from '../api/quiz.ts';
import { pointsErrorTexts } from './errors.ts';
import { TextField, useFieldError } from './fields.tsx';
import { EditorPanel, payloadResolver, refusalText } from './form.tsx';
import { numberOf, parseID } from './values.ts';

export interface QuestionForm {
  day: string;
  genre: QuizGenre;
  question: LocalizedForm;
  choices: LocalizedForm[];
  correctChoice: string;
  explanation: LocalizedForm;
  articleID: string;
}

export function questionPayload(values: QuestionForm, roundID: number, questionID: number | null) {
  const article = values.articleID.trim();
  return {
    ...(questionID === null ? {} : { questionID }),
    roundID,
    day: values.day,
    genre: values.genre,
    question: { ja: values.question.ja, en: values.question.en },
    choices: values.choices.map((choice) => ({ ja: choice.ja, en: choice.en })),
    correctChoice: numberOf(values.correctChoice),
    explanation: { ja: values.explanation.ja, en: values.explanation.en },
    articleID: article === '' ? null : (parseID(article) ?? Number.NaN),
  };
}

/**
 * A quiz question's editor (owners and editors; docs/requirements/points.md#points-quiz): its Tokyo day in the round, the
 * genre, the question, two to four choices (added and removed) with the right one chosen by a radio button, the
 * explanation, and optionally the library article it links (its number, as the article editor's related articles).
 */
export function QuestionEditor({
  roundID,
  item,
  defaultDay,
  onDone,
}: {
  roundID: number;
  item: QuizQuestion | null;
  defaultDay: string;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation('consolePoints');
  const save = useSaveQuizQuestion();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<StatusText | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const questionID = item?.questionID ?? null;
  const form = useForm<QuestionForm, unknown, QuizQuestionInput>({
    defaultValues: {
      day: item?.day ?? defaultDay,
      genre: item?.genre ?? 'exercise',
      question: fromLocalized(item?.question),
      choices: item ? item.choices.map((choice) => fromLocalized(choice)) : [emptyText(), emptyText()],
      correctChoice: item ? String(item.correctChoice) : '0',
      explanation: fromLocalized(item?.explanation),
      articleID: item?.articleID === null || item?.articleID === undefined ? '' : String(item.articleID),
    },
    resolver: payloadResolver<QuestionForm, QuizQuestionInput>(quizQuestionInputSchema, (values) => questionPayload(values, roundID, questionID)),
  });
  useEffect(() => heading.current?.focus(), []);

  const submit = form.handleSubmit(
    (payload) => {
      setError(null);
      setStatus(null);
      save.mutate(payload, {
        onSuccess: (answer) => {
          if (!answer.succeed) return setError(refusalText(form, answer, t));
          onDone(t('quiz.questionSaved', { day: payload.day }));
        },
        onError: (thrown) => setError(callErrorText(thrown, pointsErrorTexts(t))),
      });
    },
    () => {
      setStatus(null);
      setError(t('editor.fixErrors'));
    },
  );

  return (
    <FormProvider {...form}>
      <EditorPanel
        title={item ? t('quiz.editQuestionTitle', { day: item.day }) : t('quiz.newQuestionTitle')}
        headingRef={heading}
        error={error}
        status={status}
        saving={save.isPending}
        onSubmit={() => void submit()}
        onCancel={() => onDone('')}
      >
        <div className="points-grid">
          <TextField name="day" label={t('quiz.day')} type="date" hint={t('quiz.dayHint')} />
          <GenreField />
        </div>
        <LocalizedInput name="question" label={t('quiz.question')} required multiline maxLength={DESCRIPTION_MAX} />
        <ChoicesField />
        <LocalizedInput name="explanation" label={t('quiz.explanation')} required multiline maxLength={DESCRIPTION_MAX} />
        <TextField name="articleID" label={t('quiz.articleID')} hint={t('quiz.articleHint')} required={false} />
      </EditorPanel>
    </FormProvider>
  );
}

function GenreField() {
  const { t } = useTranslation('consolePoints');
  const { register } = useFormContext<QuestionForm>();
  const error = useFieldError('genre');
  return (
    <Field label={t('quiz.genre')} error={error} requiredMark>
      {(control) => (
        <select {...control} {...register('genre')} required>
          {QUIZ_GENRES.map((genre) => (
            <option key={genre} value={genre}>
              {t(`genres.${genre}`)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The choices, two to four, each in both languages, and the right one as a radio button beside each. */
function ChoicesField() {
  const { t } = useTranslation('consolePoints');
  const { control, register, setValue, getValues } = useFormContext<QuestionForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'choices' });
  const correct = useWatch({ control, name: 'correctChoice' });
  const choicesError = useFieldError('choices');
  const correctError = useFieldError('correctChoice');
  return (
    <fieldset className="console-fieldset" data-error-context={t('quiz.choices')}>
      <legend>{t('quiz.choices')}</legend>
      <p className="field__hint">{t('quiz.choicesHint', { min: QUIZ_CHOICES_MIN, max: QUIZ_CHOICES_MAX })}</p>
      {choicesError && <p className="field__error">{choicesError}</p>}
      {correctError && <p className="field__error">{correctError}</p>}
      <ol className="points-choices">
        {fields.map((field, index) => (
          <li key={field.id} className="points-choice" data-error-context={t('quiz.choiceN', { n: index + 1 })}>
            <div className="points-choice__head">
              <label className="console-check">
                <input type="radio" value={String(index)} {...register('correctChoice')} />
                {t('quiz.correctIs', { n: index + 1 })}
              </label>
              {fields.length > QUIZ_CHOICES_MIN && (
                <button
                  type="button"
                  className="button button--outline button--small"
                  onClick={() => {
                    const chosen = Number(getValues('correctChoice'));
                    remove(index);
                    // The right answer follows its choice; removing it leaves the first one chosen.
                    if (chosen === index) setValue('correctChoice', '0');
                    else if (chosen > index) setValue('correctChoice', String(chosen - 1));
                  }}
                >
                  {t('quiz.removeChoice', { n: index + 1 })}
                </button>
              )}
            </div>
            <LocalizedInput name={`choices.${index}`} label={t('quiz.choiceN', { n: index + 1 })} required maxLength={TITLE_MAX} />
          </li>
        ))}
      </ol>
      {fields.length < QUIZ_CHOICES_MAX && (
        <button type="button" className="button button--outline button--small" onClick={() => append(emptyText())}>
          {t('quiz.addChoice')}
        </button>
      )}
      <p className="visually-hidden" aria-live="polite">
        {t('quiz.correctNow', { n: Number(correct) + 1 })}
      </p>
    </fieldset>
  );
}
