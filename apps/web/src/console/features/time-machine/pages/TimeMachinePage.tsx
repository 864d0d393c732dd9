import '../time-machine.css';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { PREVIEW_AUDIENCES } from '@hibi/contract/console/time-machine';
import { Field } from '../../../../components/Field.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { TIME_MACHINE_FRAME_PREFIX } from '../../../../lib/timeMachine.ts';
import { callErrorText } from '../../../lib/forms.ts';
import { formatDateTime, fromTokyoInput, toTokyoInput } from '../../../lib/time.ts';
import { usePreviewCheck } from '../api/preview.ts';

/** The member pages the time machine shows, by the app's own paths. */
const PAGES = { home: '/', announcements: '/notifications', library: '/library', events: '/events', surveys: '/surveys', faq: '/faq' } as const;
type PageKey = keyof typeof PAGES;
const WIDTHS = [375, 1440] as const;
const LANGUAGES = ['ja', 'en'] as const;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const STEPS = [
  ['minusDay', -DAY],
  ['minusHour', -HOUR],
  ['plusHour', HOUR],
  ['plusDay', DAY],
  ['plusWeek', 7 * DAY],
] as const;

const pick = <T extends string>(value: string | null, options: readonly T[], fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;

/**
 * /time-machine (issue 36, docs/requirements/time-machine.md#time-machine-preview, decision 154): the member app's own pages as of a chosen moment, for
 * an audience, in either language and at a phone's or a desktop's width, so that a week of scheduled content can be
 * checked before it goes out. The pages run in a frame, where every call is answered by previewMemberCall; the
 * choices live in the query string, so a preview can be linked and the back button returns to the last one.
 */
export default function TimeMachinePage() {
  const { t, i18n } = useTranslation('consoleTimeMachine');
  const [params, setParams] = useSearchParams();
  const [opened] = useState(() => toTokyoInput(Math.floor(Date.now() / 60_000) * 60_000));
  const atInput = params.get('at') ?? opened;
  const at = fromTokyoInput(atInput);
  const audience = pick(params.get('audience'), PREVIEW_AUDIENCES, 'contractMember');
  const page = pick(params.get('page'), Object.keys(PAGES) as PageKey[], 'home');
  const language = pick(params.get('lang'), LANGUAGES, i18n.language === 'en' ? 'en' : 'ja');
  const width = Number(pick(params.get('width'), ['375', '1440'], '1440'));
  const check = usePreviewCheck(at, audience);

  const set = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) next.set(key, value);
        return next;
      },
      { replace: false },
    );

  const frameName = at === null ? '' : `${TIME_MACHINE_FRAME_PREFIX}${JSON.stringify({ at, audience, locale: language })}`;
  const errorCodes = { atOutOfRange: t('errors.atOutOfRange'), noTenantForAudience: t('errors.noTenantForAudience') };

  return (
    <div className="console-page time-machine">
      <h1>{t('title')}</h1>
      <p className="console-muted">{t('intro')}</p>
      <form className="console-fieldset time-machine__controls" onSubmit={(e) => e.preventDefault()} aria-label={t('controls')}>
        <Field label={t('moment')} hint={t('momentHint')} error={at === null ? t('errors.momentInvalid') : undefined}>
          {(control) => <input {...control} type="datetime-local" value={atInput} onChange={(e) => set({ at: e.target.value })} required />}
        </Field>
        <div className="time-machine__steps" role="group" aria-label={t('steps.label')}>
          {STEPS.map(([key, ms]) => (
            <button
              key={key}
              type="button"
              className="button button--outline button--small"
              disabled={at === null}
              onClick={() => at !== null && set({ at: toTokyoInput(at + ms) })}
            >
              {t(`steps.${key}`)}
            </button>
          ))}
          <button
            type="button"
            className="button button--outline button--small"
            onClick={() => set({ at: toTokyoInput(Math.floor(Date.now() / 60_000) * 60_000) })}
          >
            {t('steps.now')}
          </button>
        </div>
        <Field label={t('audience.label')}>
          {(control) => (
            <select {...control} value={audience} onChange={(e) => set({ audience: e.target.value })}>
              {PREVIEW_AUDIENCES.map((a) => (
                <option key={a} value={a}>
                  {t(`audience.${a}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('page.label')}>
          {(control) => (
            <select {...control} value={page} onChange={(e) => set({ page: e.target.value })}>
              {(Object.keys(PAGES) as PageKey[]).map((p) => (
                <option key={p} value={p}>
                  {t(`page.${p}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('language.label')}>
          {(control) => (
            <select {...control} value={language} onChange={(e) => set({ lang: e.target.value })}>
              {LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {t(`language.${l}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <fieldset className="time-machine__widths">
          <legend>{t('width.label')}</legend>
          {WIDTHS.map((w) => (
            <label key={w} className="time-machine__width">
              <input type="radio" name="width" value={w} checked={width === w} onChange={() => set({ width: String(w) })} />
              {t(`width.w${w}`)}
            </label>
          ))}
        </fieldset>
      </form>
      {at !== null && (
        <QueryState query={check} error={check.error ? callErrorText(check.error, errorCodes) : t('errors.load')}>
          <p className="time-machine__summary" role="status">
            {t('summary', { moment: formatDateTime(at), audience: t(`audience.${audience}`) })}
          </p>
          <div className="time-machine__viewport" role="region" aria-label={t('viewport')} tabIndex={0}>
            <iframe
              // A new frame for each choice: the app in it reads the moment, audience and language from its name once.
              key={`${frameName}|${page}`}
              name={frameName}
              src={`${PAGES[page]}?timeMachine=1`}
              title={t('frameTitle', { page: t(`page.${page}`), moment: formatDateTime(at) })}
              width={width}
              className="time-machine__frame"
              style={{ width: `${width}px` }}
            />
          </div>
        </QueryState>
      )}
    </div>
  );
}
