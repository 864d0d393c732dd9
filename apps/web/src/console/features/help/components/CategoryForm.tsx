import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { Field } from '../../../../components/Field.tsx';
import { FormError } from '../../../../components/FormMessage.tsx';
import { callErrorText, failureText } from '../../../lib/forms.ts';
import { useSaveFaqCategory } from '../api/help.ts';

/** Names a new FAQ category, or renames one (`id`), in Japanese (required) and English. */
export function CategoryForm({ id, initial, onDone }: { id?: number; initial?: { ja: string; en: string | null }; onDone?: () => void }) {
  const { t } = useTranslation('consoleHelp');
  const save = useSaveFaqCategory();
  const [ja, setJa] = useState(initial?.ja ?? '');
  const [en, setEn] = useState(initial?.en ?? '');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="help-category-form"
      aria-label={id ? t('faq.renameCategoryOf', { title: initial?.ja ?? '' }) : t('faq.newCategory')}
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        save.mutate(
          { ...(id ? { id } : {}), title: { ja, en } },
          {
            onSuccess: (answer) => {
              if (!answer.succeed) return setError(failureText(answer));
              if (!id) {
                setJa('');
                setEn('');
              }
              onDone?.();
            },
            onError: (thrown) => setError(callErrorText(thrown)),
          },
        );
      }}
    >
      <FormError>{error}</FormError>
      <div className="console-localized">
        <Field label={t('faq.categoryTitleJa')} requiredMark>
          {(c) => <input {...c} type="text" lang="ja" value={ja} maxLength={200} required onChange={(e) => setJa(e.target.value)} />}
        </Field>
        <Field label={t('faq.categoryTitleEn')}>
          {(c) => <input {...c} type="text" lang="en" value={en} maxLength={200} onChange={(e) => setEn(e.target.value)} />}
        </Field>
      </div>
      <button type="submit" className="button button--outline button--small" disabled={save.isPending}>
        {id ? t('faq.rename') : t('faq.addCategory')}
      </button>
    </form>
  );
}
