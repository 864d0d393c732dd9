import { useParams } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { ArticleView } from '../../../../features/library/components/ArticleView.tsx';
import { useMe } from '../../../lib/me.ts';
import { useConsoleArticle } from '../api/get-article.ts';
import { ArticleEditor, articleToValues } from '../components/ArticleEditor.tsx';
import { ReadOnlyItem } from '../components/ReadOnlyItem.tsx';
import { articleForMembers, fromLocalized } from '../../../components/editor/values.ts';
import { canEditContent } from '../../../lib/roles.ts';

/** /articles/new and /articles/:id: the editor for owners and editors, the article read-only for support. */
export default function ArticleEditPage() {
  const { t } = useTranslation('consoleContent');
  const { id: param } = useParams();
  const id = param === undefined ? null : Number(param);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const canEdit = canEditContent(useMe()?.operator.role);
  const query = useConsoleArticle(valid ? id : null);

  if (!valid) return <p className="console-page form-error">{t('editor.notFound')}</p>;
  if (id === null) return <ArticleEditor item={null} />;
  return (
    <QueryState query={query} error={t('editor.loadError')}>
      {query.data &&
        (canEdit ? (
          <ArticleEditor key={query.data.id} item={query.data} />
        ) : (
          <ReadOnlyItem
            title={fromLocalized(query.data.title)}
            state={query.data.state}
            publishAt={query.data.publishAt}
            render={(lang) => (
              <ArticleView article={articleForMembers(articleToValues(query.data), query.data.publishAt, lang, (tag) => tag)} signedIn />
            )}
          />
        ))}
    </QueryState>
  );
}
