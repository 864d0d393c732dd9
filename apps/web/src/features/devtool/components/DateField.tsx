import { Field } from '../../../components/Field.tsx';

/** A calendar day of the tool (YYYY-MM-DD, read as a day in Tokyo). */
export function DateField({ name, label, value, onChange }: { name: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <Field label={label}>
      {(control) => <input {...control} name={name} type="date" value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}
