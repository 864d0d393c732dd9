import { sanitizeMagazineHtml } from '../lib/sanitize.ts';
import { claimDueIssue, finishIssues, fixRecipients, insertIssue, markQueuedSentForSeed, scheduleIssue } from '../domains/magazine/data.ts';
import type { SeedContext } from './context.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const BY = 'editor@example.com';

/**
 * The mail magazine's demo (docs/requirements/magazine.md, decision 185): one issue sent a week ago to the tenants that
 * take it (the corporate demo tenant), through the same statements as the run (scheduled, started with its
 * recipients fixed, then every delivery counted as sent: the seed writes no outbox mail, so the local mailbox is not
 * filled with a copy per demo member), and one issue scheduled three days ahead.
 */
export async function seedMagazine(ctx: SeedContext): Promise<void> {
  const { db, now } = ctx;
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const sent = await insertIssue(
    db,
    {
      subjectJa: '【Hibi通信】冬の体調管理とウォーキングのすすめ',
      subjectEn: '[Hibi News] Staying well in winter, and a case for walking',
      bodyJa: sanitizeMagazineHtml(
        '<h2>寒い季節こそ、こまめに歩きましょう</h2><p>いつも Hibi をご利用いただきありがとうございます。冬は運動量が減りがちです。通勤のひと駅分を歩くだけでも、一日の歩数は大きく変わります。</p><ul><li>朝の光を浴びて体内時計を整える</li><li>温かい飲み物で水分補給</li><li>週末は少し遠くまで散歩</li></ul><p>今月のイベントは<a href="/events">イベント一覧</a>からご覧ください。</p>',
      ),
      bodyEn: sanitizeMagazineHtml(
        '<h2>Walk a little more in the cold season</h2><p>Thank you for using Hibi. We tend to move less in winter; walking one station of your commute already changes your daily steps a lot.</p><ul><li>Morning light sets your body clock</li><li>Warm drinks keep you hydrated</li><li>A longer walk at the weekend</li></ul><p>This month\'s events are on the <a href="/events">events page</a>.</p>',
      ),
    },
    BY,
    weekAgo,
  );
  await scheduleIssue(db, sent, weekAgo, BY, weekAgo);
  await claimDueIssue(db, weekAgo);
  await fixRecipients(db, sent, weekAgo);
  await markQueuedSentForSeed(db, sent, weekAgo);
  await finishIssues(db, weekAgo);

  const scheduled = await insertIssue(
    db,
    {
      subjectJa: '【Hibi通信】年末年始の睡眠リズム',
      subjectEn: '[Hibi News] Sleep over the year-end holidays',
      bodyJa: sanitizeMagazineHtml('<p>年末年始は生活リズムが乱れがちです。起きる時間だけでも揃えると、休み明けが楽になります。</p>'),
      bodyEn: sanitizeMagazineHtml('<p>Holidays upset our rhythm. Keeping just your wake-up time steady makes the return to work easier.</p>'),
    },
    BY,
    now,
  );
  await scheduleIssue(db, scheduled, new Date(now.getTime() + 3 * DAY_MS), BY, now);
}
