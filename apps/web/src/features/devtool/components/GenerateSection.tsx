import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { devtoolKeys } from '../api/keys.ts';
import { notifyHealthDataFixed } from '../api/notify-health-data-fixed.ts';
import { uploadHealthData } from '../api/upload-health-data.ts';
import { tokyoDay } from '../calc.ts';
import { useToolAction } from '../hooks/useToolAction.ts';
import { ToolResult, ToolSection } from './ToolSection.tsx';

/** How the app names itself when it uploads; the tool uploads as a device of its own. */
const DEVICE = { osType: 'web', osVersion: 'devtool', appVersion: 'devtool', source: 'devtool' };
/** Today and the 7 days before it. */
const GENERATED_DAYS = 8;

/** Random steps, weight and body fat for the last 8 days, uploaded as the app uploads them. */
export function GenerateSection() {
  const { t } = useTranslation('devtool');
  const queryClient = useQueryClient();
  const action = useToolAction();

  function generate() {
    void action.run(async () => {
      const base = 55 + Math.random() * 20;
      const healthData = Array.from({ length: GENERATED_DAYS }, (_, i) => ({
        dateTime: tokyoDay(GENERATED_DAYS - 1 - i),
        steps: Math.round(3000 + Math.random() * 11000),
        weight: Math.round((base + (Math.random() - 0.5)) * 10) / 10,
        bodyFatPercentage: Math.round((18 + Math.random() * 8) * 10) / 10,
      }));
      const up = await uploadHealthData({ healthData, ...DEVICE });
      if (!up.succeed) return action.failed(up);
      const fixed = await notifyHealthDataFixed(DEVICE);
      if (!fixed.succeed) return action.failed(fixed);
      void queryClient.invalidateQueries({ queryKey: devtoolKeys.all });
      return t('generate.done', { count: healthData.length });
    });
  }

  return (
    <ToolSection title={t('generate.heading')}>
      <p>{t('generate.text')}</p>
      <button type="button" className="button button--primary" onClick={generate} disabled={action.busy}>
        {t('generate.button')}
      </button>
      <ToolResult>{action.result}</ToolResult>
    </ToolSection>
  );
}
