import type { Locale } from '@hibi/contract/protocol';
import { TOKYO_OFFSET_MS } from '@hibi/contract/time';
import { formatPassCode } from '@hibi/contract/constants';
import { tokyoDaysUntil } from './rules.ts';
import { escapeHtml, greetingName, qrCodeMarker, renderLayout, type RenderedMail } from '../../mail/templates.ts';

/**
 * The events domain's mails: a booking's confirmation (decision 150), a seat from the waiting list, the reminders
 * before a reserved session, and a booking the office cancelled.
 */
export type EventMailKind = 'reservationConfirmed' | 'seatPromoted' | 'reminderDay' | 'reminderHour' | 'reservationCancelledByOffice';

export interface EventMailData {
  name: string | null;
  eventTitle: string;
  sessionTitle: string;
  startMs: number;
  endMs: number;
  place: string | null;
  /** The event's page. */
  link: string;
  /** The entry pass of the reservation (issue 33): its QR code (the token) and the short code typed at the door (decision 178). None for an online session. */
  pass?: { token: string; code: string } | null;
  /** An online session's join link (decision 178): only in the mails of the member who booked it. */
  joinUrl?: string | null;
  /** The day reminder's wording: when it goes out (Asia/Tokyo calendar days to the start, decision 178). */
  sentAtMs?: number;
}

const WEEKDAYS: Record<Locale, string[]> = {
  ja: ['日', '月', '火', '水', '木', '金', '土'],
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
};

