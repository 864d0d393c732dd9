import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FunctionByName } from '@hibi/contract/functions/index';
import type { Success } from '@hibi/contract/protocol';
import { call, callOrThrow } from '../../../lib/api.ts';
import { session, useSession } from '../../../lib/session.ts';
import { usePageMeta } from '../../../lib/meta.ts';
import { formatDate } from '../../../lib/format.ts';
import { LoginRequired } from '../../../components/LoginRequired.tsx';
import { TOKYO_OFFSET_MS } from '@hibi/contract/time';
import { idealWeight, tokyoDay } from '../calc.ts';
import '../devtool.css';

const DEVICE = { osType: 'web', osVersion: 'devtool', appVersion: 'devtool', source: 'devtool' };
const RATINGS = ['exercise', 'breakfast', 'nightMeal', 'overeating', 'overdrinking', 'sleepness', 'feeling'] as const;
type Rating = (typeof RATINGS)[number];

/** Empty input: leave the field out. Anything else goes to the server as it is (the tool does no validation). */
function num(value: string): number | undefined {
  return value.trim() === '' ? undefined : Number(value);
}

function message(result: { succeed: boolean; errorCode?: string; validationErrorMessage?: string[] }): string {
  return result.validationErrorMessage?.[0] ?? result.errorCode ?? 'error';
}

/** The hidden developer tool (spec 2 §2): edits the signed-in test user and feeds health data like the app. */
export default function DevtoolPage() {
  const { t } = useTranslation('devtool');
  usePageMeta({ title: t('title') });
  const current = useSession();
  if (!current) {
    return (
      <div className="container page">
        <h1 className="page-title">{t('title')}</h1>
        <LoginRequired />
      </div>
    );
  }
  return <DevtoolBody nickname={current.user.nickname} />;
}

function DevtoolBody({ nickname }: { nickname: string }) {
  const { t } = useTranslation('devtool');
  return (
    <div className="container page devtool">
      <h1 className="page-title">{t('title')}</h1>
      <p className="devtool__notice" role="note">
        {t('noValidation')}
      </p>
      <p>{t('signedInAs', { nickname })}</p>
      <ProfileSection />
      <StepsSection />
      <GenerateSection />
      <RecordSection />
      <MatchesSection />
      <WalkingRankSection />
    </div>
  );
}

function useResult() {
  const [result, setResult] = useState<string>('');
  return [result, setResult] as const;
}

