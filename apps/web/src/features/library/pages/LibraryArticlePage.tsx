import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Spinner } from '../../../components/Spinner.tsx';
import { usePageMeta } from '../../../lib/meta.ts';
import { useSession } from '../../../lib/session.ts';
import { isArticleId, useArticle } from '../api/get-article.ts';
import { notifyResource } from '../api/notify-resource.ts';
import { ArticleView } from '../components/ArticleView.tsx';

/** A library article: head for everyone; the rest for signed-in readers; unknown ids go to /notFound. */
export default function LibraryArticlePage() {
  const { id: param } = useParams();
  const id = Number(param);
  const navigate = useNavigate();
  const signedIn = useSession() !== null;
  const query = useArticle(id);
  const article = query.data;
  const invalid = !isArticleId(id);

  useEffect(() => {
    if (invalid || query.isError) navigate('/notFound', { replace: true });
  }, [invalid, query.isError, navigate]);
  usePageMeta(article ? { title: article.title, description: article.description ?? article.title } : null);

  if (!article) return <div className="container page">{!query.isError && <Spinner />}</div>;
  return (
    <ArticleView
      article={article}
      signedIn={signedIn}
      onVideoPlay={(videoId) => notifyResource(article.id, { videoId })}
      onAttachmentOpen={(attachmentId) => notifyResource(article.id, { attachmentId })}
    />
  );
}
