import '../home.css';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { CALENDAR_KIND_ITEM } from '@hibi/contract/console/calendar';
import type { ConsoleHome } from '@hibi/contract/console/home';
import { INSIGHTS_MIN_GROUP } from '@hibi/contract/console/insights';
import { QueryState } from '../../../../components/QueryState.tsx';
import { formatDate, formatDateWithWeekday, formatTime } from '../../../../lib/format.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useConsoleHome } from '../api/home.ts';
import { UsageTable } from '../components/UsageTable.tsx';

type Localized = { ja: string; en: string | null };
type Entry = NonNullable<ConsoleHome['week']>['entries'][number];

/** States whose items members do not see: said in words beside the entry. */
const HIDDEN_STATES = new Set(['draft', 'unpublished']);

/** The Tokyo day of an instant as YYYY.MM.DD (the heading of its group). */
const dayKey = (at: number) => formatDate(at);

/**
 * The console's home (issue 60; decision 181), where owners, editors and support land after sign-in: this week's
 * schedule, what needs a decision, and how members use the service, in one call that reads itself again every minute
 * and when the window comes back into focus. Each block is there only for the roles the server answers it for.
 */
export default function HomePage() {
  const { t, i18n } = useTranslation(['consoleHome', 'consolePeople']);
  const home = useConsoleHome();
  const lang = i18n.language === 'en' ? 'en' : 'ja';
  const text = (v: Localized) => (lang === 'en' && v.en) || v.ja;
  const data = home.data;

  const days = useMemo(() => {
    const groups: { key: string; label: string; entries: Entry[] }[] = [];
    for (const entry of data?.week?.entries ?? []) {
      // A session running now belongs to today, not to the day it started.
      const at = Math.max(entry.at, data!.now);
      const key = dayKey(at);
      const last = groups.at(-1);
      if (last?.key === key) last.entries.push(entry);
      else groups.push({ key, label: formatDateWithWeekday(at, lang), entries: [entry] });
    }
    return groups;
  }, [data, lang]);

  const decisions = data?.decisions;
  const lists = decisions ? [decisions.failedMail, decisions.fullSessions, decisions.missingEnglish].filter((l) => l !== null) : [];
  const nothingToDecide = lists.length > 0 && lists.every((l) => l.total === 0);

  return (
    <div className="console-page home">
      <div className="console-page__head">
        <h1>{t('title')}</h1>
        {data && (
          <p className="console-muted home-updated">
            {t('updated', { at: formatTime(data.now) })}{' '}
            <button type="button" className="button button--outline button--small" onClick={() => void home.refetch()} disabled={home.isFetching}>
              {home.isFetching ? t('refreshing') : t('refresh')}
            </button>
          </p>
        )}
      </div>
      <p className="console-muted">{t('intro')}</p>
      <QueryState query={home} error={t('loadError')}>
        {data && (
          <div className="home-blocks">
            {data.week && (
              <section className="home-block home-week" aria-labelledby="home-week">
                <div className="home-block__head">
                  <h2 id="home-week">{t('week.title')}</h2>
                  <Link to="/calendar?view=week">{t('week.calendar')}</Link>
                </div>
                <p className="console-muted">{t('week.range', { from: formatDateTime(data.now), to: formatDateTime(data.weekEnd) })}</p>
                {days.length === 0 ? (
                  <p className="empty-state">{t('week.empty')}</p>
                ) : (
                  days.map((day) => (
                    <div key={day.key} className="home-day">
                      <h3 className="home-day__heading">{day.label}</h3>
                      <ul className="home-list">
                        {day.entries.map((e) => {
                          const item = CALENDAR_KIND_ITEM[e.kind];
                          const hidden = HIDDEN_STATES.has(e.state);
                          return (
                            <li key={`${e.kind}-${e.itemId}-${e.sessionId ?? ''}`}>
                              <Link to={`/${item}s/${e.itemId}`} className={`home-entry home-entry--${item}`}>
                                <span className="home-entry__meta">
                                  <time dateTime={new Date(e.at).toISOString()}>
                                    {e.at < data.now ? t('week.running', { until: formatTime(e.endAt ?? e.at) }) : formatTime(e.at)}
                                  </time>{' '}
                                  <span className="home-entry__kind">{t(`kinds.${e.kind}`)}</span>
                                  {hidden && <span className="home-entry__state"> · {t(`states.${e.state}`)}</span>}
                                </span>{' '}
                                <span className="home-entry__title">
                                  {text(e.title)}
                                  {e.sessionTitle && <span className="home-entry__session"> · {text(e.sessionTitle)}</span>}
                                </span>
                              </Link>
                            </li>
                          );
                        })}
                      </ul>
                    </div>
                  ))
                )}
                {data.week.truncated && <p className="console-muted">{t('week.truncated')}</p>}
              </section>
            )}

            {lists.length > 0 && decisions && (
              <section className="home-block home-decisions" aria-labelledby="home-decisions">
                <h2 id="home-decisions">{t('decisions.title')}</h2>
                {nothingToDecide && <p className="empty-state">{t('decisions.empty')}</p>}
                {decisions.failedMail && decisions.failedMail.total > 0 && (
                  <div className="home-decision">
                    <div className="home-block__head">
                      <h3>{t('decisions.failedMail', { count: decisions.failedMail.total })}</h3>
                      <Link to="/mail?state=failed">{t('decisions.openOutbox')}</Link>
                    </div>
                    <ul className="home-list">
                      {decisions.failedMail.items.map((m) => (
                        <li key={m.id} className="home-card">
                          <span className="home-card__title">{m.recipient}</span>
                          <span>{t(`reasons.${m.reason}`)}</span>
                          <span className="console-muted">
                            {t(`consolePeople:mail.kinds.${m.kind}`, { defaultValue: m.kind })} · {formatDateTime(m.createdAt)}
                          </span>
                          {m.lastError && <span className="home-card__detail">{m.lastError}</span>}
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
                {decisions.fullSessions && decisions.fullSessions.total > 0 && (
                  <div className="home-decision">
                    <h3>{t('decisions.fullSessions', { count: decisions.fullSessions.total })}</h3>
                    <ul className="home-list">
                      {decisions.fullSessions.items.map((s) => (
                        <li key={s.sessionId}>
                          <Link to={`/events/${s.eventId}/sessions/${s.sessionId}`} className="home-card home-card--link">
                            <span className="home-card__title">
                              {text(s.title)} · {text(s.sessionTitle)}
                            </span>
                            <span className="console-muted">{formatDateTime(s.startAt)}</span>
                            <span>{t('decisions.seats', { reserved: s.reserved, capacity: s.capacity, waiting: s.waiting })}</span>
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
                {decisions.missingEnglish && decisions.missingEnglish.total > 0 && (
                  <div className="home-decision">
                    <h3>{t('decisions.missingEnglish', { count: decisions.missingEnglish.total })}</h3>
                    <ul className="home-list">
                      {decisions.missingEnglish.items.map((i) => (
                        <li key={`${i.itemType}-${i.itemId}`}>
                          <Link to={`/${i.itemType}s/${i.itemId}`} className="home-card home-card--link">
                            <span className="home-card__title">{i.title.ja}</span>
                            <span className="console-muted">
                              {t(`items.${i.itemType}`)} · {t('decisions.goesOut', { at: formatDateTime(i.publishAt) })}
                            </span>
                            <span>{t('decisions.missingFields', { fields: i.fields.map((f) => t(`fields.${f}`)).join(t('listSeparator')) })}</span>
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
                {lists.some((l) => l.total > l.items.length) && <p className="console-muted">{t('decisions.more')}</p>}
              </section>
            )}

            {data.usage && (
              <section className="home-block home-usage" aria-labelledby="home-usage">
                <h2 id="home-usage">{t('usage.title')}</h2>
                <p className="console-muted">{t('usage.intro', { floor: INSIGHTS_MIN_GROUP })}</p>
                <UsageTable rows={data.usage.rows} />
              </section>
            )}
          </div>
        )}
      </QueryState>
    </div>
  );
}
