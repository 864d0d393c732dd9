import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import { MISSION_KINDS, type MissionKind } from '@hibi/contract/functions/points';
import { missionInputSchema, type ConsoleMission, type MissionInput } from '@hibi/contract/console/points';
import { DESCRIPTION_MAX, TITLE_MAX } from '@hibi/contract/console/protocol';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { Field } from '../../../../components/Field.tsx';
import type { StatusText } from '../../../../components/FormMessage.tsx';
import { LocalizedInput } from '../../../components/editor/LocalizedInput.tsx';
import { fromLocalized, optionalText, type LocalizedForm } from '../../../components/editor/values.ts';
import { callErrorText } from '../../../lib/forms.ts';
import { useSaveMission } from '../api/missions.ts';
import { pointsErrorTexts } from './errors.ts';
import { CheckField, NumberField, TextField, useFieldError } from './fields.tsx';
import { EditorPanel, payloadResolver, refusalText } from './form.tsx';
import { numberOf, optionalNumberOf, tokyoMonth } from './values.ts';

export interface MissionForm {
  month: string;
  title: LocalizedForm;
  description: LocalizedForm;
  kind: MissionKind;
  target: string;
  minSteps: string;
  points: string;
  published: boolean;
}

export function missionToForm(item: ConsoleMission | null, month: string): MissionForm {
  return {
    month: item?.month ?? month,
    title: fromLocalized(item?.title),
    description: fromLocalized(item?.description),
    kind: item?.kind ?? 'steps',
    target: item ? String(item.target) : '',
    minSteps: item?.minSteps === null || item?.minSteps === undefined ? '' : String(item.minSteps),
    points: item ? String(item.points) : '',
    published: item?.published ?? false,
  };
}

export function missionPayload(values: MissionForm, missionID: number | null) {
  const description = optionalText(values.description);
  const minSteps = values.kind === 'steps' ? optionalNumberOf(values.minSteps) : undefined;
  return {
    ...(missionID === null ? {} : { missionID }),
    month: values.month,
    title: { ja: values.title.ja, en: values.title.en },
    ...(description ? { description } : {}),
    kind: values.kind,
    target: numberOf(values.target),
    ...(minSteps === undefined ? {} : { minSteps }),
    points: numberOf(values.points),
    published: values.published,
  };
}

/**
 * A mission's editor (owners and editors; docs/requirements/points.md#points-missions): the month, titles and description
 * in both languages, the checker with what it counts in plain words, the target in the checker's unit, the day's minimum
 * steps (steps only), the points and whether members see it. Checked with the contract's schema before sending; the
 * server's codes in words, on their field when they have one.
 */
export function MissionEditor({ item, month, onDone }: { item: ConsoleMission | null; month: string; onDone: (text: string) => void }) {
  const { t } = useTranslation('consolePoints');
  const save = useSaveMission();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<StatusText | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const missionID = item?.missionID ?? null;
  const form = useForm<MissionForm, unknown, MissionInput>({
    defaultValues: missionToForm(item, month),
    resolver: payloadResolver<MissionForm, MissionInput>(missionInputSchema, (values) => missionPayload(values, missionID)),
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  useEffect(() => heading.current?.focus(), []);

  const submit = form.handleSubmit(
    (payload) => {
      setError(null);
      setStatus(null);
      save.mutate(payload, {
        onSuccess: (answer) => {
          if (!answer.succeed) return setError(refusalText(form, answer, t));
          onDone(t('missions.saved', { title: payload.title.ja }));
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
        title={item ? t('missions.editTitle') : t('missions.newTitle')}
        headingRef={heading}
        error={error}
        status={status}
        saving={save.isPending}
        onSubmit={() => void submit()}
        onCancel={() => onDone('')}
      >
        {item?.published && item.month <= tokyoMonth(Date.now()) && <p className="console-notice">{t('missions.startedNote')}</p>}
        <TextField name="month" label={t('missions.month')} type="month" hint={t('missions.monthHint')} />
        <LocalizedInput name="title" label={t('missions.titleField')} required maxLength={TITLE_MAX} />
        <LocalizedInput name="description" label={t('missions.description')} multiline maxLength={DESCRIPTION_MAX} />
        <KindField />
        <div className="points-grid">
          <NumberField name="target" label={t('missions.targetIn', { unit: t(`units.${kind}`) })} hint={t(`targetHint.${kind}`)} min={1} max={31} />
          {kind === 'steps' && <NumberField name="minSteps" label={t('missions.minSteps')} hint={t('missions.minStepsHint')} min={1} max={100_000} />}
          <NumberField name="points" label={t('missions.points')} min={1} max={100_000} />
        </div>
        <CheckField name="published" label={t('missions.published')} hint={t('missions.publishedHint')} />
      </EditorPanel>
    </FormProvider>
  );
}

/** The checker, with what it counts in plain words under it. */
function KindField() {
  const { t } = useTranslation('consolePoints');
  const { register, control } = useFormContext<MissionForm>();
  const kind = useWatch({ control, name: 'kind' });
  const error = useFieldError('kind');
  return (
    <Field label={t('missions.kind')} hint={t(`kindHelp.${kind}`)} error={error} requiredMark>
      {(props) => (
        <select {...props} {...register('kind')} required>
          {MISSION_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kinds.${k}`)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
