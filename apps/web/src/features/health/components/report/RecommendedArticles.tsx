import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { Spinner } from '../../../../components/Spinner.tsx';
import type { HealthStats } from '../../api/get-health-stats.ts';
import { useRecommendedArticles } from '../../api/get-recommended-articles.ts';
import { recommendedTags, type Category } from '../../logic.ts';

interface Article {
  id: number;
  title: string;
  imageUrl: string;
}

/** Takes up to `perTag` articles from each tag's answer, in order, skipping one already taken from another tag. */
export function pickArticles(answers: ({ reportArticles: Article[] } | undefined)[], perTag: number): Article[] {
  const seen = new Set<number>();
  const articles: Article[] = [];
  for (const answer of answers) {
    let taken = 0;
    for (const a of answer?.reportArticles ?? []) {
      if (taken >= perTag) break;
      if (seen.has(a.id)) continue;
      seen.add(a.id);
      articles.push(a);
      taken += 1;
    }
  }
  return articles;
}

/** Library articles for the weakest categories of the month (docs/requirements/health.md#health-recommended). */
export function RecommendedArticles({ stats }: { stats: HealthStats }) {
  const { t } = useTranslation('health');
  const { tags, perTag } = recommendedTags(stats.average as Record<Category, number | null>);
  const results = useRecommendedArticles(tags);
  const articles = pickArticles(
    results.map((r) => r.data),
    perTag,
  );
  const loading = results.some((r) => r.isLoading);
  return (
    <section className="health-recommended" aria-labelledby="report-recommended">
      <h2 id="report-recommended" className="section-title">
        {t('report.recommendedTitle')}
      </h2>
      {loading ? (
        <Spinner />
      ) : articles.length === 0 ? (
        <p className="empty-state">{t('report.noArticles')}</p>
      ) : (
        <ul className="health-articles">
          {articles.map((a) => (
            <li key={a.id}>
              <Link to={`/library/${a.id}`} className="health-article card">
                <img src={a.imageUrl} alt="" className="health-article__image" />
                <span className="health-article__title">{a.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
