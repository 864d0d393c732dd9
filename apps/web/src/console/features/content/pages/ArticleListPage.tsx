import { useMe } from '../../../lib/me.ts';
import { ContentList } from '../components/ContentList.tsx';
import { canEditContent } from '../../../lib/roles.ts';

export default function ArticleListPage() {
  const me = useMe();
  return <ContentList kind="articles" canEdit={canEditContent(me?.operator.role)} />;
}
