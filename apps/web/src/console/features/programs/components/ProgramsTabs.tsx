import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';

const TABS = [
  { to: '/programs', key: 'tabs.teamWalk', match: (path: string) => path === '/programs' || path.startsWith('/programs/team-walk') },
  { to: '/programs/challenges', key: 'tabs.challenges', match: (path: string) => path.startsWith('/programs/challenges') },
  { to: '/programs/flags', key: 'tabs.flags', match: (path: string) => path.startsWith('/programs/flags') },
] as const;

/**
 * The programs' own navigation under the console's one "Programs" entry (docs/requirements/programs.md#programs-members):
 * Team Walk, individual challenges, unusual days; the current part marked for assistive technology too.
 */
export function ProgramsTabs() {
  const { t } = useTranslation('consolePrograms');
  const path = useLocation().pathname;
  return (
    <nav className="programs-tabs" aria-label={t('tabs.label')}>
      <ul>
        {TABS.map((tab) => {
          const current = tab.match(path);
          return (
            <li key={tab.to}>
              <Link
                to={tab.to}
                className={`programs-tabs__link${current ? ' programs-tabs__link--current' : ''}`}
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
