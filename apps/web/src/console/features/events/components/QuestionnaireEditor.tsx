import './events.css';
import { useState } from 'react';
import { FormProvider, useFieldArray, useForm, get, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import {
  EVENT_QUESTION_TYPES,
  saveQuestionnaire,
  type ConsoleEvent,
  type EventQuestionType,
  type QuestionInput,
} from '@hibi/contract/console/events';
import { Field } from '../../../../components/Field.tsx';
import { FormError, StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { callErrorText, failureText, fieldErrorText } from '../../../lib/forms.ts';
import { useSaveQuestionnaire } from '../api/events.ts';
import { ImageList } from '../../../components/editor/ImageList.tsx';
import { LocalizedInput } from '../../../components/editor/LocalizedInput.tsx';
import { fromLocalized, type ImageForm, type LocalizedForm } from '../../../components/editor/values.ts';

interface QuestionValues {
  type: EventQuestionType;
  question: LocalizedForm;
  required: boolean;
  /** One choice a line, per language (select and checkbox). */
  choicesJa: string;
  choicesEn: string;
  choiceImages: ImageForm[];
  images: ImageForm[];
}
interface Values {
  questions: QuestionValues[];
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const hasChoices = (type: EventQuestionType) => type === 'select' || type === 'checkbox';

function toValues(event: ConsoleEvent): Values {
  return {
    questions: event.questions.map((q) => ({
      type: q.type,
      question: fromLocalized(q.question),
      required: q.required,
      choicesJa: q.choices.map((c) => c.ja).join('\n'),
      choicesEn: q.choices.map((c) => c.en ?? '').join('\n'),
      choiceImages: q.choiceImages.map((i) => ({ url: i.url, alt: fromLocalized(i.alt) })),
      images: q.images.map((i) => ({ url: i.url, alt: fromLocalized(i.alt) })),
    })),
  };
}

const emptyQuestion = (): QuestionValues => ({
  type: 'text',
  question: { ja: '', en: '' },
  required: false,
  choicesJa: '',
  choicesEn: '',
  choiceImages: [],
  images: [],
});

const payloadSchema = saveQuestionnaire.payload.omit({ eventId: true });

/**
 * The questionnaire members answer when they reserve: every question type, required flags, order (move up and down).
 * Once answers exist only texts and required flags may change (the server refuses the rest; the page says why).
 */
export function QuestionnaireEditor({ event, canEdit }: { event: ConsoleEvent; canEdit: boolean }) {
  const { t } = useTranslation('consoleEvents');
  const save = useSaveQuestionnaire();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<StatusText | null>(null);
  const resolver: Resolver<Values, unknown, { questions: QuestionInput[] }> = async (values, context, options) => {
    const payload = {
      questions: values.questions.map((q) => {
        const ja = lines(q.choicesJa);
        const en = q.choicesEn.split('\n').map((l) => l.trim());
        return {
          type: q.type,
          question: q.question,
          required: q.required,
          choices: hasChoices(q.type) ? ja.map((c, i) => ({ ja: c, en: en[i] ?? '' })) : [],
          choiceImages: q.type === 'images' ? q.choiceImages : [],
          images: q.images,
        };
      }),
    };
    return (zodResolver(payloadSchema) as unknown as Resolver<typeof payload, unknown, { questions: QuestionInput[] }>)(
      payload,
      context,
      options as never,
    ) as never;
  };
  const form = useForm<Values, unknown, { questions: QuestionInput[] }>({ defaultValues: toValues(event), resolver, mode: 'onSubmit' });
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'questions' });
  const errorOf = (path: string) => fieldErrorText(get(form.formState.errors, path));
  const submit = form.handleSubmit(
    ({ questions }) => {
      setError(null);
      setStatus(null);
      save.mutate(
        { eventId: event.id, questions },
        {
          onSuccess: (answer) => {
            if (!answer.succeed) {
              return setError(failureText(answer, { notFound: t('errors.notFound'), questionnaireHasAnswers: t('errors.questionnaireHasAnswers') }));
            }
            form.reset(form.getValues());
            setStatus({ text: t('questions.saved'), error: false });
          },
          onError: (thrown) => setError(callErrorText(thrown)),
        },
      );
    },
    () => setError(t('editor.fixErrors')),
  );
  const types = form.watch('questions').map((q) => q.type);

  return (
    <section className="console-page console-editor" aria-labelledby="questions-title">
      <h2 id="questions-title">{t('questions.title')}</h2>
      <p className="console-muted">{t('questions.lead')}</p>
      {event.hasAnswers && <p className="ev-note">{t('questions.answered')}</p>}
      <FormProvider {...form}>
        <form
          className="console-form ev-questionnaire"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <FormError>{error}</FormError>
          {fields.length === 0 && <p className="empty-state">{t('questions.empty')}</p>}
          <fieldset className="ev-plain" disabled={!canEdit}>
            <legend className="visually-hidden">{t('questions.title')}</legend>
            <ol className="ev-questions">
              {fields.map((field, index) => {
                const type = types[index] ?? 'text';
                return (
                  <li key={field.id} className="console-fieldset ev-question">
                    <h3 className="ev-question__title">{t('questions.number', { n: index + 1 })}</h3>
                    <div className="ev-grid">
                      <Field label={t('questions.type')}>
                        {(control) => (
                          <select {...control} {...form.register(`questions.${index}.type`)}>
                            {EVENT_QUESTION_TYPES.map((v) => (
                              <option key={v} value={v}>
                                {t(`questionTypes.${v}`)}
                              </option>
                            ))}
                          </select>
                        )}
                      </Field>
                      <label className="console-check">
                        <input type="checkbox" {...form.register(`questions.${index}.required`)} />
                        {t('questions.required')}
                      </label>
                    </div>
                    <LocalizedInput name={`questions.${index}.question`} label={t('questions.question')} required multiline maxLength={2000} />
                    {hasChoices(type) && (
                      <div className="ev-grid">
                        <Field
                          label={t('questions.choicesJa')}
                          hint={t('questions.choicesHint')}
                          error={errorOf(`questions.${index}.choices`)}
                          requiredMark
                        >
                          {(control) => <textarea {...control} {...form.register(`questions.${index}.choicesJa`)} lang="ja" rows={4} />}
                        </Field>
                        <Field label={t('questions.choicesEn')} hint={t('questions.choicesEnHint')}>
                          {(control) => <textarea {...control} {...form.register(`questions.${index}.choicesEn`)} lang="en" rows={4} />}
                        </Field>
                      </div>
                    )}
                    {type === 'images' && (
                      <>
                        <ImageList name={`questions.${index}.choiceImages`} label={t('questions.choiceImages')} max={20} />
                        {errorOf(`questions.${index}.choiceImages`) && <p className="form-error">{errorOf(`questions.${index}.choiceImages`)}</p>}
                      </>
                    )}
                    <ImageList name={`questions.${index}.images`} label={t('questions.images')} max={5} />
                    {canEdit && (
                      <div className="console-table__actions">
                        <button
                          type="button"
                          className="button button--outline button--small"
                          disabled={index === 0}
                          onClick={() => move(index, index - 1)}
                        >
                          {t('questions.up', { n: index + 1 })}
                        </button>
                        <button
                          type="button"
                          className="button button--outline button--small"
                          disabled={index === fields.length - 1}
                          onClick={() => move(index, index + 1)}
                        >
                          {t('questions.down', { n: index + 1 })}
                        </button>
                        <button type="button" className="button button--danger button--small" onClick={() => remove(index)}>
                          {t('questions.remove', { n: index + 1 })}
                        </button>
                      </div>
                    )}
                  </li>
                );
              })}
            </ol>
          </fieldset>
          {canEdit && (
            <div className="console-savebar">
              <StatusMessage message={status} />
              <button type="button" className="button button--outline" onClick={() => append(emptyQuestion())} disabled={fields.length >= 30}>
                {t('questions.add')}
              </button>
              <button type="submit" className="button button--primary" disabled={save.isPending} aria-busy={save.isPending || undefined}>
                {t('questions.save')}
              </button>
            </div>
          )}
        </form>
      </FormProvider>
    </section>
  );
}
