import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { Field } from '../../../../components/Field.tsx';
import { availableMonths, availableYears, pickYear, type YearMonth } from '../../logic.ts';

/** The report's year and month, from December 2021 to the previous month; another year keeps the month when it can. */
export function MonthPicker({ value, onChange, latest }: { value: YearMonth; onChange: (v: YearMonth) => void; latest: YearMonth }) {
  const { t } = useTranslation('health');
  return (
    <div className="health-month-picker">
      <Field label={t('report.year')}>
        {(control) => (
          <select {...control} value={value.year} onChange={(e) => onChange(pickYear(Number(e.target.value), value.month, latest))}>
            {availableYears(latest).map((y) => (
              <option key={y} value={y}>
                {t('report.yearOption', { year: y })}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('report.month')}>
        {(control) => (
          <select {...control} value={value.month} onChange={(e) => onChange({ year: value.year, month: Number(e.target.value) })}>
            {availableMonths(value.year, latest).map((m) => (
              <option key={m} value={m}>
                {t('report.monthOption', { month: m })}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}
