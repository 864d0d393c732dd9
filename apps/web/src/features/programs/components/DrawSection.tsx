import { useState } from 'react';
import type { Challenge } from '../api/get-individual-match.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatDate, formatNumber, formatTime } from '../../../lib/format.ts';
import { checkDraw, subtleCrypto } from '../draw.ts';

type CheckOutcome = 'idle' | 'checking' | 'ok' | 'commitmentFailed' | 'winnersFailed' | 'unavailable';

const at = (epochMs: number) => `${formatDate(epochMs)} ${formatTime(epochMs)}`;

/**
 * The challenge's draw, which anyone can check (docs/requirements/programs.md#programs-draw): "not yet committed"; then
 * the commitment (sha256 of the secret seed); after the draw the published entry numbers, the seed, the winners with
 * their prizes, the member's own entry number and whether it won, how to check it in plain words, and a button that
 * checks it in this browser with WebCrypto.
 */
export function DrawSection({ draw, prizes }: Pick<Challenge, 'draw' | 'prizes'>) {
  const { t } = useTranslation('programs');
  return (
    <section className="program-section program-draw" aria-labelledby="program-draw-title">
      <h2 className="program-section__title" id="program-draw-title">
        {t('draw.title')}
      </h2>
      {draw.commitment === null ? (
        <p className="program-note">{t('draw.notCommitted')}</p>
      ) : (
        <>
          <p className="program-draw__text">{t('draw.committed')}</p>
          <HexValue label={t('draw.commitment')} value={draw.commitment} />
          {draw.committedAt !== null && <p className="program-draw__when">{t('draw.committedAt', { at: at(draw.committedAt) })}</p>}
          {draw.seed === null || draw.drawnAt === null || draw.entryNumbers === null || draw.winners === null ? (
            <p className="program-note">{t('draw.waiting')}</p>
          ) : (
            <DrawResult
              draw={{
                ...draw,
                commitment: draw.commitment,
                seed: draw.seed,
                drawnAt: draw.drawnAt,
                entryNumbers: draw.entryNumbers,
                winners: draw.winners,
              }}
              prizes={prizes}
            />
          )}
          <HowToCheck />
        </>
      )}
    </section>
  );
}

/** A long hex value, monospace and wrapping anywhere, so it fits at 375 px. */
function HexValue({ label, value }: { label: string; value: string }) {
  return (
    <div className="program-hex">
      <p className="program-hex__label">{label}</p>
      <code className="program-hex__value">{value}</code>
    </div>
  );
}

interface Drawn {
  commitment: string;
  seed: string;
  drawnAt: number;
  entryNumbers: number[];
  winners: { entryNumber: number; prizeIndex: number }[];
  myEntryNumber: number | null;
  won: string | null;
}

function DrawResult({ draw, prizes }: { draw: Drawn; prizes: Challenge['prizes'] }) {
  const { t } = useTranslation('programs');
  const locale = currentLocale();
  const [outcome, setOutcome] = useState<CheckOutcome>('idle');

  async function check() {
    const subtle = subtleCrypto();
    if (!subtle) return setOutcome('unavailable');
    setOutcome('checking');
    try {
      const result = await checkDraw(subtle, draw, prizes);
      setOutcome(!result.commitmentMatches ? 'commitmentFailed' : result.winnersMatch ? 'ok' : 'winnersFailed');
    } catch {
      setOutcome('unavailable');
    }
  }

  return (
    <>
      <p className="program-draw__when">{t('draw.drawnAt', { at: at(draw.drawnAt) })}</p>
      <HexValue label={t('draw.seed')} value={draw.seed} />
      <p className="program-draw__mine">
        {draw.myEntryNumber === null ? (
          t('draw.notInDraw')
        ) : (
          <>
            {t('draw.myEntry', { number: draw.myEntryNumber })} {draw.won ? t('draw.won', { prize: draw.won }) : t('draw.notWon')}
          </>
        )}
      </p>
      <h3 className="program-section__subtitle">{t('draw.winners')}</h3>
      <div className="program-table-scroll">
        <table className="program-table">
          <caption className="visually-hidden">{t('draw.winnersCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('draw.entryNumber')}</th>
              <th scope="col">{t('draw.prize')}</th>
            </tr>
          </thead>
          <tbody>
            {draw.winners.map((w) => (
              <tr key={w.entryNumber} className={w.entryNumber === draw.myEntryNumber ? 'program-table__mine' : undefined}>
                <th scope="row" className="program-draw__entry-number">
                  {w.entryNumber}
                </th>
                <td>{prizes[w.prizeIndex]?.name ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <details className="program-legend program-draw__entries">
        <summary>
          {t('draw.entries', { n: formatNumber(draw.entryNumbers.length, locale) })} {t('draw.showEntries')}
        </summary>
        <p className="program-draw__numbers">{draw.entryNumbers.join(', ')}</p>
      </details>
      <div className="program-draw__check">
        <button
          type="button"
          className="button button--outline"
          onClick={() => void check()}
          disabled={outcome === 'checking'}
          aria-busy={outcome === 'checking' || undefined}
        >
          {t(outcome === 'checking' ? 'draw.checking' : 'draw.check')}
        </button>
        <p role="status" className="program-draw__outcome">
          {outcome === 'ok' && <span className="form-success">{t('draw.checkOk')}</span>}
          {outcome === 'commitmentFailed' && <span className="form-error">{t('draw.checkCommitmentFailed')}</span>}
          {outcome === 'winnersFailed' && <span className="form-error">{t('draw.checkWinnersFailed')}</span>}
          {outcome === 'unavailable' && <span className="form-error">{t('draw.checkUnavailable')}</span>}
        </p>
      </div>
    </>
  );
}

function HowToCheck() {
  const { t } = useTranslation('programs');
  return (
    <div className="program-how">
      <h3 className="program-section__subtitle">{t('draw.howTitle')}</h3>
      <ol>
        <li>{t('draw.how1')}</li>
        <li>{t('draw.how2')}</li>
        <li>{t('draw.how3')}</li>
        <li>{t('draw.how4')}</li>
      </ol>
    </div>
  );
}
