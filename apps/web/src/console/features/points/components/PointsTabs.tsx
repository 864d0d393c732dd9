import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';

const TABS = [
  { to: '/points', key: 'tabs.missions', match: (path: string) => path === '/points' },
  { to: '/points/quiz', key: 'tabs.quiz', match: (path: string) => path.startsWith('/points/quiz') },
  { to: '/points/rewards', key: 'tabs.rewards', match: (path: string) => path.startsWith('/points/rewards') },
  { to: '/points/campaigns', key: 'tabs.campaigns', match: (path: string) => path.startsWith('/points/campaigns') },
  { to: '/points/applications', key: 'tabs.applications', match: (path: string) => path.startsWith('/points/applications') },
] as const;

/**
 * The points' own navigation under the console's one "Points" entry (docs/requirements/points.md): missions, the quiz,
 * the catalogue, campaigns, applications; the current part marked for assistive technology too.
 */
export function PointsTabs() {
  const { t } = useTranslation('consolePoints');
  const path = useLocation().pathname;
  return (
    <nav className="points-tabs" aria-label={t('tabs.label')}>
      <ul>
        {TABS.map((tab) => {
          const current = tab.match(path);
          return (
            <li key={tab.to}>
              <Link
                to={tab.to}
                className={`points-tabs__link${current ? ' points-tabs__link--current' : ''}`}
                aria-current={current ? 'page' : undefined}
              >
                {t(tab.key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
