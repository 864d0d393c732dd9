import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from '../lib/i18n/react.tsx';
import './AccountFrame.css';

/** What the frame shows of the signed-in user (the `profile` block of getMyProfile). */
export interface AccountFrameProfile {
  nickname: string;
  comment: string;
  attribution1: string;
  profileImageUrl: string | null;
  backgroundImageUrl: string | null;
}

export const DEFAULT_PROFILE_IMAGE = '/media/defaults/profile.svg';

const MENU = [
  { to: '/account/profile', key: 'menu.profile' },
  { to: '/account/friends', key: 'menu.friends' },
  { to: '/account/healthStats', key: 'menu.healthStats' },
  { to: '/account/walking', key: 'menu.walking' },
  // The mail magazine's past issues (docs/requirements/magazine.md#magazine-members), a page of its own outside the frame.
  { to: '/magazine', key: 'menu.magazine' },
  // Team Walk and walking challenges (docs/requirements/programs.md#programs-members), also outside the frame.
  { to: '/programs', key: 'menu.programs' },
  // Points (docs/requirements/points.md#points-members): one entry; missions, the quiz and the rewards are linked from there.
  { to: '/points', key: 'menu.points' },
] as const;

/**
 * The account area's frame (docs/requirements/account.md#account-area): the background image, the profile image (default thumbnail when there is
 * none), nickname, attribution1 tag and comment, then a side menu on desktop (a top menu under 768 px) with
 * profile, friends, lifestyle report, walking ranking, the mail magazine, the programs and the points, and the page's content. `profile` is null while it loads.
 * `menu={false}` hides the menu (a friend's profile shows the friend's head in the same frame).
 */
export function AccountFrame({
  profile,
  children,
  menu = true,
  headingLevel = 'p',
}: {
  profile: AccountFrameProfile | null;
  children: ReactNode;
  menu?: boolean;
  /** 'h1' when the nickname is the page's heading (a friend's profile); otherwise a paragraph. */
  headingLevel?: 'h1' | 'p';
}) {
  const { t } = useTranslation('accountFrame');
  const Name = headingLevel;
  const background = profile?.backgroundImageUrl;
  return (
    <div className="account-frame">
      <div className="account-frame__hero">
        <div className="account-frame__background">{background && <img src={background} alt="" className="account-frame__background-img" />}</div>
        <div className="container account-frame__head" aria-busy={profile === null}>
          <img
            className="account-frame__avatar"
            src={profile?.profileImageUrl || DEFAULT_PROFILE_IMAGE}
            alt={profile ? t('profileImageOf', { name: profile.nickname }) : ''}
            width="112"
            height="112"
          />
          <div className="account-frame__identity">
            {profile ? (
              <>
                <Name className="account-frame__nickname">{profile.nickname}</Name>
                {profile.attribution1 && (
                  <p className="account-frame__tag-line">
                    <span className="visually-hidden">{t('attribution')}: </span>
                    <span className="tag account-frame__tag">{profile.attribution1}</span>
                  </p>
                )}
                {profile.comment && <p className="account-frame__comment">{profile.comment}</p>}
              </>
            ) : (
              <p className="account-frame__nickname account-frame__nickname--loading">{t('loading')}</p>
            )}
          </div>
        </div>
      </div>
      <div className={`container account-frame__body${menu ? '' : ' account-frame__body--full'}`}>
        {menu && (
          <nav className="account-frame__menu" aria-label={t('menuLabel')}>
            <ul>
              {MENU.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className="account-frame__menu-link">
                    {t(item.key)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="account-frame__content">{children}</div>
      </div>
    </div>
  );
}
