import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { STEPS } from '@hibi/contract/constants';
import type { RankingEntry } from '@hibi/contract/functions/account';
import { DAY_MS } from '@hibi/contract/time';
import { AccountFrame, DEFAULT_PROFILE_IMAGE } from '../../../components/AccountFrame.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { formatDate } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useCurrentUserStatus } from '../api/get-current-user-status.ts';
import { useMyProfile } from '../api/get-my-profile.ts';
import { useWalkingRank } from '../api/get-walking-rank.ts';
import { FriendButton } from '../components/FriendButton.tsx';
import { formatSteps } from '../components/format.ts';
import '../account.css';

const HOUR_MS = 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;
/** How far back the week picker goes: a year of weeks. */
const OLDEST_WEEK = -52;

/**
 * The walking program's weekly ranking (getWalkingProgramRank): the user's rank and average, the top 10 of their
 * company or of everyone, a week picker, and the friend button on colleagues who appear by name.
 */
export default function WalkingRankingPage() {
  const { t } = useTranslation('account');
  const locale = currentLocale();
  const profile = useMyProfile();
  // The hour, not the millisecond: the server's render and the browser's hydration ask for the same week (the same
  // query key), so the page's data is used. Weeks start at an hour (Asia/Tokyo midnight): the week is the same.
  const [now] = useState(() => Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
  const [week, setWeek] = useState(0);
  const [filterbyTenant, setFilterbyTenant] = useState(true);
  const timestamp = now + week * WEEK_MS;
  const rank = useWalkingRank(timestamp, filterbyTenant);
  // This week's goal days come with the status poll; past weeks have none.
  const status = useCurrentUserStatus(week === 0);
  const data = rank.data;
  const range = data ? t('walking.range', { from: formatDate(data.fromDateTime), to: formatDate(data.toDateTime) }) : '';

  return (
    <AccountFrame profile={profile.data?.profile ?? null}>
      <h1 className="page-title account-title">{t('walking.title')}</h1>
      <section className="card account-section" aria-labelledby="walking-week">
        <div className="walking-controls">
          <div className="walking-week">
            <button
              type="button"
              className="button button--outline button--small"
              disabled={week <= OLDEST_WEEK}
              onClick={() => setWeek((w) => w - 1)}
            >
              <span aria-hidden="true">‹ </span>
              <span className="walking-week__label">{t('walking.previousWeek')}</span>
            </button>
            <h2 id="walking-week" className="walking-week__range" aria-live="polite">
              {week === 0 ? t('walking.thisWeek') : t('walking.weekOf')}
              <span className="walking-week__dates">{range}</span>
            </h2>
            <button type="button" className="button button--outline button--small" disabled={week >= 0} onClick={() => setWeek((w) => w + 1)}>
              <span className="walking-week__label">{t('walking.nextWeek')}</span>
              <span aria-hidden="true"> ›</span>
            </button>
          </div>
          <div className="segmented" role="group" aria-label={t('walking.scopeLabel')}>
            <button type="button" className="segmented__button" aria-pressed={filterbyTenant} onClick={() => setFilterbyTenant(true)}>
              {t('walking.company')}
            </button>
            <button type="button" className="segmented__button" aria-pressed={!filterbyTenant} onClick={() => setFilterbyTenant(false)}>
              {t('walking.everyone')}
            </button>
          </div>
        </div>

        <QueryState query={rank} error={t('walking.loadFailed')}>
          {data && (
            <div aria-busy={rank.isFetching}>
              <dl className="stat-row">
                <div className="stat">
                  <dt>{filterbyTenant ? t('walking.myRankCompany') : t('walking.myRankEveryone')}</dt>
                  <dd>
                    {data.rank === null ? (
                      t('walking.noRank')
                    ) : (
                      <>
                        <strong className="stat__value">{t('steps.rankValue', { rank: data.rank })}</strong>{' '}
                        {t('steps.rankOf', { users: data.userCount })}
                      </>
                    )}
                  </dd>
                </div>
                <div className="stat">
                  <dt>{t('walking.myAverage')}</dt>
                  <dd>
                    <strong className="stat__value">{formatSteps(data.averageSteps, locale)}</strong> {t('steps.unit')}
                  </dd>
                </div>
                {week === 0 && status.data && (
                  <div className="stat">
                    <dt>{t('walking.goalDays', { goal: formatSteps(STEPS.goal, locale) })}</dt>
                    <dd>
                      <strong className="stat__value">{status.data.walkingProgram.daysAchieved}</strong> {t('walking.days')}
                    </dd>
                  </div>
                )}
              </dl>
              {data.ranking.length === 0 ? (
                <p className="empty-state">{t('walking.empty')}</p>
              ) : (
                <ol className="walking-ranking" aria-label={t('walking.topLabel', { range })}>
                  {data.ranking.map((entry, i) => (
                    <RankingRow key={`${entry.rank}:${entry.userID ?? `a${i}`}`} entry={entry} />
                  ))}
                  {data.me && (
                    // Outside the top ten: the member's own row after it, marked as theirs (issue 55, item 7).
                    <>
                      <li className="walking-entry walking-entry--gap" aria-hidden="true">
                        ⋯
                      </li>
                      <RankingRow entry={data.me} />
                    </>
                  )}
                </ol>
              )}
            </div>
          )}
        </QueryState>
        <p className="walking-note">
          {t('walking.privacy')} <Link to="/account/profile">{t('walking.privacyLink')}</Link>
        </p>
      </section>
    </AccountFrame>
  );
}

/** One place in the ranking: rank, picture, name (the caller's marked), average, and the friend button where allowed. */
function RankingRow({ entry }: { entry: RankingEntry }) {
  const { t } = useTranslation('account');
  const locale = currentLocale();
  return (
    <li className={`walking-entry${entry.isMe ? ' walking-entry--me' : ''}`}>
      <span className="walking-entry__rank">{t('steps.rankValue', { rank: entry.rank })}</span>
      <img className="friend-item__avatar walking-entry__avatar" src={entry.imageUrl || DEFAULT_PROFILE_IMAGE} alt="" width="40" height="40" />
      <span className="walking-entry__name">
        {entry.displayName ?? <span className="walking-entry__anonymous">{t('walking.anonymous')}</span>}
        {entry.isMe && <span className="walking-entry__you"> {t('walking.you')}</span>}
      </span>
      <span className="walking-entry__steps">
        {formatSteps(entry.averageSteps, locale)} {t('steps.unit')}
      </span>
      {entry.userID !== null && entry.displayName !== null && entry.relation !== null && entry.relation !== 'self' && (
        <FriendButton key={`${entry.userID}:${entry.relation}`} userID={entry.userID} name={entry.displayName} relation={entry.relation} />
      )}
    </li>
  );
}
