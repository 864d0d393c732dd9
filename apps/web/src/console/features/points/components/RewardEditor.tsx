import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import { REWARD_KINDS, type RewardKind } from '@hibi/contract/functions/points';
import { rewardInputSchema, type ConsoleReward, type RewardInput } from '@hibi/contract/console/points';
import { DESCRIPTION_MAX, TITLE_MAX } from '@hibi/contract/console/protocol';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import type { StatusText } from '../../../../components/FormMessage.tsx';
import { LocalizedInput } from '../../../components/editor/LocalizedInput.tsx';
import { MediaPicker } from '../../../components/editor/MediaPicker.tsx';
import { fromLocalized, type LocalizedForm } from '../../../components/editor/values.ts';
import { callErrorText } from '../../../lib/forms.ts';
import { useSaveReward } from '../api/exchange.ts';
import { pointsErrorTexts } from './errors.ts';
import { CheckField, NumberField, TextField, useFieldError } from './fields.tsx';
import { EditorPanel, payloadResolver, refusalText } from './form.tsx';
import { numberOf } from './values.ts';

export interface RewardForm {
  name: LocalizedForm;
  description: LocalizedForm;
  /** '' : no image. */
  imageID: string;
  imageUrl: string;
  imageAlt: LocalizedForm;
  kind: RewardKind;
  points: string;
  stock: string;
  availableFrom: string;
  availableTo: string;
  campaignOnly: boolean;
  published: boolean;
}

export function rewardPayload(values: RewardForm, rewardID: number | null) {
  const imageID = values.imageID === '' ? null : Number(values.imageID);
  return {
    ...(rewardID === null ? {} : { rewardID }),
    name: { ja: values.name.ja, en: values.name.en },
    description: { ja: values.description.ja, en: values.description.en },
    imageID,
    imageAlt: imageID === null ? null : { ja: values.imageAlt.ja, en: values.imageAlt.en },
    kind: values.kind,
    points: numberOf(values.points),
    stock: numberOf(values.stock),
    availableFrom: values.availableFrom || null,
    availableTo: values.availableTo || null,
    campaignOnly: values.campaignOnly,
    published: values.published,
  };
}

/**
 * A reward's editor (owners and editors; docs/requirements/points.md#points-exchange): names and descriptions in both
 * languages, an image from the media library with its alt text, physical or digital, the points, the units left, the
 * Tokyo days it is offered (either open-ended), campaign only, and whether members see it.
 */
