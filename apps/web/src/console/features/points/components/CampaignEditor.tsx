import { useEffect, useRef, useState } from 'react';
import { FormProvider, useFieldArray, useForm, useFormContext } from 'react-hook-form';
import { campaignInputSchema, type Campaign, type CampaignInput, type ConsoleReward } from '@hibi/contract/console/points';
import { TITLE_MAX } from '@hibi/contract/console/protocol';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { Field } from '../../../../components/Field.tsx';
import type { StatusText } from '../../../../components/FormMessage.tsx';
import { LocalizedInput } from '../../../components/editor/LocalizedInput.tsx';
import { fromLocalized, type LocalizedForm } from '../../../components/editor/values.ts';
import { callErrorText } from '../../../lib/forms.ts';
import { localized } from '../../../lib/localized.ts';
import { useSaveCampaign } from '../api/exchange.ts';
import { pointsErrorTexts } from './errors.ts';
import { NumberField, TextField, useFieldError } from './fields.tsx';
import { EditorPanel, payloadResolver, refusalText } from './form.tsx';
import { formatCount, numberOf } from './values.ts';

export interface CampaignForm {
  name: LocalizedForm;
  startDate: string;
  endDate: string;
  /** rewardID as the select's value; points '' : the regular price. */
  items: { rewardID: string; points: string }[];
}

export function campaignPayload(values: CampaignForm, campaignID: number | null) {
  return {
    ...(campaignID === null ? {} : { campaignID }),
    name: { ja: values.name.ja, en: values.name.en },
    startDate: values.startDate,
    endDate: values.endDate,
    items: values.items.map((item) => ({ rewardID: numberOf(item.rewardID), points: item.points.trim() === '' ? null : numberOf(item.points) })),
  };
}

/**
 * A campaign's editor (owners and editors; docs/requirements/points.md#points-exchange): its name, Tokyo dates and the
 * rewards it offers, each at its own price or the regular one, added and removed as rows (at least one).
 */
export function CampaignEditor({
  item,
  rewards,
  onDone,
}: {
  item: Campaign | null;
  rewards: readonly ConsoleReward[];
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation('consolePoints');
  const save = useSaveCampaign();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<StatusText | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const campaignID = item?.campaignID ?? null;
  const form = useForm<CampaignForm, unknown, CampaignInput>({
    defaultValues: {
      name: fromLocalized(item?.name),
      startDate: item?.startDate ?? '',
      endDate: item?.endDate ?? '',
      items: item
        ? item.items.map((row) => ({ rewardID: String(row.rewardID), points: row.points === null ? '' : String(row.points) }))
        : [{ rewardID: '', points: '' }],
    },
    resolver: async (values, context, options) => {
      const result = await payloadResolver<CampaignForm, CampaignInput>(campaignInputSchema, (v) => campaignPayload(v, campaignID))(
        values,
        context,
        options,
      );
      if (values.startDate && values.endDate && values.endDate < values.startDate)
        return { values: {}, errors: { ...result.errors, endDate: { type: 'pointsRule', message: t('errors.endBeforeStart') } } };
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
          if (!answer.succeed) return setError(refusalText(form, answer, t, { endBeforeStart: 'endDate' }));
          onDone(t('campaigns.saved', { name: payload.name.ja }));
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
        title={item ? t('campaigns.editTitle') : t('campaigns.newTitle')}
        headingRef={heading}
        error={error}
        status={status}
        saving={save.isPending}
        onSubmit={() => void submit()}
        onCancel={() => onDone('')}
      >
        <LocalizedInput name="name" label={t('campaigns.name')} required maxLength={TITLE_MAX} />
        <div className="points-grid">
          <TextField name="startDate" label={t('campaigns.startDate')} type="date" />
          <TextField name="endDate" label={t('campaigns.endDate')} type="date" />
        </div>
        <ItemsField rewards={rewards} />
      </EditorPanel>
    </FormProvider>
  );
}

function ItemsField({ rewards }: { rewards: readonly ConsoleReward[] }) {
  const { t } = useTranslation('consolePoints');
  const { control, register } = useFormContext<CampaignForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  const error = useFieldError('items');
  const rewardErrors = useFormContext<CampaignForm>().formState.errors.items;
  return (
    <fieldset className="console-fieldset" data-error-context={t('campaigns.items')}>
      <legend>{t('campaigns.items')}</legend>
      <p className="field__hint">{t('campaigns.itemsHint')}</p>
      {error && <p className="field__error">{error}</p>}
      <ol className="points-choices">
        {fields.map((field, index) => (
          <li key={field.id} className="points-choice" data-error-context={t('campaigns.itemN', { n: index + 1 })}>
            <div className="points-grid">
              <Field
                label={t('campaigns.reward', { n: index + 1 })}
                error={rewardErrors?.[index]?.rewardID ? t('campaigns.rewardRequired') : undefined}
                requiredMark
              >
                {(props) => (
                  <select {...props} {...register(`items.${index}.rewardID`)} required>
                    <option value="">{t('campaigns.chooseReward')}</option>
                    {rewards.map((reward) => (
                      <option key={reward.rewardID} value={String(reward.rewardID)}>
                        {t('campaigns.rewardOption', { name: localized(reward.name), points: formatCount(reward.points) })}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <NumberField
                name={`items.${index}.points`}
                label={t('campaigns.price', { n: index + 1 })}
                hint={t('campaigns.priceHint')}
                min={1}
                max={100_000}
                required={false}
              />
            </div>
            {fields.length > 1 && (
              <button type="button" className="button button--outline button--small" onClick={() => remove(index)}>
                {t('campaigns.removeItem', { n: index + 1 })}
              </button>
            )}
          </li>
        ))}
      </ol>
      {fields.length < 100 && (
        <button type="button" className="button button--outline button--small" onClick={() => append({ rewardID: '', points: '' })}>
          {t('campaigns.addItem')}
        </button>
      )}
    </fieldset>
  );
}
