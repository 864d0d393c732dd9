import { useParams } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { AnnouncementView } from '../../../../features/announcements/components/AnnouncementView.tsx';
import { useMe } from '../../../lib/me.ts';
import { useConsoleAnnouncement } from '../api/get-announcement.ts';
import { AnnouncementEditor } from '../components/AnnouncementEditor.tsx';
import { ReadOnlyItem } from '../components/ReadOnlyItem.tsx';
import { announcementForMembers, fromLocalized, sectionToForm } from '../../../components/editor/values.ts';
import { canEditContent } from '../../../lib/roles.ts';

/** /announcements/new and /announcements/:id: the editor for owners and editors, the item read-only for support. */
export default function AnnouncementEditPage() {
  const { t } = useTranslation('consoleContent');
  const { id: param } = useParams();
  const id = param === undefined ? null : Number(param);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const canEdit = canEditContent(useMe()?.operator.role);
  const query = useConsoleAnnouncement(valid ? id : null);

  if (!valid) return <p className="console-page form-error">{t('editor.notFound')}</p>;
  if (id === null) return <AnnouncementEditor item={null} />;
  return (
    <QueryState query={query} error={t('editor.loadError')}>
      {query.data &&
        (canEdit ? (
          <AnnouncementEditor key={query.data.id} item={query.data} />
        ) : (
          <ReadOnlyItem
            title={fromLocalized(query.data.title)}
            state={query.data.state}
            publishAt={query.data.publishAt}
            render={(lang) => (
              <AnnouncementView
                announcement={announcementForMembers(
                  {
                    title: fromLocalized(query.data.title),
                    images: query.data.images.map((image) => ({ url: image.url, alt: fromLocalized(image.alt) })),
                    sections: query.data.sections.map(sectionToForm),
                    isImportant: query.data.isImportant,
                    contractOnly: query.data.contractOnly,
                  },
                  query.data.publishAt,
                  lang,
                )}
                signedIn
              />
            )}
          />
        ))}
    </QueryState>
  );
}
