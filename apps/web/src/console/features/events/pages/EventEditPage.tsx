import { useParams } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { useMe } from '../../../lib/me.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useConsoleEvent } from '../api/events.ts';
import { EventEditor } from '../components/EventEditor.tsx';
import { QuestionnaireEditor } from '../components/QuestionnaireEditor.tsx';
import { SessionsPanel } from '../components/SessionsPanel.tsx';
import { localized } from '../../../lib/localized.ts';
import { StateBadge } from '../../../components/StateBadge.tsx';
import { canEditContent } from '../../../lib/roles.ts';

/**
 * /events/new and /events/:id: the event editor, then its sessions and questionnaire (once the event exists).
 * Support reads the event, its sessions (with their reservations) and questions.
 */
export default function EventEditPage() {
  const { t } = useTranslation('consoleEvents');
  const { id: param } = useParams();
  const id = param === undefined ? null : Number(param);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const canEdit = canEditContent(useMe()?.operator.role);
  const query = useConsoleEvent(valid ? id : null);

  if (!valid) return <p className="console-page form-error">{t('errors.notFound')}</p>;
  if (id === null) return <EventEditor item={null} />;
  return (
    <QueryState query={query} error={t('editor.loadError')}>
      {query.data && (
        <>
          {canEdit ? (
            <EventEditor key={query.data.id} item={query.data} />
          ) : (
            <div className="console-page">
              <h1>{localized(query.data.title)}</h1>
              <p className="console-meta">
                <StateBadge state={query.data.state} /> {formatDateTime(query.data.startAt)} – {formatDateTime(query.data.endAt)}
                {query.data.place && ` · ${localized(query.data.place)}`}
              </p>
              <p className="console-muted">{t('editor.readOnly')}</p>
            </div>
          )}
          <SessionsPanel event={query.data} canEdit={canEdit} />
          <QuestionnaireEditor key={`q-${query.data.id}`} event={query.data} canEdit={canEdit} />
        </>
      )}
    </QueryState>
  );
}
