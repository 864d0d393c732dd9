import '../surveys.css';
import { useParams } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { useMe } from '../../../lib/me.ts';
import { useSurvey } from '../api/surveys.ts';
import { SurveyEditor } from '../components/SurveyEditor.tsx';

/** /surveys/new and /surveys/:id: the editor for owners and editors, the same form read-only for support. */
export default function SurveyEditPage() {
  const { t } = useTranslation('consoleSurveys');
  const { id: param } = useParams();
  const id = param === undefined ? null : Number(param);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const role = useMe()?.operator.role;
  const canEdit = role === 'owner' || role === 'editor';
  const query = useSurvey(valid ? id : null);

  if (!valid) return <p className="console-page form-error">{t('errors.notFound')}</p>;
  if (id === null) return <SurveyEditor item={null} />;
  return (
    <QueryState query={query} error={t('editor.loadError')}>
      {query.data && <SurveyEditor key={`${query.data.id}-${query.data.updatedAt}`} item={query.data} readOnly={!canEdit} />}
    </QueryState>
  );
}
