import { Link } from 'react-router';
import type { QuizRound } from '@hibi/contract/console/points';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { ConsoleList, type ListColumn } from '../../../components/list/ConsoleList.tsx';
import { defineList } from '../../../components/list/listState.ts';
import { useListState } from '../../../components/list/useListState.ts';
import { useMe } from '../../../lib/me.ts';
import { canEditContent } from '../../../lib/roles.ts';
import { localized } from '../../../lib/localized.ts';
import { useQuizRounds } from '../api/quiz.ts';
import { PointsTabs } from '../components/PointsTabs.tsx';
import { formatCount } from '../components/values.ts';
import '../points.css';

const LIST = defineList({ filters: {}, sorts: [], perPage: 20 });

/**
 * /points/quiz (docs/requirements/points.md#points-quiz): the quiz rounds, newest start first, paged in SQL (the page in
 * the address), with their dates, points, questions and the days still without a question. Owners and editors start a
 * new round; support reads.
 */
export default function QuizRoundsPage() {
  const { t } = useTranslation('consolePoints');
  const canEdit = canEditContent(useMe()?.operator.role);
  const list = useListState(LIST);
  const query = useQuizRounds({ offset: list.offset, perPage: list.perPage });
  const rows = query.data?.rounds ?? [];

  const columns: ListColumn<QuizRound>[] = [
    { key: 'name', header: t('quiz.name'), primary: true, cell: (row) => <Link to={`/points/quiz/${row.roundID}`}>{localized(row.name)}</Link> },
    { key: 'dates', header: t('quiz.dates'), cell: (row) => t('quiz.range', { from: row.startDate, to: row.endDate }) },
    { key: 'points', header: t('quiz.points'), cell: (row) => formatCount(row.points) },
    { key: 'questions', header: t('quiz.questions'), cell: (row) => formatCount(row.questions) },
    {
      key: 'missing',
      header: t('quiz.daysWithoutQuestion'),
      cell: (row) => (row.daysWithoutQuestion === 0 ? t('quiz.allDaysSet') : formatCount(row.daysWithoutQuestion)),
    },
  ];

  return (
    <div className="console-page">
      <PointsTabs />
      <div className="console-page__head">
        <h1>{t('quiz.title')}</h1>
        {canEdit && (
          <Link className="button button--primary" to="/points/quiz/new">
            {t('quiz.new')}
          </Link>
        )}
      </div>
      <p className="console-muted">{t('quiz.intro')}</p>
      <ConsoleList
        list={list}
        label={t('quiz.title')}
        query={query}
        rows={rows}
        total={query.data?.total ?? 0}
        rowKey={(row) => row.roundID}
        columns={columns}
        empty={t('quiz.empty')}
        error={t('quiz.loadError')}
      />
    </div>
  );
}
