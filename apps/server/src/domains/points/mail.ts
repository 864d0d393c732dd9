// The expiry notice's mail (kind pointsExpiring; docs/requirements/points.md#points-expiry): 30 and 7 days before.
import type { Locale } from '@hibi/contract/protocol';
import { greetingName, renderLayout, type RenderedMail } from '../../mail/templates.ts';

const COPY = {
  ja: {
    subject: (days: number) => `【Hibi】ポイントの有効期限まであと${days}日です`,
    greeting: (name: string) => `${name} さん`,
    lead: (points: string, on: string) => [
      `お持ちの ${points} ポイントは ${on} に有効期限を迎え、すべて失効します。`,
      'ミッションの達成や健康クイズの正解でポイントを獲得すると、有効期限は獲得日から3年後に延びます。ポイントは景品と交換することもできます。',
    ],
    button: 'ポイントのページを開く',
    after: ['このメールは有効期限の30日前と7日前にお送りしています。'],
  },
  en: {
    subject: (days: number) => `[Hibi] Your points expire in ${days} days`,
    greeting: (name: string) => `Hello ${name},`,
    lead: (points: string, on: string) => [
      `Your ${points} points expire on ${on}, all of them.`,
      'Earning points (a mission completed, a right quiz answer) moves the expiry to 3 years after that day. You can also exchange your points for a reward.',
    ],
    button: 'Open your points',
    after: ['We send this mail 30 and 7 days before your points expire.'],
  },
} as const;

export function renderExpiringMail(
  locale: Locale,
  d: { nickname: string; balance: number; expiresOn: string; days: number; link: string },
): RenderedMail {
  const c = COPY[locale];
  return renderLayout(locale, {
    subject: c.subject(d.days),
    greeting: c.greeting(greetingName(locale, d.nickname)),
    lead: [...c.lead(d.balance.toLocaleString(locale === 'en' ? 'en-US' : 'ja-JP'), d.expiresOn)],
    button: c.button,
    link: d.link,
    after: [...c.after],
  });
}
