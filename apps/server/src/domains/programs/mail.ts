// The winner's mail of a challenge's draw (kind programWin; docs/requirements/programs.md#programs-notices).
import type { Locale } from '@hibi/contract/protocol';
import { greetingName, renderLayout, type RenderedMail } from '../../mail/templates.ts';

const COPY = {
  ja: {
    subject: (program: string) => `【Hibi】${program} の抽選に当選しました`,
    greeting: (name: string) => `${name} さん`,
    lead: (program: string, prize: string) => [
      `${program} の抽選で「${prize}」に当選しました。おめでとうございます。`,
      '抽選の結果と確かめ方は、チャレンジのページで見られます。',
    ],
    button: 'チャレンジのページを開く',
    after: ['賞品のお受け取りについては、事務局からあらためてご連絡します。'],
  },
  en: {
    subject: (program: string) => `[Hibi] You won in the draw of ${program}`,
    greeting: (name: string) => `Hello ${name},`,
    lead: (program: string, prize: string) => [
      `Congratulations: you won "${prize}" in the draw of ${program}.`,
      "The challenge's page shows the result and how to check it.",
    ],
    button: 'Open the challenge',
    after: ['The office will contact you about your prize.'],
  },
} as const;

export function renderWinMail(locale: Locale, d: { nickname: string; program: string; prize: string; link: string }): RenderedMail {
  const c = COPY[locale];
  return renderLayout(locale, {
    subject: c.subject(d.program),
    greeting: c.greeting(greetingName(locale, d.nickname)),
    lead: [...c.lead(d.program, d.prize)],
    button: c.button,
    link: d.link,
    after: [...c.after],
  });
}
