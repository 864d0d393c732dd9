// The ledger's reasons in the member's language with their parameters (docs/requirements/points.md#points-ledger):
// the server renders them, like the push headings (push/messages.ts), so every client shows the same words.
import type { PointReason } from '@hibi/contract/functions/points';
import type { Locale } from '@hibi/contract/protocol';

export type LabelParams = Record<string, string | number | null>;
/** Names the label takes from other tables (the mission's title, read with the entry). */
export interface LabelNames {
  missionTitle?: { ja: string; en: string | null } | null;
  rewardName?: { ja: string; en: string | null } | null;
}

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const pick = (locale: Locale, n: { ja: string; en: string | null } | null | undefined) => (n ? (locale === 'en' ? (n.en ?? n.ja) : n.ja) : null);

type Render = (p: LabelParams, names: { mission: string | null; reward: string }) => string;

const LABELS: Record<Locale, Record<PointReason, Render>> = {
  ja: {
    mission: (p, n) => `ミッション達成: ${n.mission ?? `#${str(p.missionID)}`}`,
    stampCard: (p) => `スタンプカード ${str(p.card)} 枚目のボーナス`,
    quiz: (p) => `健康クイズ正解（${str(p.day)}）`,
    exchange: (_p, n) => `ポイント交換: ${n.reward}`,
    exchangeCancelled: (_p, n) => `ポイント交換の取り消し: ${n.reward}`,
    expired: (p) => `有効期限切れ（最終獲得日 ${str(p.lastAcquiredOn)}）`,
    voided: (p) => (p.cause === 'contractEnded' ? '失効（サービスの終了）' : '失効（利用停止）'),
    adjustment: (p) => `事務局による調整: ${str(p.note)}`,
  },
  en: {
    mission: (p, n) => `Mission: ${n.mission ?? `#${str(p.missionID)}`}`,
    stampCard: (p) => `Stamp card bonus (card ${str(p.card)})`,
    quiz: (p) => `Quiz: right answer (${str(p.day)})`,
    exchange: (_p, n) => `Exchange: ${n.reward}`,
    exchangeCancelled: (_p, n) => `Exchange cancelled: ${n.reward}`,
    expired: (p) => `Expired (last earned on ${str(p.lastAcquiredOn)})`,
    voided: (p) => (p.cause === 'contractEnded' ? 'Voided (the service ended)' : 'Voided (use suspended)'),
    adjustment: (p) => `Adjustment by the office: ${str(p.note)}`,
  },
};

export function reasonLabel(locale: Locale, reason: PointReason, params: LabelParams, names: LabelNames = {}): string {
  const reward = pick(locale, names.rewardName) ?? (params.rewardName ? str(params.rewardName) : null);
  return LABELS[locale][reason](params, { mission: pick(locale, names.missionTitle), reward: reward ?? `#${str(params.applicationID)}` });
}
