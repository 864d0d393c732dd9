import { useState } from 'react';
import type { ConsoleTeamMatch } from '@hibi/contract/console/programs';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { FormError, StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { callErrorText, failureText } from '../../../lib/forms.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useFormTeams } from '../api/form-teams.ts';
import { programErrorTexts } from './errors.ts';

/**
 * Teams can be formed (again) until the round starts (formTeams: alreadyStarted after): while entry is open, or before
 * the start once there are entrants (an "upcoming" round has none before its entry window).
 */
const formableNow = (round: ConsoleTeamMatch) => round.status === 'entryOpen' || (round.status === 'upcoming' && round.entrants > 0);

/**
 * A round's formation (docs/requirements/programs.md#programs-team-walk): whether and when its teams were formed and
 * from which seed; owners and editors form them now (confirmed), again from a new seed before the start. The answer's
 * teams, entrants, leagues and seed show at once; tooFewEntrants and alreadyStarted in words.
 */
export function FormTeamsPanel({ round, canEdit }: { round: ConsoleTeamMatch; canEdit: boolean }) {
  const { t } = useTranslation('consolePrograms');
  const formTeams = useFormTeams();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<StatusText | null>(null);
  const [seed, setSeed] = useState<string | null>(null);
  const formed = round.formedAt !== null;
  const formable = formableNow(round);

  const run = () =>
    formTeams.mutate(round.teamMatchID, {
      onSuccess: (answer) => {
        setConfirming(false);
        if (!answer.succeed) return setError(failureText(answer, programErrorTexts(t)));
        setError(null);
        setSeed(answer.seed);
        setStatus({ text: t('formation.done', { teams: answer.teams, entrants: answer.entrants, leagues: answer.leagues }), error: false });
      },
      onError: (thrown) => {
        setConfirming(false);
        setError(callErrorText(thrown, programErrorTexts(t)));
      },
    });

  return (
    <section className="programs-panel" aria-labelledby="programs-formation">
      <h2 id="programs-formation">{t('formation.title')}</h2>
      <p className="console-muted">{t('formation.explain')}</p>
      <p>
        {formed && round.formedAt !== null
          ? t('formation.formedAt', { at: formatDateTime(round.formedAt), teams: round.teams, leagues: round.leagues.length })
          : t('formation.notFormed')}
      </p>
      {round.formationSeed && (
        <>
          <h3>{t('round.seed')}</h3>
          <code className="programs-hash">{round.formationSeed}</code>
        </>
      )}
      <FormError>{error}</FormError>
      <StatusMessage message={status} />
      {seed && seed !== round.formationSeed && <code className="programs-hash">{seed}</code>}
      {canEdit &&
        (formable ? (
          <div className="console-actions">
            <button
              type="button"
              className="button button--primary"
              disabled={formTeams.isPending}
              aria-busy={formTeams.isPending || undefined}
              onClick={() => {
                setStatus(null);
                setConfirming(true);
              }}
            >
              {formed ? t('formation.reform') : t('formation.form')}
            </button>
          </div>
        ) : (
          round.status !== 'upcoming' && <p className="console-muted">{t('formation.started')}</p>
        ))}
      <ConfirmDialog
        open={confirming}
        title={t('formation.confirmTitle')}
        confirmLabel={t('formation.confirm')}
        cancelLabel={t('formation.cancel')}
        tone="primary"
        busy={formTeams.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={run}
      >
        <p>{formed ? t('formation.confirmReformText') : t('formation.confirmText', { entrants: round.entrants })}</p>
      </ConfirmDialog>
    </section>
  );
}