/** "2026.11.24（火）19:00〜20:30" / "Tue 2026.11.24, 19:00–20:30 (Japan time)", always in Asia/Tokyo. */
export function sessionWhen(locale: Locale, startMs: number, endMs: number): string {
  const tokyo = (ms: number) => new Date(ms + TOKYO_OFFSET_MS);
  const s = tokyo(startMs);
  const e = tokyo(endMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = (d: Date) => `${d.getUTCFullYear()}.${pad(d.getUTCMonth() + 1)}.${pad(d.getUTCDate())}`;
  const time = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  const sameDay = day(s) === day(e);
  const wd = WEEKDAYS[locale][s.getUTCDay()]!;
  if (locale === 'ja') return `${day(s)}（${wd}）${time(s)}〜${sameDay ? '' : `${day(e)} `}${time(e)}`;
  return `${wd} ${day(s)}, ${time(s)}–${sameDay ? '' : `${day(e)} `}${time(e)} (Japan time)`;
}

const COPY = {
  ja: {
    reservationConfirmed: {
      subject: '【Hibi】イベントのご予約を承りました',
      lead: ['次のイベントのご予約が確定しました。'],
      after: ['ご都合が悪くなった場合は、開始前にイベントのページから予約をキャンセルしてください。'],
    },
    seatPromoted: {
      subject: '【Hibi】キャンセル待ちのお席をご用意しました',
      lead: ['キャンセルが出たため、キャンセル待ちをされていた次のイベントのご予約が確定しました。'],
      after: ['ご都合が悪くなった場合は、イベントのページから予約をキャンセルしてください。お席は次にお待ちの方にお譲りします。'],
    },
    reminderDay: {
      subject: '【Hibi】明日のイベントのお知らせ',
      lead: ['ご予約いただいている次のイベントは、明日開催です。'],
      after: ['参加できなくなった場合は、開始前にイベントのページから予約をキャンセルしてください。'],
    },
    reminderHour: {
      subject: '【Hibi】まもなくイベントが始まります',
      lead: ['ご予約いただいている次のイベントが、1時間以内に始まります。'],
      after: ['参加できなくなった場合は、開始前にイベントのページから予約をキャンセルしてください。'],
    },
    reservationCancelledByOffice: {
      subject: '【Hibi】イベントのご予約を取り消しました',
      lead: ['事務局にて、次のイベントのご予約を取り消しました。'],
      after: ['お心当たりのない場合や、あらためて参加をご希望の場合は、イベントのページからご予約いただくか、事務局までお問い合わせください。'],
    },
    button: 'イベントのページを開く',
    greeting: (n: string) => `${n} 様`,
    labels: { event: 'イベント', session: '日程', when: '日時', place: '場所' },
    pass: ['入場パス：会場の受付でこのQRコードをお見せください。読み取れないときは次のコードをお伝えください。', 'パスのコード'],
    join: 'オンラインでの参加はこちらのリンクから（ご予約の方のみ。他の方と共有しないでください）',
    /** The day reminder when it goes out on the day itself or earlier than the day before (decision 178). */
    dayWording: (days: number) =>
      days <= 0
        ? { subject: '【Hibi】本日のイベントのお知らせ', lead: 'ご予約いただいている次のイベントは、本日開催です。' }
        : days === 1
          ? null
          : { subject: `【Hibi】${days}日後のイベントのお知らせ`, lead: `ご予約いただいている次のイベントは、${days}日後に開催です。` },
    settings: 'リマインダーの受け取りは、マイページのプロフィールの「設定」で変更できます。',
  },
  en: {
    reservationConfirmed: {
      subject: '[Hibi] Your event booking is confirmed',
      lead: ['Your booking of this event is confirmed:'],
      after: ['If you cannot come after all, please cancel on the event page before it starts.'],
    },
    seatPromoted: {
      subject: '[Hibi] A seat is yours: your waiting-list booking is confirmed',
      lead: ['Someone cancelled, so your place on the waiting list became a booking for this event:'],
      after: ['If you cannot come after all, please cancel on the event page; the seat goes to the next person waiting.'],
    },
    reminderDay: {
      subject: '[Hibi] Your event is tomorrow',
      lead: ['A reminder: the event you booked is tomorrow.'],
      after: ['If you cannot come, please cancel on the event page before it starts.'],
    },
    reminderHour: {
      subject: '[Hibi] Your event starts within the hour',
      lead: ['A reminder: the event you booked starts within the hour.'],
      after: ['If you cannot come, please cancel on the event page before it starts.'],
    },
    reservationCancelledByOffice: {
      subject: '[Hibi] Your event booking has been cancelled',
      lead: ['The office has cancelled your booking of this event:'],
      after: ['If this is unexpected, or you would like to come after all, please book again on the event page or contact the office.'],
    },
    button: 'Open the event page',
    greeting: (n: string) => `Dear ${n},`,
    labels: { event: 'Event', session: 'Session', when: 'When', place: 'Place' },
    pass: ['Entry pass: show this QR code at the reception. If it cannot be scanned, read out the code below.', 'Pass code'],
    join: 'Join online with this link (for you as a booked member; please do not share it)',
    dayWording: (days: number) =>
      days <= 0
        ? { subject: '[Hibi] Your event is today', lead: 'A reminder: the event you booked is today.' }
        : days === 1
          ? null
          : { subject: `[Hibi] Your event is in ${days} days`, lead: `A reminder: the event you booked is in ${days} days.` },
    settings: 'You can change which reminders you receive under Settings on your profile page.',
  },
} as const;

export function renderEventMail(kind: EventMailKind, locale: Locale, d: EventMailData): RenderedMail {
  const c = COPY[locale];
  const k = c[kind];
  const facts = [
    `${c.labels.event}: ${d.eventTitle}`,
    ...(d.sessionTitle && d.sessionTitle !== d.eventTitle ? [`${c.labels.session}: ${d.sessionTitle}`] : []),
    `${c.labels.when}: ${sessionWhen(locale, d.startMs, d.endMs)}`,
    ...(d.place ? [`${c.labels.place}: ${d.place}`] : []),
  ];
  // The day reminder says what the Tokyo calendar says: today, tomorrow or in n days (decision 178).
  const wording = kind === 'reminderDay' && d.sentAtMs !== undefined ? c.dayWording(tokyoDaysUntil(d.sentAtMs, d.startMs)) : null;
  const join = kind !== 'reservationCancelledByOffice' && d.joinUrl ? joinBlock(d.joinUrl, c.join) : null;
  const pass = d.pass ? passBlock(d.pass, c.pass) : null;
  const extra = [join, pass].filter((b) => b !== null);
  return renderLayout(locale, {
    subject: wording?.subject ?? k.subject,
    greeting: c.greeting(greetingName(locale, d.name)),
    lead: [...(wording ? [wording.lead] : k.lead), ...facts],
    ...(extra.length > 0 ? { extra: { text: extra.flatMap((b) => b.text), html: extra.map((b) => b.html).join('\n') } } : {}),
    button: c.button,
    link: d.link,
    // Only the reminders are a setting; a booking's own mails always go.
    after: kind === 'reminderDay' || kind === 'reminderHour' ? [...k.after, c.settings] : [...k.after],
  });
}

/**
 * The entry pass in a mail (issue 33): the QR code drawn as a table of black runs on white, which every mail client
 * shows (many block images and data: URLs), and the code beneath for typing or reading out. The outbox keeps a marker
 * where the code's rows go, and the sender draws them as it sends (`qrCodeMarker`, decision 150): a booking's mail is
 * written by the reservation's statement, which then carries 2 kB a mail instead of 38 kB, and renders no QR code.
 */
function passBlock(pass: { token: string; code: string }, copy: readonly [string, string]): { text: string[]; html: string } {
  const token = pass.token;
  const code = formatPassCode(pass.code);
  const html = `<div style="margin:24px 0;text-align:center">
<p style="margin:0 0 12px">${escapeHtml(copy[0])}</p>
<table role="img" aria-label="${escapeHtml(code)}" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 auto;background:#ffffff">${qrCodeMarker(token)}</table>
<p style="margin:12px 0 0;font-size:13px;color:#56646a">${escapeHtml(copy[1])}</p>
<p style="margin:0;font-family:monospace;font-size:20px;font-weight:bold;letter-spacing:1px">${escapeHtml(code)}</p>
</div>`;
  return { text: [copy[0], `${copy[1]}: ${code}`], html };
}

/** An online session's join link (decision 178): a line in the text mail, a link in the HTML one. */
function joinBlock(url: string, label: string): { text: string[]; html: string } {
  const html = `<div style="margin:24px 0">
<p style="margin:0 0 8px">${escapeHtml(label)}</p>
<p style="margin:0;word-break:break-all;font-size:17px"><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
</div>`;
  return { text: [`${label}:`, url, ''], html };
}
