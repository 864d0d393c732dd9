import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { formatDate } from '../../../lib/format.ts';
import { enterMatch } from '../api/enter-match.ts';
import { useMatches } from '../api/get-matches.ts';
import { devtoolKeys } from '../api/keys.ts';
import { useToolAction } from '../hooks/useToolAction.ts';
import { ToolResult, ToolSection } from './ToolSection.tsx';

/** The individual matches, general and of the company, with a way to enter one. */
export function MatchesSection() {
  const { t } = useTranslation('devtool');
  const queryClient = useQueryClient();
  const matches = useMatches();
  const action = useToolAction();

  function join(matchId: number, isGeneral: boolean) {
    void action.run(async () => {
      const res = await enterMatch({ individualMatchID: matchId, isGeneral });
      if (!res.succeed) return action.failed(res);
      window.alert('registered');
      void queryClient.invalidateQueries({ queryKey: devtoolKeys.matches });
      return null;
    });
  }

  const list = matches.data?.individualMatches ?? [];
  return (
    <ToolSection title={t('matches.heading')}>
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
                <button type="button" className="button button--outline button--small" onClick={() => join(m.id, m.isGeneral)}>
                  {t('matches.join')}
                  <span className="visually-hidden">: {m.name}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ToolResult>{action.result}</ToolResult>
    </ToolSection>
  );
}