function ProfileSection() {
  const { t } = useTranslation('devtool');
  const id = useId();
  const queryClient = useQueryClient();
  const user = useQuery({ queryKey: ['devtool', 'user'], queryFn: () => callOrThrow('getDevtoolUser') });
  const status = useQuery({ queryKey: ['devtool', 'status'], queryFn: () => callOrThrow('getCurrentUserStatus', {}) });
  const [form, setForm] = useState({ displayName: '', comment: '', birthYear: '', gender: '', height: '', weight: '', targetWeight: '' });
  const [result, setResult] = useResult();
  const [busy, setBusy] = useState(false);

  // Fill the form once from the server; later reloads never overwrite what the tester is typing.
  const filled = useRef({ user: false, status: false });
  useEffect(() => {
    if (!user.data || filled.current.user) return;
    filled.current.user = true;
    const u = user.data.user;
    setForm((f) => ({
      ...f,
      displayName: u.displayName,
      comment: u.comment,
      birthYear: u.birthYear === null ? '' : String(u.birthYear),
      gender: u.gender === null ? '' : String(u.gender),
      height: u.height === null ? '' : String(u.height),
    }));
  }, [user.data]);
  useEffect(() => {
    if (!status.data || filled.current.status) return;
    filled.current.status = true;
    const w = status.data.weight;
    setForm((f) => ({
      ...f,
      weight: w.weight === null ? '' : String(w.weight),
      targetWeight: w.targetWeight === null ? '' : String(w.targetWeight),
    }));
  }, [status.data]);

  const ideal = idealWeight(Number(form.height));
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setResult('');
    try {
      // The tool's own call: no member rules (spec 2 §2 "does no validation"; issue 13 finding 10).
      const gender = num(form.gender);
      const saved = await call('saveDevtoolUser', {
        displayName: form.displayName,
        comment: form.comment,
        birthYear: num(form.birthYear) ?? null,
        gender: gender === 1 || gender === 2 ? gender : null,
        height: num(form.height) ?? null,
        weight: num(form.weight) ?? null,
        targetWeight: num(form.targetWeight) ?? null,
      });
      if (!saved.succeed) return setResult(t('failed', { message: message(saved) }));
      const stored = session.get();
      if (stored) session.update({ user: { ...stored.user, nickname: saved.user.displayName, profileImageUrl: saved.user.imageUrl } });
      setResult(t('saved'));
      void queryClient.invalidateQueries({ queryKey: ['devtool'] });
    } catch (e) {
      setResult(t('failed', { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('profile.heading')}</h2>
      {user.isError && <p className="form-error">{t('loadFailed')}</p>}
      <form className="form" onSubmit={(e) => void save(e)} noValidate>
        <div className="devtool__grid">
          <div className="field">
            <label htmlFor={`${id}-name`}>{t('profile.displayName')}</label>
            <input id={`${id}-name`} name="displayName" type="text" value={form.displayName} onChange={set('displayName')} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-comment`}>{t('profile.comment')}</label>
            <input id={`${id}-comment`} name="comment" type="text" value={form.comment} onChange={set('comment')} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-birth`}>{t('profile.birthYear')}</label>
            <input id={`${id}-birth`} name="birthYear" type="text" inputMode="numeric" value={form.birthYear} onChange={set('birthYear')} />
          </div>
          <fieldset className="field">
            <legend>{t('profile.gender')}</legend>
            <div className="devtool__radios">
              <label>
                <input type="radio" name="gender" value="1" checked={form.gender === '1'} onChange={set('gender')} />
                {t('profile.male')}
              </label>
              <label>
                <input type="radio" name="gender" value="2" checked={form.gender === '2'} onChange={set('gender')} />
                {t('profile.female')}
              </label>
            </div>
          </fieldset>
          <div className="field">
            <label htmlFor={`${id}-height`}>{t('profile.height')}</label>
            <input id={`${id}-height`} name="height" type="text" inputMode="decimal" value={form.height} onChange={set('height')} />
          </div>
          <div className="field">
            <span className="field__label">{t('profile.imageUrl')}</span>
            {user.data?.user.imageUrl ? <img className="devtool__avatar" src={user.data.user.imageUrl} alt="" /> : <p>{t('profile.noImage')}</p>}
          </div>
          <div className="field">
            <label htmlFor={`${id}-weight`}>{t('profile.weight')}</label>
            <input id={`${id}-weight`} name="weight" type="text" inputMode="decimal" value={form.weight} onChange={set('weight')} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-target`}>{t('profile.targetWeight')}</label>
            <input id={`${id}-target`} name="targetWeight" type="text" inputMode="decimal" value={form.targetWeight} onChange={set('targetWeight')} />
          </div>
        </div>
        <p className="devtool__ideal" aria-live="polite">
          {ideal === null ? t('profile.idealWeightUnknown') : t('profile.idealWeight', { weight: ideal.toFixed(1) })}
        </p>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('profile.save')}
        </button>
        <p className="devtool__result" role="status">
          {result}
        </p>
      </form>
    </section>
  );
}

function StepsSection() {
  const { t } = useTranslation('devtool');
  const id = useId();
  const steps = useQuery({
    queryKey: ['devtool', 'steps'],
    queryFn: () =>
      callOrThrow('getHealthDataByRange', {
        fromDateTime: tokyoDay(13),
        toDateTime: tokyoDay(0),
        needsWeeklyAverage: true,
        needsInterview: true,
        needsWeight: true,
        needsBodyFatPercentage: true,
      }),
  });
  const byDay = new Map((steps.data?.stepsData ?? []).map((s) => [s.dateTime, s.steps]));
  const days = Array.from({ length: 14 }, (_, i) => tokyoDay(13 - i));
  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('steps.heading')}</h2>
      {steps.isError && <p className="form-error">{t('loadFailed')}</p>}
      {steps.isPending ? (
        <p>{t('loading')}</p>
      ) : (
        <table>
          <caption className="visually-hidden">{t('steps.heading')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('steps.date')}</th>
              <th scope="col">{t('steps.steps')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day}>
                <td>{formatDate(day)}</td>
                <td className="devtool__num">{byDay.has(day) ? byDay.get(day)!.toLocaleString() : t('steps.none')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button type="button" className="button button--outline" onClick={() => void steps.refetch()}>
        {t('steps.reload')}
      </button>
    </section>
  );
}

function GenerateSection() {
  const { t } = useTranslation('devtool');
  const id = useId();
  const queryClient = useQueryClient();
  const [result, setResult] = useResult();
  const [busy, setBusy] = useState(false);

  async function generate() {
    setBusy(true);
    setResult('');
    try {
      const base = 55 + Math.random() * 20;
      const healthData = Array.from({ length: 8 }, (_, i) => ({
        dateTime: tokyoDay(7 - i),
        steps: Math.round(3000 + Math.random() * 11000),
        weight: Math.round((base + (Math.random() - 0.5)) * 10) / 10,
        bodyFatPercentage: Math.round((18 + Math.random() * 8) * 10) / 10,
      }));
      const up = await call('uploadHealthData', { healthData, ...DEVICE });
      if (!up.succeed) return setResult(t('failed', { message: message(up) }));
      const fixed = await call('notifyHealthDataFixed', DEVICE);
      if (!fixed.succeed) return setResult(t('failed', { message: message(fixed) }));
      setResult(t('generate.done', { count: healthData.length }));
      void queryClient.invalidateQueries({ queryKey: ['devtool'] });
    } catch (e) {
      setResult(t('failed', { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('generate.heading')}</h2>
      <p>{t('generate.text')}</p>
      <button type="button" className="button button--primary" onClick={() => void generate()} disabled={busy}>
        {t('generate.button')}
      </button>
      <p className="devtool__result" role="status">
        {result}
      </p>
    </section>
  );
}

function RecordSection() {
  const { t } = useTranslation('devtool');
  const id = useId();
  const queryClient = useQueryClient();
  const [date, setDate] = useState(() => new Date(tokyoDay() + TOKYO_OFFSET_MS).toISOString().slice(0, 10));
  const [weight, setWeight] = useState('');
  const [bodyFat, setBodyFat] = useState('');
  const [note, setNote] = useState('');
  const [ratings, setRatings] = useState<Record<Rating, string>>(() => Object.fromEntries(RATINGS.map((r) => [r, '1'])) as Record<Rating, string>);
  const [result, setResult] = useResult();
  const [busy, setBusy] = useState(false);

  async function record(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setResult('');
    try {
      // The date field is a Tokyo calendar day; the call names it by its Tokyo midnight.
      const dateTime = Date.parse(`${date}T00:00:00+09:00`);
      const rated = Object.fromEntries(RATINGS.map((r) => [r, Number(ratings[r])])) as Record<Rating, 1 | 2>;
      const res = await call('recordHealthData', {
        dateTime,
        ...rated,
        ...(num(weight) !== undefined ? { weight: num(weight) as number } : {}),
        ...(num(bodyFat) !== undefined ? { bodyFatPercentage: num(bodyFat) as number } : {}),
        ...(note ? { note } : {}),
      });
      if (!res.succeed) return setResult(t('failed', { message: message(res) }));
      setResult(t('record.done', { score: res.score }));
      void queryClient.invalidateQueries({ queryKey: ['devtool'] });
    } catch (e) {
      setResult(t('failed', { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('record.heading')}</h2>
      <form className="form" onSubmit={(e) => void record(e)} noValidate>
        <div className="devtool__grid">
          <div className="field">
            <label htmlFor={`${id}-date`}>{t('record.date')}</label>
            <input id={`${id}-date`} name="date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-weight`}>{t('record.weight')}</label>
            <input
              id={`${id}-weight`}
              name="recordWeight"
              type="text"
              inputMode="decimal"
              value={weight}
              onChange={(e) => setWeight(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-fat`}>{t('record.bodyFatPercentage')}</label>
            <input
              id={`${id}-fat`}
              name="bodyFatPercentage"
              type="text"
              inputMode="decimal"
              value={bodyFat}
              onChange={(e) => setBodyFat(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-note`}>{t('record.note')}</label>
            <input id={`${id}-note`} name="note" type="text" value={note} onChange={(e) => setNote(e.target.value)} />
          </div>
        </div>
        <p className="field__hint">{t('record.ratingHelp')}</p>
        <div className="devtool__ratings">
          {RATINGS.map((r) => (
            <div className="field" key={r}>
              <label htmlFor={`${id}-${r}`}>{t(`record.${r}`)}</label>
              <select id={`${id}-${r}`} name={r} value={ratings[r]} onChange={(e) => setRatings((x) => ({ ...x, [r]: e.target.value }))}>
                <option value="1">1</option>
                <option value="2">2</option>
              </select>
            </div>
          ))}
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('record.button')}
        </button>
        <p className="devtool__result" role="status">
          {result}
        </p>
      </form>
    </section>
  );
}

