import '../insights.css';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import {
  INSIGHTS_GROUP_BY,
  INSIGHTS_MIN_GROUP,
  insightsPeriodTooLong,
  LIFESTYLE_DIMENSIONS,
  type CompanyInsights,
  type InsightsGroupBy,
} from '@hibi/contract/console/insights';
import { addDays, tokyoDay } from '@hibi/contract/time';
import { Field } from '../../../../components/Field.tsx';
import { StatusMessage } from '../../../../components/FormMessage.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { callErrorText } from '../../../lib/forms.ts';
import { useMe } from '../../../lib/me.ts';
import { useCompanyInsights, useExportInsights, useInsightsTenants } from '../api/insights.ts';
import { groupLabel, stepBandLabels } from '../components/labels.ts';

const InsightsCharts = lazy(() => import('../components/InsightsCharts.tsx'));

/**
 * /insights (issue 32, docs/requirements/insights.md#insights-figures): a tenant's aggregates for a period, by a fixed grouping, as charts and
 * tables that say the same, and as CSV. A company operator sees its own tenant; owners and support choose one.
 * Figures under the privacy floor come back null from the server and read "fewer than 5" here.
 */
export default function InsightsPage() {
  const { t, i18n } = useTranslation('consoleInsights');
  const me = useMe();
  const ownTenant = me?.operator.role === 'company' ? me.operator.tenantId : null;
  const today = tokyoDay(Date.now());
  const [from, setFrom] = useState(() => addDays(today, -84));
  const [to, setTo] = useState(() => addDays(today, -1));
  const [groupBy, setGroupBy] = useState<InsightsGroupBy>('none');
  const [chosen, setChosen] = useState<number | null>(null);
  const tenants = useInsightsTenants(ownTenant === null && me !== undefined);
  const tenantId = ownTenant ?? chosen ?? tenants.data?.tenants[0]?.id ?? null;
  const periodError =
    !/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)
      ? t('period.invalid')
      : to < from
        ? t('period.reversed')
        : insightsPeriodTooLong(from, to)
          ? t('period.tooLong')
          : null;
  const payload = tenantId !== null && periodError === null ? { tenantId, from, to, groupBy } : null;
  const insights = useCompanyInsights(payload);
  const exporting = useExportInsights();
  const en = i18n.language === 'en';

  return (
    <div className="console-page insights">
      <h1>{t('title')}</h1>
      <p className="console-muted">{t('intro', { floor: INSIGHTS_MIN_GROUP })}</p>
      <form className="console-fieldset insights-controls" onSubmit={(e) => e.preventDefault()} aria-label={t('controls')}>
        {ownTenant === null && (
          <Field label={t('tenant')}>
            {(control) => (
              <select {...control} value={tenantId ?? ''} onChange={(e) => setChosen(Number(e.target.value))}>
                {tenants.data?.tenants.map((x) => (
                  <option key={x.id} value={x.id}>
                    {(en && x.name.en) || x.name.ja}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Field label={t('period.from')} error={periodError ?? undefined}>
          {(control) => <input {...control} type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} required />}
        </Field>
        <Field label={t('period.to')}>
          {(control) => <input {...control} type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} required />}
        </Field>
        <Field label={t('groupBy.label')}>
          {(control) => (
            <select {...control} value={groupBy} onChange={(e) => setGroupBy(e.target.value as InsightsGroupBy)}>
              {INSIGHTS_GROUP_BY.map((g) => (
                <option key={g} value={g}>
                  {t(`groupBy.${g}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <p className="insights-controls__export">
          <button
            type="button"
            className="button button--outline"
            disabled={payload === null || exporting.isPending}
            aria-busy={exporting.isPending || undefined}
            onClick={() => payload && exporting.mutate(payload)}
          >
            {t('export')}
          </button>
        </p>
      </form>
      <StatusMessage
        message={
          exporting.isSuccess
            ? { text: t('exported', { name: exporting.data }), error: false }
            : exporting.isError
              ? { text: callErrorText(exporting.error), error: true }
              : null
        }
      />
      {payload && (
        <QueryState query={insights} error={t('loadError')}>
          {insights.data && <InsightsView insights={insights.data} />}
        </QueryState>
      )}
    </div>
  );
}

type DefinitionKey =
  'members' | 'activeMembers' | 'stepParticipation' | 'avgDailySteps' | 'eventReservations' | 'eventAttendance' | 'surveyResponseRate';

/** Each figure of a table with its one-line definition (the same words as the export's README). */
function Definitions({ items }: { items: { term: string; definition: string }[] }) {
  const { t } = useTranslation('consoleInsights');
  return (
    <dl className="insights-definitions" aria-label={t('definitionsLabel')}>
      {items.map((item) => (
        <div key={item.term}>
          <dt>{item.term}</dt>
          <dd>{item.definition}</dd>
        </div>
      ))}
    </dl>
  );
}

const SUMMARY_FIGURES: DefinitionKey[] = [
  'members',
  'activeMembers',
  'stepParticipation',
  'avgDailySteps',
  'eventReservations',
  'eventAttendance',
  'surveyResponseRate',
];

function InsightsView({ insights }: { insights: CompanyInsights }) {
  const { t, i18n } = useTranslation('consoleInsights');
  const locale = i18n.language === 'en' ? 'en-US' : 'ja-JP';
  const n = (v: number | null) => (v === null ? t('hidden', { floor: insights.minGroupSize }) : v.toLocaleString(locale));
  const pct = (v: number | null) => (v === null ? t('hidden', { floor: insights.minGroupSize }) : `${Math.round(v * 1000) / 10}%`);
  const label = (key: string) => groupLabel(t, insights.groupBy, key);
  const bands = stepBandLabels(t);
  const weeks = insights.groups.find((g) => g.weeklySteps)?.weeklySteps?.map((w) => w.weekStart) ?? [];
  const shown = insights.groups.filter((g) => !g.suppressed);
  return (
    <>
      {insights.groups.some((g) => g.suppressed) && <p className="insights-note">{t('suppressedNote', { floor: insights.minGroupSize })}</p>}
      {shown.length > 0 && (
        <Suspense fallback={<div className="insights-charts insights-charts--loading" aria-hidden="true" />}>
          <InsightsCharts insights={insights} />
        </Suspense>
      )}
      <section aria-labelledby="insights-summary">
        <h2 id="insights-summary">{t('tables.summary')}</h2>
        <div className="console-table-wrap" tabIndex={0} role="region" aria-labelledby="insights-summary">
          <table className="console-table insights-table">
            <thead>
              <tr>
                <th scope="col">{t('figures.group')}</th>
                <th scope="col">{t('figures.members')}</th>
                <th scope="col">{t('figures.activeMembers')}</th>
                <th scope="col">{t('figures.stepParticipation')}</th>
                <th scope="col">{t('figures.avgDailySteps')}</th>
                <th scope="col">{t('figures.eventReservations')}</th>
                <th scope="col">{t('figures.eventAttendance')}</th>
                <th scope="col">{t('figures.surveyResponseRate')}</th>
              </tr>
            </thead>
            <tbody>
              {insights.groups.map((g) => (
                <tr key={g.key}>
                  <th scope="row">{label(g.key)}</th>
                  <td>{n(g.members)}</td>
                  <td>{n(g.activeMembers)}</td>
                  <td>{pct(g.stepParticipation)}</td>
                  <td>{n(g.avgDailySteps)}</td>
                  <td>{n(g.eventReservations)}</td>
                  <td>{n(g.eventAttendance)}</td>
                  <td>{pct(g.surveyResponseRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Definitions items={SUMMARY_FIGURES.map((f) => ({ term: t(`figures.${f}`), definition: t(`definitions.${f}`) }))} />
      </section>
      <section aria-labelledby="insights-bands">
        <h2 id="insights-bands">{t('tables.bands')}</h2>
        <p className="insights-definition">{t('definitions.stepBands')}</p>
        <div className="console-table-wrap" tabIndex={0} role="region" aria-labelledby="insights-bands">
          <table className="console-table insights-table">
            <thead>
              <tr>
                <th scope="col">{t('figures.group')}</th>
                {bands.map((b) => (
                  <th scope="col" key={b}>
                    {b}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {insights.groups.map((g) => (
                <tr key={g.key}>
                  <th scope="row">{label(g.key)}</th>
                  {bands.map((b, i) => (
                    <td key={b}>{n(g.stepBands?.[i] ?? null)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="insights-weekly">
        <h2 id="insights-weekly">{t('tables.weekly')}</h2>
        <p className="insights-definition">{t('definitions.weekly')}</p>
        <p className="console-muted">{weeks.length > 0 ? t('tables.weeklyNote') : t('tables.weeklyNone')}</p>
        <div className="console-table-wrap" tabIndex={0} role="region" aria-labelledby="insights-weekly">
          <table className="console-table insights-table">
            <thead>
              <tr>
                <th scope="col">{t('figures.weekStart')}</th>
                {insights.groups.map((g) => (
                  <th scope="col" key={g.key}>
                    {label(g.key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((w) => (
                <tr key={w}>
                  <th scope="row">{w}</th>
                  {insights.groups.map((g) => (
                    <td key={g.key}>{n(g.weeklySteps?.find((x) => x.weekStart === w)?.avgDailySteps ?? null)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="insights-lifestyle">
        <h2 id="insights-lifestyle">{t('tables.lifestyle')}</h2>
        <p className="insights-definition">{t('definitions.lifestyle')}</p>
        <div className="console-table-wrap" tabIndex={0} role="region" aria-labelledby="insights-lifestyle">
          <table className="console-table insights-table">
            <thead>
              <tr>
                <th scope="col">{t('figures.group')}</th>
                {LIFESTYLE_DIMENSIONS.map((d) => (
                  <th scope="col" key={d}>
                    {t(`lifestyle.${d}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {insights.groups.map((g) => (
                <tr key={g.key}>
                  <th scope="row">{label(g.key)}</th>
                  {LIFESTYLE_DIMENSIONS.map((d) => (
                    <td key={d}>{n(g.lifestyleAverages?.[d] ?? null)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Definitions items={LIFESTYLE_DIMENSIONS.map((d) => ({ term: t(`lifestyle.${d}`), definition: t(`definitions.lifestyle_${d}`) }))} />
      </section>
      <ProgramsSection insights={insights} />
      <section aria-labelledby="insights-articles">
        <h2 id="insights-articles">{t('tables.articles')}</h2>
        <p className="insights-definition">{t('definitions.articles')}</p>
        {insights.topArticles.length === 0 ? (
          <p className="console-muted">{t('noArticles', { floor: insights.minGroupSize })}</p>
        ) : (
          <ol className="insights-articles">
            {insights.topArticles.map((a) => (
              <li key={a.id}>
                {(i18n.language === 'en' && a.title.en) || a.title.ja} — {t('readers', { count: a.readers })}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

/** Participation per program the company takes part in (issue 57, docs/requirements/programs.md#programs-insights). */
function ProgramsSection({ insights }: { insights: CompanyInsights }) {
  const { t, i18n } = useTranslation('consoleInsights');
  const locale = i18n.language === 'en' ? 'en-US' : 'ja-JP';
  const hidden = t('hidden', { floor: insights.minGroupSize });
  const n = (v: number | null) => (v === null ? hidden : v.toLocaleString(locale));
  return (
    <section aria-labelledby="insights-programs">
      <h2 id="insights-programs">{t('tables.programs')}</h2>
      <p className="insights-definition">{t('definitions.programs')}</p>
      {insights.programs.length === 0 ? (
        <p className="console-muted">{t('programs.none')}</p>
      ) : (
        insights.programs.map((program) => {
          const headingId = `insights-program-${program.kind}-${program.id}`;
          return (
            <div key={headingId} className="insights-program">
              <h3 id={headingId}>
                {(i18n.language === 'en' && program.name.en) || program.name.ja}
                <span className="console-muted"> — {t(`programs.${program.kind}`)}</span>
              </h3>
              <p className="console-muted">
                {t('programs.period', { from: program.startDate, to: program.endDate })}{' '}
                {t('programs.goal', { steps: program.goalSteps.toLocaleString(locale) })}{' '}
                {t('programs.daysFinished', { count: program.daysFinished })}
              </p>
              <div className="console-table-wrap" tabIndex={0} role="region" aria-labelledby={headingId}>
                <table className="console-table insights-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('figures.group')}</th>
                      <th scope="col">{t('programs.entrants')}</th>
                      <th scope="col">{t('programs.activeEntrants')}</th>
                      <th scope="col">{t('programs.completion')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {program.groups.map((g) => (
                      <tr key={g.key}>
                        <th scope="row">{groupLabel(t, insights.groupBy, g.key)}</th>
                        <td>{n(g.entrants)}</td>
                        <td>{n(g.activeEntrants)}</td>
                        <td>{g.suppressed ? hidden : g.completion === null ? t('programs.notYet') : `${Math.round(g.completion * 1000) / 10}%`}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          );
        })
      )}
    </section>
  );
}
