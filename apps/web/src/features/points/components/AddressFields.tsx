import { Field, type FieldControlProps } from '../../../components/Field.tsx';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { FIELD_MAX, type AddressField, type AddressValues, type FieldErrors } from './addressForm.ts';

/** The 47 prefectures' codes (JIS X 0401: code = the contract's PREFECTURES index + 1). */
const PREFECTURE_CODES = Array.from({ length: 47 }, (_, i) => i + 1);

/**
 * The shipping address's fields (docs/requirements/points.md#points-exchange): postal code (full-width digits and the
 * hyphen accepted), prefecture, the two address lines, the name and the phone, each labelled, with its hint and its
 * message wired to the control.
 */
export function AddressFields({
  values,
  errors,
  onChange,
}: {
  values: AddressValues;
  errors: FieldErrors;
  onChange: (field: AddressField, value: string) => void;
}) {
  const { t } = useTranslation('points');
  const error = (field: AddressField) => (errors[field] ? t(errors[field], { max: FIELD_MAX[field] }) : undefined);
  const text =
    (field: Exclude<AddressField, 'prefecture'>, autoComplete: string, extra: { inputMode?: 'numeric' | 'tel' } = {}) =>
    (control: FieldControlProps) => (
      <input
        {...control}
        inputMode={extra.inputMode}
        type="text"
        name={field}
        autoComplete={autoComplete}
        maxLength={FIELD_MAX[field]}
        required={field !== 'line2'}
        value={values[field]}
        onChange={(e) => onChange(field, e.target.value)}
      />
    );
  return (
    <div className="address-fields">
      <Field label={t('apply.postalCode')} hint={t('apply.postalCodeHint')} error={error('postalCode')} requiredMark>
        {text('postalCode', 'postal-code', { inputMode: 'numeric' })}
      </Field>
      <Field label={t('apply.prefecture')} error={error('prefecture')} requiredMark>
        {(control) => (
          <select
            {...control}
            name="prefecture"
            autoComplete="address-level1"
            required
            value={values.prefecture}
            onChange={(e) => onChange('prefecture', e.target.value)}
          >
            <option value="">{t('apply.choosePrefecture')}</option>
            {PREFECTURE_CODES.map((code) => (
              <option key={code} value={String(code)}>
                {t(`prefectures.${code}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('apply.line1')} error={error('line1')} requiredMark>
        {text('line1', 'address-line1')}
      </Field>
      <Field label={t('apply.line2')} error={error('line2')}>
        {text('line2', 'address-line2')}
      </Field>
      <Field label={t('apply.name')} error={error('name')} requiredMark>
        {text('name', 'name')}
      </Field>
      <Field label={t('apply.phone')} hint={t('apply.phoneHint')} error={error('phone')} requiredMark>
        {text('phone', 'tel', { inputMode: 'tel' })}
      </Field>
    </div>
  );
}