export function RewardEditor({ item, onDone }: { item: ConsoleReward | null; onDone: (text: string) => void }) {
  const { t } = useTranslation('consolePoints');
  const save = useSaveReward();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<StatusText | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const rewardID = item?.rewardID ?? null;
  const form = useForm<RewardForm, unknown, RewardInput>({
    defaultValues: {
      name: fromLocalized(item?.name),
      description: fromLocalized(item?.description),
      imageID: item?.imageID === null || item?.imageID === undefined ? '' : String(item.imageID),
      imageUrl: item?.imageUrl ?? '',
      imageAlt: fromLocalized(item?.imageAlt),
      kind: item?.kind ?? 'physical',
      points: item ? String(item.points) : '',
      stock: item ? String(item.stock) : '0',
      availableFrom: item?.availableFrom ?? '',
      availableTo: item?.availableTo ?? '',
      campaignOnly: item?.campaignOnly ?? false,
      published: item?.published ?? false,
    },
    resolver: async (values, context, options) => {
      const result = await payloadResolver<RewardForm, RewardInput>(rewardInputSchema, (v) => rewardPayload(v, rewardID))(values, context, options);
      if (values.availableFrom && values.availableTo && values.availableTo < values.availableFrom)
        return { values: {}, errors: { ...result.errors, availableTo: { type: 'pointsRule', message: t('errors.endBeforeStart') } } };
      return result;
    },
  });
  useEffect(() => heading.current?.focus(), []);

  const submit = form.handleSubmit(
    (payload) => {
      setError(null);
      setStatus(null);
      save.mutate(payload, {
        onSuccess: (answer) => {
          if (!answer.succeed) return setError(refusalText(form, answer, t, { endBeforeStart: 'availableTo' }));
          onDone(t('rewards.saved', { name: payload.name.ja }));
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
        title={item ? t('rewards.editTitle') : t('rewards.newTitle')}
        headingRef={heading}
        error={error}
        status={status}
        saving={save.isPending}
        onSubmit={() => void submit()}
        onCancel={() => onDone('')}
      >
        <LocalizedInput name="name" label={t('rewards.name')} required maxLength={TITLE_MAX} />
        <LocalizedInput name="description" label={t('rewards.description')} required multiline maxLength={DESCRIPTION_MAX} />
        <ImageField />
        <KindField />
        <div className="points-grid">
          <NumberField name="points" label={t('rewards.points')} min={1} max={100_000} />
          <NumberField name="stock" label={t('rewards.stock')} hint={t('rewards.stockHint')} min={0} max={1_000_000} />
          <TextField name="availableFrom" label={t('rewards.availableFrom')} type="date" required={false} hint={t('rewards.openEnded')} />
          <TextField name="availableTo" label={t('rewards.availableTo')} type="date" required={false} hint={t('rewards.openEnded')} />
        </div>
        <CheckField name="campaignOnly" label={t('rewards.campaignOnly')} hint={t('rewards.campaignOnlyHint')} />
        <CheckField name="published" label={t('rewards.published')} hint={t('rewards.publishedHint')} />
      </EditorPanel>
    </FormProvider>
  );
}

function KindField() {
  const { t } = useTranslation('consolePoints');
  const { register } = useFormContext<RewardForm>();
  const error = useFieldError('kind');
  return (
    <fieldset className="console-fieldset">
      <legend>{t('rewards.kind')}</legend>
      {REWARD_KINDS.map((kind) => (
        <div key={kind}>
          <label className="console-check">
            <input type="radio" value={kind} {...register('kind')} aria-describedby={`points-reward-kind-${kind}`} />
            {t(`rewardKinds.${kind}`)}
          </label>
          <p className="field__hint" id={`points-reward-kind-${kind}`}>
            {t(`rewardKindHelp.${kind}`)}
          </p>
        </div>
      ))}
      {error && <p className="field__error">{error}</p>}
    </fieldset>
  );
}

/** The reward's image from the media library (upload or choose), its alt text in both languages, or none. */
function ImageField() {
  const { t } = useTranslation('consolePoints');
  const { control, setValue } = useFormContext<RewardForm>();
  const url = useWatch({ control, name: 'imageUrl' });
  const imageID = useWatch({ control, name: 'imageID' });
  const error = useFieldError('imageID');
  const [picking, setPicking] = useState(false);
  return (
    <fieldset className="console-fieldset">
      <legend>{t('rewards.image')}</legend>
      {imageID !== '' && url ? <img src={url} alt="" className="points-thumb" /> : <p className="console-muted">{t('rewards.noImage')}</p>}
      {error && <p className="field__error">{error}</p>}
      <div className="console-actions">
        <button type="button" className="button button--outline button--small" onClick={() => setPicking(true)}>
          {t(imageID === '' ? 'rewards.chooseImage' : 'rewards.replaceImage')}
        </button>
        {imageID !== '' && (
          <button
            type="button"
            className="button button--outline button--small"
            onClick={() => {
              setValue('imageID', '', { shouldDirty: true });
              setValue('imageUrl', '', { shouldDirty: true });
            }}
          >
            {t('rewards.removeImage')}
          </button>
        )}
      </div>
      {imageID !== '' && <LocalizedInput name="imageAlt" label={t('rewards.imageAlt')} required maxLength={TITLE_MAX} />}
      <MediaPicker
        kind="image"
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(media) => {
          setValue('imageID', String(media.id), { shouldDirty: true });
          setValue('imageUrl', media.url, { shouldDirty: true });
        }}
      />
    </fieldset>
  );
}
