import { get, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { CHOICES_MAX, QUESTION_TYPES, type QuestionType } from '@hibi/contract/functions/surveys';
import { CHOICE_TEXT_MAX, QUESTION_TEXT_MAX, SURVEY_ITEMS_MAX } from '@hibi/contract/console/surveys';
import { Field } from '../../../../components/Field.tsx';
import { fieldErrorText } from '../../../lib/forms.ts';
import { TextPair } from './TextPair.tsx';
import { emptyChoice, emptyItem, type SurveyForm } from './values.ts';

const takesChoices = (type: QuestionType) => type === 'select' || type === 'checkbox' || type === 'images';

/**
 * The questions of a survey, in order: add, move up or down, remove (buttons, so the keyboard does all of it), each
 * with its type, texts, required flag and choices. `locked` (the survey has answers): texts only.
 */
export function QuestionBuilder({ locked }: { locked: boolean }) {
  const { t } = useTranslation('consoleSurveys');
  const { control, formState } = useFormContext<SurveyForm>();
  const items = useFieldArray({ control, name: 'items' });
  const listError = fieldErrorText(get(formState.errors, 'items') as never);
  return (
    <fieldset className="console-fieldset survey-builder">
      <legend>{t('builder.title')}</legend>
      {listError && !Array.isArray(get(formState.errors, 'items')) && (
        <p className="form-error" role="alert">
          {listError}
        </p>
      )}
      <ol className="survey-builder__list">
        {items.fields.map((field, index) => (
          <li key={field.id} className="survey-item">
            <ItemCard
              index={index}
              count={items.fields.length}
              locked={locked}
              onMove={(to) => items.move(index, to)}
              onRemove={() => items.remove(index)}
            />
          </li>
        ))}
      </ol>
      {!locked && (
        <div className="survey-builder__add">
          {QUESTION_TYPES.map((type) => (
            <button
              key={type}
              type="button"
              className="button button--outline button--small"
              disabled={items.fields.length >= SURVEY_ITEMS_MAX}
              onClick={() => items.append(emptyItem(type), { focusName: `items.${items.fields.length}.question.ja` })}
            >
              {t('builder.add', { type: t(`types.${type}`) })}
            </button>
          ))}
        </div>
      )}
    </fieldset>
  );
}

function ItemCard({
  index,
  count,
  locked,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  locked: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('consoleSurveys');
  const { register, control, formState } = useFormContext<SurveyForm>();
  const type = useWatch({ control, name: `items.${index}.type` });
  const choices = useFieldArray({ control, name: `items.${index}.choices` });
  const number = index + 1;
  const headingId = `survey-item-${index}-heading`;
  const choicesError = fieldErrorText(get(formState.errors, `items.${index}.choices`) as never);
  const imagesError = fieldErrorText(get(formState.errors, `items.${index}.choiceImages`) as never);
  return (
    <section className="survey-item__card" aria-labelledby={headingId}>
      <div className="survey-item__head">
        <h3 id={headingId}>{t('builder.itemHeading', { number, type: t(`types.${type}`) })}</h3>
        {!locked && (
          <div className="survey-item__tools">
            <button type="button" className="button button--outline button--small" disabled={index === 0} onClick={() => onMove(index - 1)}>
              {t('builder.up')}
              <span className="visually-hidden"> {t('builder.itemNumber', { number })}</span>
            </button>
            <button type="button" className="button button--outline button--small" disabled={index === count - 1} onClick={() => onMove(index + 1)}>
              {t('builder.down')}
              <span className="visually-hidden"> {t('builder.itemNumber', { number })}</span>
            </button>
            <button type="button" className="button button--danger button--small" disabled={count <= 1} onClick={onRemove}>
              {t('builder.remove')}
              <span className="visually-hidden"> {t('builder.itemNumber', { number })}</span>
            </button>
          </div>
        )}
      </div>
      <div className="survey-item__row">
        <Field label={t('builder.type')}>
          {(c) => (
            <select {...c} {...register(`items.${index}.type`)} disabled={locked}>
              {QUESTION_TYPES.map((q) => (
                <option key={q} value={q}>
                  {t(`types.${q}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {type !== 'comment' && (
          <label className="console-check">
            <input type="checkbox" {...register(`items.${index}.required`)} disabled={locked} />
            {t('builder.required')}
          </label>
        )}
      </div>
      <TextPair
        name={`items.${index}.question`}
        label={type === 'comment' ? t('builder.comment') : t('builder.question')}
        required
        multiline
        maxLength={QUESTION_TEXT_MAX}
      />
      {takesChoices(type) && (
        <fieldset className="survey-choices">
          <legend>{t('builder.choices')}</legend>
          {choicesError && !Array.isArray(get(formState.errors, `items.${index}.choices`)) && <p className="form-error">{choicesError}</p>}
          {imagesError && <p className="form-error">{imagesError}</p>}
          <ol className="survey-choices__list">
            {choices.fields.map((choice, n) => (
              <li key={choice.id} className="survey-choice">
                <TextPair name={`items.${index}.choices.${n}`} label={t('builder.choice', { number: n + 1 })} required maxLength={CHOICE_TEXT_MAX} />
                {type === 'images' && (
                  <Field label={t('builder.choiceImage', { number: n + 1 })} hint={t('builder.choiceImageHint')}>
                    {(c) => <input {...c} {...register(`items.${index}.choices.${n}.image`)} type="text" inputMode="url" disabled={locked} />}
                  </Field>
                )}
                {!locked && (
                  <button
                    type="button"
                    className="button button--outline button--small"
                    disabled={choices.fields.length <= 1}
                    onClick={() => choices.remove(n)}
                  >
                    {t('builder.removeChoice', { number: n + 1 })}
                  </button>
                )}
              </li>
            ))}
          </ol>
          {!locked && (
            <button
              type="button"
              className="button button--outline button--small"
              disabled={choices.fields.length >= CHOICES_MAX}
              onClick={() => choices.append(emptyChoice(), { focusName: `items.${index}.choices.${choices.fields.length}.ja` })}
            >
              {t('builder.addChoice')}
            </button>
          )}
        </fieldset>
      )}
    </section>
  );
}
