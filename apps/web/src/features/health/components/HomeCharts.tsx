import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useInputStatus } from '../api/get-input-status.ts';
import { MIN_STREAK_SHOWN } from '../logic.ts';
import { HealthLogPanel } from './home/HealthLogPanel.tsx';
import { StepsPanel } from './home/StepsPanel.tsx';
import '../health.css';

type Tab = 'steps' | 'health';
const TABS: Tab[] = ['steps', 'health'];

/** Home section for signed-in users: the tabbed steps log and health log (docs/requirements/health.md). */
export default function HomeCharts() {
  const { t } = useTranslation('health');
  const [tab, setTab] = useState<Tab>('steps');
  const base = useId();
  const refs = useRef<Record<Tab, HTMLButtonElement | null>>({ steps: null, health: null });
  const status = useInputStatus();
  const streak = status.data?.continuousDays ?? 0;

  // Arrow keys move between the two tabs (the tabs pattern of WAI-ARIA).
  function onKey(event: KeyboardEvent) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = tab === 'steps' ? 'health' : 'steps';
    setTab(next);
    refs.current[next]?.focus();
  }

  return (
    <section className="home-section health-home" aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`} className="section-title">
        {t('home.title')}
      </h2>
      <div className="card health-card">
        <div className="health-tabs" role="tablist" aria-label={t('home.title')} onKeyDown={onKey}>
          {TABS.map((k) => (
            <button
              key={k}
              ref={(el) => {
                refs.current[k] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${k}`}
              aria-selected={tab === k}
              aria-controls={`${base}-panel-${k}`}
              tabIndex={tab === k ? 0 : -1}
              className={`health-tabs__tab${tab === k ? ' health-tabs__tab--active' : ''}`}
              onClick={() => setTab(k)}
            >
              {t(`home.tab.${k}`)}
              {k === 'health' && streak >= MIN_STREAK_SHOWN && <span className="health-streak">{t('home.streak', { days: streak })}</span>}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`${base}-panel-${tab}`} aria-labelledby={`${base}-tab-${tab}`} tabIndex={0}>
          {tab === 'steps' ? <StepsPanel /> : <HealthLogPanel />}
        </div>
      </div>
    </section>
  );
}
