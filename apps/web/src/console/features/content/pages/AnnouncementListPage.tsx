import { useMe } from '../../../lib/me.ts';
import { ContentList } from '../components/ContentList.tsx';
import { canEditContent } from '../../../lib/roles.ts';

export default function AnnouncementListPage() {
  const me = useMe();
  return <ContentList kind="announcements" canEdit={canEditContent(me?.operator.role)} />;
}
