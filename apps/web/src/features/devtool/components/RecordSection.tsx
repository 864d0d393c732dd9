import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { TOKYO_OFFSET_MS } from '@hibi/contract/time';
import { Field } from '../../../components/Field.tsx';
import { devtoolKeys } from '../api/keys.ts';
import { recordHealthData } from '../api/record-health-data.ts';
import { tokyoDay } from '../calc.ts';
import { num, tokyoMidnight, useToolAction } from '../hooks/useToolAction.ts';
import { DateField } from './DateField.tsx';
import { ToolResult, ToolSection } from './ToolSection.tsx';

const RATINGS = ['exercise', 'breakfast', 'nightMeal', 'overeating', 'overdrinking', 'sleepness', 'feeling'] as const;
type Rating = (typeof RATINGS)[number];
/** A lifestyle answer: 1 the good habit, 2 the other. */
const ANSWERS = ['1', '2'] as const;

/** Today in Tokyo as a date field's value (YYYY-MM-DD). */
export const todayField = () => new Date(tokyoDay() + TOKYO_OFFSET_MS).toISOString().slice(0, 10);

/** A day's record as the app sends it: weight, body fat, a note and the seven lifestyle answers; the server scores it. */
export function RecordSection() {
  const { t } = useTranslation('devtool');
  const queryClient = useQueryClient();
  const [date, setDate] = useState(todayField);
  const [weight, setWeight] = useState('');
  const [bodyFat, setBodyFat] = useState('');
  const [note, setNote] = useState('');
  const [ratings, setRatings] = useState<Record<Rating, string>>(() => Object.fromEntries(RATINGS.map((r) => [r, '1'])) as Record<Rating, string>);
  const action = useToolAction();

  function record(event: FormEvent) {
    event.preventDefault();
    void action.run(async () => {
      const rated = Object.fromEntries(RATINGS.map((r) => [r, Number(ratings[r])])) as Record<Rating, 1 | 2>;
      const w = num(weight);
      const fat = num(bodyFat);
      const res = await recordHealthData({
        dateTime: tokyoMidnight(date),
        ...rated,
        ...(w !== undefined ? { weight: w } : {}),
        ...(fat !== undefined ? { bodyFatPercentage: fat } : {}),
        ...(note ? { note } : {}),
      });
      if (!res.succeed) return action.failed(res);
      void queryClient.invalidateQueries({ queryKey: devtoolKeys.all });
      return t('record.done', { score: res.score });
    });
  }

  return (
    <ToolSection title={t('record.heading')}>
      <form className="form" onSubmit={record} noValidate>
        <div className="devtool__grid">
          <DateField name="date" label={t('record.date')} value={date} onChange={setDate} />
          <Field label={t('record.weight')}>
            {(control) => (
              <input {...control} name="recordWeight" type="text" inputMode="decimal" value={weight} onChange={(e) => setWeight(e.target.value)} />
            )}
          </Field>
          <Field label={t('record.bodyFatPercentage')}>
            {(control) => (
              <input
                {...control}
                name="bodyFatPercentage"
                type="text"
                inputMode="decimal"
                value={bodyFat}
                onChange={(e) => setBodyFat(e.target.value)}
              />
            )}
          </Field>
          <Field label={t('record.note')}>
            {(control) => <input {...control} name="note" type="text" value={note} onChange={(e) => setNote(e.target.value)} />}
          </Field>
        </div>
        <p className="field__hint">{t('record.ratingHelp')}</p>
        <div className="devtool__ratings">
          {RATINGS.map((r) => (
            <Field key={r} label={t(`record.${r}`)}>
              {(control) => (
                <select {...control} name={r} value={ratings[r]} onChange={(e) => setRatings((x) => ({ ...x, [r]: e.target.value }))}>
                  {ANSWERS.map((a) => (
                    <option key={a} value={a}>
                      {a}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ))}
        </div>
        <button type="submit" className="button button--primary" disabled={action.busy}>
          {t('record.button')}
        </button>
        <ToolResult>{action.result}</ToolResult>
      </form>
    </ToolSection>
  );
}
