import { NavLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';

const LINKS = [
  { to: '/points', key: 'nav.points' },
  { to: '/points/missions', key: 'nav.missions' },
  { to: '/quiz', key: 'nav.quiz' },
  { to: '/rewards', key: 'nav.rewards' },
  { to: '/rewards/applications', key: 'nav.applications' },
] as const;

/**
 * The points' screens linked to each other (docs/requirements/points.md#points-members): My page links the points page
 * only, and from there the member reaches missions, the quiz, the rewards and their applications. The current screen
 * is marked (aria-current).
 */
export function PointsNav() {
  const { t } = useTranslation('points');
  return (
    <nav className="points-nav" aria-label={t('nav.label')}>
      <ul>
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end className="points-nav__link">
              {t(link.key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