function MatchesSection() {
  const { t } = useTranslation('devtool');
  const id = useId();
  const queryClient = useQueryClient();
  const matches = useQuery({ queryKey: ['devtool', 'matches'], queryFn: () => callOrThrow('getIndividualMatches') });
  const [result, setResult] = useResult();

  async function join(matchId: number, isGeneral: boolean) {
    setResult('');
    try {
      const res = await call('enterIndividualMatch', { individualMatchID: matchId, isGeneral });
      if (!res.succeed) return setResult(t('failed', { message: message(res) }));
      window.alert('registered');
      void queryClient.invalidateQueries({ queryKey: ['devtool', 'matches'] });
    } catch (e) {
      setResult(t('failed', { message: e instanceof Error ? e.message : String(e) }));
    }
  }

  const list = matches.data?.individualMatches ?? [];
  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('matches.heading')}</h2>
      {matches.isError && <p className="form-error">{t('loadFailed')}</p>}
      {matches.isPending ? (
        <p>{t('loading')}</p>
      ) : list.length === 0 ? (
        <p className="empty-state">{t('matches.empty')}</p>
      ) : (
        <ul className="devtool__matches">
          {list.map((m) => (
            <li key={`${m.isGeneral ? 'g' : 't'}-${m.id}`} className="devtool__match">
              <div>
                <p className="devtool__match-name">{m.name}</p>
                <p>
                  <span className="tag">{m.isGeneral ? t('matches.general') : t('matches.tenant')}</span>{' '}
                  {t('matches.period', { from: formatDate(m.displayStartDateTime), to: formatDate(m.displayEndDateTime) })}
                </p>
              </div>
              {m.isRegistered ? (
                <span className="tag">{t('matches.registered')}</span>
              ) : (
                <button type="button" className="button button--outline button--small" onClick={() => void join(m.id, m.isGeneral)}>
                  {t('matches.join')}
                  <span className="visually-hidden">: {m.name}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="devtool__result" role="status">
        {result}
      </p>
    </section>
  );
}

/** getWalkingProgramRank for any day, in the company or among everyone: what the app's walking program shows. */
function WalkingRankSection() {
  const { t } = useTranslation('devtool');
  const id = useId();
  const [date, setDate] = useState(() => new Date(tokyoDay() + TOKYO_OFFSET_MS).toISOString().slice(0, 10));
  const [filterbyTenant, setFilterbyTenant] = useState(true);
  const [rank, setRank] = useState<Success<FunctionByName<'getWalkingProgramRank'>> | null>(null);
  const [result, setResult] = useResult();
  const [busy, setBusy] = useState(false);

  async function load(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setResult('');
    try {
      const res = await call('getWalkingProgramRank', { timestamp: Date.parse(`${date}T00:00:00+09:00`), filterbyTenant });
      if (!res.succeed) {
        setRank(null);
        return setResult(t('failed', { message: message(res) }));
      }
      setRank(res);
    } catch (e) {
      setRank(null);
      setResult(t('failed', { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('walking.heading')}</h2>
      <form className="form" onSubmit={(e) => void load(e)} noValidate>
        <div className="devtool__grid">
          <div className="field">
            <label htmlFor={`${id}-date`}>{t('walking.date')}</label>
            <input id={`${id}-date`} name="walkingDate" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          </div>
          <div className="field devtool__check">
            <input
              id={`${id}-tenant`}
              name="filterbyTenant"
              type="checkbox"
              checked={filterbyTenant}
              onChange={(e) => setFilterbyTenant(e.target.checked)}
            />
            <label htmlFor={`${id}-tenant`}>{t('walking.filterbyTenant')}</label>
          </div>
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('walking.button')}
        </button>
      </form>
      <p className="devtool__result" role="status">
        {result}
      </p>
      {rank && (
        <>
          <p>
            {t('walking.summary', {
              from: formatDate(rank.fromDateTime),
              to: formatDate(rank.toDateTime),
              rank: rank.rank ?? '-',
              users: rank.userCount,
              steps: rank.averageSteps.toLocaleString(),
            })}
          </p>
          <table>
            <caption className="visually-hidden">{t('walking.heading')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('walking.rank')}</th>
                <th scope="col">{t('walking.name')}</th>
                <th scope="col">{t('walking.steps')}</th>
              </tr>
            </thead>
            <tbody>
              {rank.ranking.map((r, i) => (
                <tr key={i}>
                  <td className="devtool__num">{r.rank}</td>
                  <td>
                    {r.displayName ?? t('walking.anonymous')}
                    {r.isMe && ` ${t('walking.me')}`}
                  </td>
                  <td className="devtool__num">{r.averageSteps.toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
