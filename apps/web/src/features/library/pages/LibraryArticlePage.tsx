import { useParams } from 'react-router';
import { NotFound } from '../../../components/NotFound.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { usePageMeta } from '../../../lib/meta.ts';
import { useNotFound } from '../../../lib/notFound.ts';
import { useSession } from '../../../lib/session.ts';
import { isArticleId, useArticle } from '../api/get-article.ts';
import { notifyResource } from '../api/notify-resource.ts';
import { ArticleView } from '../components/ArticleView.tsx';

/** A library article: head for everyone; the rest for signed-in readers; unknown ids go to /notFound. */
export default function LibraryArticlePage() {
  const { id: param } = useParams();
  const id = Number(param);
  const signedIn = useSession() !== null;
  const query = useArticle(id);
  const article = query.data;
  const invalid = !isArticleId(id);

  useNotFound(invalid || query.isError);
  usePageMeta(article ? { title: article.title, description: article.description ?? article.title, image: article.images[0]?.url } : null);

  if (invalid || query.isError) return <NotFound />;
  if (!article)
    return (
      <div className="container page">
        <Spinner />
      </div>
    );
  return (
    <ArticleView
      article={article}
      signedIn={signedIn}
      onVideoPlay={(videoId) => notifyResource(article.id, { videoId })}
      onAttachmentOpen={(attachmentId) => notifyResource(article.id, { attachmentId })}
    />
  );
}
