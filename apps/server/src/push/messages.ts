import type { PushKind } from '@hibi/contract/constants';
import type { Locale } from '@hibi/contract/protocol';

/**
 * What a notification says, in the member's language (the service worker shows it as it comes). The heading names the
 * kind; the body is the item's own title (the member's event, an announcement or a survey they may read): nothing
 * else about the member goes into a payload (decision 153).
 */
export type PushHeading = PushKind | 'eventReminderHour';

const HEADINGS: Record<Locale, Record<PushHeading, string>> = {
  ja: {
    waitingListSeat: 'キャンセル待ちの席が確保されました',
    eventReminder: '明日は予約したイベントの日です',
    eventReminderHour: '予約したイベントがまもなく始まります',
    importantAnnouncement: '重要なお知らせ',
    newSurvey: '新しいアンケートが届きました',
    teamFormed: 'チームが決まりました',
    programResult: '結果が確定しました',
    syncReminder: '歩数の同期をお忘れなく',
    pointsExpiring: 'ポイントの有効期限が近づいています',
  },
  en: {
    waitingListSeat: 'A seat from the waiting list is yours',
    eventReminder: 'Your event is tomorrow',
    eventReminderHour: 'Your event starts within the hour',
    importantAnnouncement: 'Important announcement',
    newSurvey: 'A new survey for you',
    teamFormed: 'Your team is ready',
    programResult: 'The results are final',
    syncReminder: 'Sync your steps before it is too late',
    pointsExpiring: 'Your points expire soon',
  },
};

/** The JSON a push message carries, read by the service worker (apps/web/src/sw/push.ts). */
export interface PushPayload {
  v: 1;
  kind: PushKind;
  lang: Locale;
  title: string;
  body: string;
  /** A path of the app: the event, announcement or survey the notification opens. */
  url: string;
  /** Notifications with one tag replace each other (a repeated delivery shows once). */
  tag: string;
}

/** Longest item title a payload carries (the whole payload stays far below the 4 KB push services take). */
const BODY_MAX = 200;

export function pushPayload(heading: PushHeading, kind: PushKind, locale: Locale, itemTitle: string, url: string, tag: string): PushPayload {
  const chars = [...itemTitle];
  const body = chars.length > BODY_MAX ? `${chars.slice(0, BODY_MAX - 1).join('')}…` : itemTitle;
  return { v: 1, kind, lang: locale, title: HEADINGS[locale][heading], body, url, tag };
}
