import { useState } from 'react';
import type { ConsoleIndividualMatch } from '@hibi/contract/console/programs';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { FormError, StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { callErrorText, failureText } from '../../../lib/forms.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { localized } from '../../../lib/localized.ts';
import { useCommitDraw, useRunDraw } from '../api/draw.ts';
import { programErrorTexts } from './errors.ts';
import { formatCount } from './values.ts';

/**
 * A challenge's verifiable draw (docs/requirements/programs.md#programs-draw), said in plain words: step 1 commits (the
 * seed's sha256 published before anything is known), step 2 runs the draw once the results are final (the button
 * says why it waits until then) and shows the seed, the published entry numbers and the winners. Owners and editors
 * act, each step confirmed; support reads.
 */
export function DrawPanel({ match, canEdit }: { match: ConsoleIndividualMatch; canEdit: boolean }) {
  const { t } = useTranslation('consolePrograms');
  const commit = useCommitDraw();
  const run = useRunDraw();
  const [confirming, setConfirming] = useState<'commit' | 'run' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<StatusText | null>(null);
  const id = match.individualMatchID;
  const committed = match.commitment !== null;
  const drawn = match.drawnAt !== null;
  const final = match.status === 'final';
  const waitReason = !committed ? t('draw.needsCommit') : !final ? t('draw.needsFinal', { day: match.finalFrom }) : null;
  const texts = programErrorTexts(t);

  const start = (step: 'commit' | 'run') => {
    setError(null);
    setStatus(null);
    setConfirming(step);
  };
  const failed = (thrown: unknown) => {
    setConfirming(null);
    setError(callErrorText(thrown, texts));
  };
  const doCommit = () =>
    commit.mutate(id, {
      onSuccess: (answer) => {
        setConfirming(null);
        if (!answer.succeed) return setError(failureText(answer, texts));
        setStatus({ text: t('draw.committed'), error: false });
      },
      onError: failed,
    });
  const doRun = () =>
    run.mutate(id, {
      onSuccess: (answer) => {
        setConfirming(null);
        if (!answer.succeed) return setError(failureText(answer, texts));
        setStatus({ text: t('draw.drawn', { count: answer.winners.length, entries: answer.entries }), error: false });
      },
      onError: failed,
    });

  return (
    <section className="programs-panel" aria-labelledby="programs-draw">
      <h2 id="programs-draw">{t('draw.title')}</h2>
      <p>{t('draw.explain')}</p>
      <p className="console-muted">{t('draw.explainCommit')}</p>
      <p className="console-muted">{t('draw.explainRun')}</p>
      <p>
        <strong>{final ? t('draw.eligibleFinal', { count: match.eligible }) : t('draw.eligibleProvisional', { count: match.eligible })}</strong>
      </p>
      <FormError>{error}</FormError>
      <StatusMessage message={status} />

      <h3>{t('draw.step1')}</h3>
      {committed ? (
        <>
          {match.committedAt !== null && <p>{t('draw.committedAt', { at: formatDateTime(match.committedAt) })}</p>}
          <dl className="console-facts">
            <dt>{t('draw.commitment')}</dt>
            <dd>
              <code className="programs-hash">{match.commitment}</code>
            </dd>
          </dl>
        </>
      ) : (
        <>
          <p>{t('draw.notCommitted')}</p>
          {canEdit && (
            <div className="console-actions">
              <button
                type="button"
                className="button button--primary"
                disabled={commit.isPending}
                aria-busy={commit.isPending || undefined}
                onClick={() => start('commit')}
              >
                {t('draw.commit')}
              </button>
            </div>
          )}
        </>
      )}

      <h3>{t('draw.step2')}</h3>
      {drawn ? (
        <DrawResult match={match} />
      ) : (
        <>
          <p>{t('draw.notDrawn')}</p>
          {waitReason && <p id="programs-draw-wait">{waitReason}</p>}
          {canEdit && (
            <div className="console-actions">
              <button
                type="button"
                className="button button--primary"
                disabled={waitReason !== null || run.isPending}
                aria-busy={run.isPending || undefined}
                aria-describedby={waitReason ? 'programs-draw-wait' : undefined}
                onClick={() => start('run')}
              >
                {t('draw.run')}
              </button>
            </div>
          )}
        </>
      )}

      <ConfirmDialog
        open={confirming === 'commit'}
        title={t('draw.commitTitle')}
        confirmLabel={t('draw.commit')}
        cancelLabel={t('draw.cancel')}
        tone="primary"
        busy={commit.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={doCommit}
      >
        <p>{t('draw.commitText')}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'run'}
        title={t('draw.runTitle')}
        confirmLabel={t('draw.run')}
        cancelLabel={t('draw.cancel')}
        busy={run.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={doRun}
      >
        <p>{t('draw.runText')}</p>
      </ConfirmDialog>
    </section>
  );
}

/** The draw as published: when, the seed, the entry numbers (folded), the winners by prize. */
function DrawResult({ match }: { match: ConsoleIndividualMatch }) {
  const { t } = useTranslation('consolePrograms');
  const entries = match.entryNumbers ?? [];
  const winners = match.winners ?? [];
  const prizeName = (index: number) => {
    const prize = match.prizes[index];
    return prize ? localized(prize.name) : t('round.none');
  };
  return (
    <>
      {match.drawnAt !== null && <p>{t('draw.drawnAt', { at: formatDateTime(match.drawnAt) })}</p>}
      <dl className="console-facts">
        <dt>{t('draw.seed')}</dt>
        <dd>
          <code className="programs-hash">{match.seed}</code>
        </dd>
        <dt>{t('draw.entries')}</dt>
        <dd>{formatCount(entries.length)}</dd>
      </dl>
      <details className="programs-entries">
        <summary>{t('draw.entryNumbers', { count: entries.length })}</summary>
        <p className="programs-entries__list">{entries.join(', ')}</p>
      </details>
      <h3>{t('draw.winners')}</h3>
      {winners.length === 0 ? (
        <p className="empty-state">{t('draw.noWinners')}</p>
      ) : (
        <div className="console-table-wrap" role="region" aria-label={t('draw.winners')} tabIndex={0}>
          <table className="console-table programs-table">
            <caption className="visually-hidden">{t('draw.winners')}</caption>
            <thead>
              <tr>
                <th scope="col" className="programs-number">
                  {t('draw.entryNumber')}
                </th>
                <th scope="col">{t('draw.prize')}</th>
                <th scope="col">{t('draw.nickname')}</th>
                <th scope="col">{t('draw.tenant')}</th>
              </tr>
            </thead>
            <tbody>
              {winners.map((winner) => (
                <tr key={winner.entryNumber}>
                  <th scope="row" className="programs-number">
                    {winner.entryNumber}
                  </th>
                  <td>{prizeName(winner.prizeIndex)}</td>
                  <td className="console-break">{winner.nickname}</td>
                  <td>{winner.tenantName}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
