import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { quizRoundInputSchema, type QuizRound, type QuizRoundInput } from '@hibi/contract/console/points';
import { TITLE_MAX } from '@hibi/contract/console/protocol';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import type { StatusText } from '../../../../components/FormMessage.tsx';
import { LocalizedInput } from '../../../components/editor/LocalizedInput.tsx';
import { fromLocalized, type LocalizedForm } from '../../../components/editor/values.ts';
import { ConsoleApiError } from '../../../lib/api.ts';
import { callErrorText } from '../../../lib/forms.ts';
import { useQuizRound, useSaveQuizRound } from '../api/quiz.ts';
import { pointsErrorTexts } from '../components/errors.ts';
import { NumberField, TextField } from '../components/fields.tsx';
import { EditorPanel, payloadResolver, refusalText } from '../components/form.tsx';
import { PointsTabs } from '../components/PointsTabs.tsx';
import { numberOf, parseID } from '../components/values.ts';
import '../points.css';

interface RoundForm {
  name: LocalizedForm;
  startDate: string;
  endDate: string;
  points: string;
}

const roundPayload = (values: RoundForm, roundID: number | null) => ({
  ...(roundID === null ? {} : { roundID }),
  name: { ja: values.name.ja, en: values.name.en },
  startDate: values.startDate,
  endDate: values.endDate,
  points: numberOf(values.points),
});

/**
 * /points/quiz/new and /points/quiz/:id/edit (owners and editors; docs/requirements/points.md#points-quiz): a round's
 * names, its Tokyo dates and the points of a right answer. An end before the start is said at the end date before
 * sending; overlapping rounds and dates that leave out questions are the server's (roundsOverlap,
 * questionsOutsideDates), in words at the start date.
 */
export default function QuizRoundEditPage() {
  const { t } = useTranslation('consolePoints');
  const { id: param } = useParams();
  const roundID = param === undefined ? null : parseID(param);
  const query = useQuizRound(roundID);
  if (param !== undefined && roundID === null) return <p className="console-page form-error">{t('errors.notFound')}</p>;
  if (roundID === null) return <RoundEditor round={null} />;
  const notFound = query.error instanceof ConsoleApiError && query.error.errorCode === 'notFound';
  if (notFound) return <p className="console-page form-error">{t('errors.notFound')}</p>;
  return (
    <QueryState query={query} error={t('quiz.roundLoadError')}>
      {query.data && <RoundEditor key={query.data.round.roundID} round={query.data.round} />}
    </QueryState>
  );
}

function RoundEditor({ round }: { round: QuizRound | null }) {
  const { t } = useTranslation('consolePoints');
  const navigate = useNavigate();
  const save = useSaveQuizRound();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<StatusText | null>(null);
  const roundID = round?.roundID ?? null;
  const form = useForm<RoundForm, unknown, QuizRoundInput>({
    defaultValues: {
      name: fromLocalized(round?.name),
      startDate: round?.startDate ?? '',
      endDate: round?.endDate ?? '',
      points: round ? String(round.points) : '',
    },
    resolver: async (values, context, options) => {
      const result = await payloadResolver<RoundForm, QuizRoundInput>(quizRoundInputSchema, (v) => roundPayload(v, roundID))(
        values,
        context,
        options,
      );
      if (values.startDate && values.endDate && values.endDate < values.startDate)
        return { values: {}, errors: { ...result.errors, endDate: { type: 'pointsRule', message: t('errors.endBeforeStart') } } };
      return result;
    },
  });

  const submit = form.handleSubmit(
    (payload) => {
      setError(null);
      setStatus(null);
      save.mutate(payload, {
        onSuccess: (answer) => {
          if (!answer.succeed) return setError(refusalText(form, answer, t, { endBeforeStart: 'endDate' }));
          form.reset(form.getValues());
          setStatus({ text: t('quiz.roundSaved'), error: false });
          void navigate(`/points/quiz/${answer.roundID}`, { replace: roundID === null });
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
    <div className="console-page console-editor">
      <PointsTabs />
      <p>
        <Link to={round ? `/points/quiz/${round.roundID}` : '/points/quiz'}>{round ? t('quiz.backToRound') : t('quiz.back')}</Link>
      </p>
      <h1>{round ? t('quiz.editRoundTitle') : t('quiz.newRoundTitle')}</h1>
      <FormProvider {...form}>
        <EditorPanel title={t('quiz.roundFields')} error={error} status={status} saving={save.isPending} onSubmit={() => void submit()}>
          <LocalizedInput name="name" label={t('quiz.name')} required maxLength={TITLE_MAX} />
          <div className="points-grid">
            <TextField name="startDate" label={t('quiz.startDate')} type="date" hint={t('quiz.datesHint')} />
            <TextField name="endDate" label={t('quiz.endDate')} type="date" />
            <NumberField name="points" label={t('quiz.pointsField')} hint={t('quiz.pointsHint')} min={1} max={100_000} />
          </div>
        </EditorPanel>
      </FormProvider>
    </div>
  );
}
