// The export of a member's own data (issue 20, item 1; decision 104): profile, steps, health logs, weights,
// reservations, survey answers and friends as JSON and CSV files in one zip, streamed page by page. Each domain reads
// its own tables (the *ForExport readers of its service); this module puts them in files and records the export.
import { PassThrough, type Readable } from 'node:stream';
import type { Locale } from '@hibi/contract/protocol';
import type { Db } from '../../db/client.ts';
import { exportZip, type Cell, type ExportRecord, type ExportTable } from '../../lib/export-zip.ts';
import { logsForExport, stepsForExport } from '../health/service.ts';
import { reservationsForExport } from '../events/service.ts';
import { answersForExport } from '../surveys/service.ts';
import * as data from './data/export.ts';

/** Rows read per query: the most the export holds in memory at once, per file. */
export const EXPORT_PAGE_ROWS = 1000;

const iso = (ms: number | string | null | undefined): string | null => (ms == null ? null : new Date(Number(ms)).toISOString());
const json = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value ?? null));

/** Pages of one reader mapped to records. */
async function* mapped<T>(pages: AsyncIterable<T[]>, toRecord: (row: T) => ExportRecord): AsyncGenerator<ExportRecord[]> {
  for await (const page of pages) yield page.map(toRecord);
}

const README = `Hibi — your data / あなたのデータ

Each table is here twice: as JSON (an array of objects) and as CSV (UTF-8 with a byte order mark, one header row).
それぞれの表を JSON（オブジェクトの配列）と CSV（UTF-8、BOM 付き、1 行目が見出し）で収めています。

profile         your account / アカウント情報
steps           daily steps / 毎日の歩数
health-logs     daily lifestyle answers and notes / 生活習慣の記録とメモ
weights         weight and body fat by day / 体重と体脂肪率
reservations    event reservations, cancelled ones too / イベントの予約（キャンセルを含む）
survey-answers  your survey answers / アンケートの回答
friends         friends and friend requests / 友達と友達申請

Times are UTC (ISO 8601); days are Asia/Tokyo dates. 時刻は UTC（ISO 8601）、日付は日本時間の日付です。
`;

function tables(db: Db, userId: number, locale: Locale): ExportTable[] {
  const n = EXPORT_PAGE_ROWS;
  return [
    {
      name: 'profile',
      columns: [
        'userID',
        'email',
        'loginID',
        'nickname',
        'userName',
        'userPhonetic',
        'comment',
        'attribution1',
        'company',
        'birthYear',
        'heightCm',
        'gender',
        'targetWeight',
        'locale',
        'emailDistribution',
        'accessUserSteps',
        'accessTeamMatches',
        'showInRankings',
        'reminderDayBefore',
        'reminderHourBefore',
        'profileImageUrl',
        'backgroundImageUrl',
        'createdAt',
        'lastLoginAt',
      ],
      pages: async function* () {
        const r = await data.profileExportRow(db, userId);
        if (!r) return;
        const cell = (v: unknown): Cell => (v === undefined ? null : (v as Cell));
        yield [
          {
            userID: cell(r.user_id),
            email: cell(r.email),
            loginID: cell(r.login_id),
            nickname: cell(r.nickname),
            userName: cell(r.user_name),
            userPhonetic: cell(r.user_phonetic),
            comment: cell(r.comment),
            attribution1: cell(r.attribution1),
            company: cell(r.company),
            birthYear: cell(r.birth_year),
            heightCm: r.height_tenths == null ? null : Number(r.height_tenths) / 10,
            gender: cell(r.gender),
            targetWeight: r.target_weight == null ? null : Number(r.target_weight),
            locale: cell(r.locale),
            emailDistribution: cell(r.email_distribution),
            accessUserSteps: cell(r.access_user_steps),
            accessTeamMatches: cell(r.access_team_matches),
            showInRankings: cell(r.show_in_rankings),
            reminderDayBefore: cell(r.reminder_day_before),
            reminderHourBefore: cell(r.reminder_hour_before),
            profileImageUrl: cell(r.profile_image_url),
            backgroundImageUrl: cell(r.background_image_url),
            createdAt: iso(r.created_ms as number),
            lastLoginAt: iso(r.last_login_ms as number | null),
          },
        ];
      },
    },
    {
      name: 'steps',
      columns: ['day', 'steps'],
      pages: () => mapped(stepsForExport(db, userId, n), (r) => ({ day: r.day, steps: r.steps })),
    },
    {
      name: 'health-logs',
      columns: ['day', 'exercise', 'breakfast', 'nightMeal', 'overeating', 'overdrinking', 'sleepness', 'feeling', 'note'],
      pages: () =>
        mapped(logsForExport(db, userId, n), (r) => ({
          day: r.day,
          exercise: r.exercise,
          breakfast: r.breakfast,
          nightMeal: r.night_meal,
          overeating: r.overeating,
          overdrinking: r.overdrinking,
          sleepness: r.sleepness,
          feeling: r.feeling,
          note: r.note,
        })),
    },
    {
      name: 'weights',
      columns: ['day', 'weight', 'bodyFatPercentage'],
      pages: async function* () {
        for await (const page of logsForExport(db, userId, n)) {
          const weights = page.filter((r) => r.weight !== null || r.body_fat !== null);
          if (weights.length) yield weights.map((r) => ({ day: r.day, weight: r.weight, bodyFatPercentage: r.body_fat }));
        }
      },
    },
    {
      name: 'reservations',
      columns: ['reservationID', 'eventID', 'event', 'session', 'startAt', 'endAt', 'reservedAt', 'cancelledAt', 'answers'],
      pages: () =>
        mapped(reservationsForExport(db, userId, locale, n), (r) => ({
          reservationID: r.id,
          eventID: r.event_id,
          event: r.event_title,
          session: r.session_title,
          startAt: iso(r.start_ms),
          endAt: iso(r.end_ms),
          reservedAt: iso(r.reserved_ms),
          cancelledAt: iso(r.cancelled_ms),
          answers: json(r.answers),
        })),
    },
    {
      name: 'survey-answers',
      columns: ['surveyID', 'survey', 'answeredAt', 'locale', 'answers'],
      pages: () =>
        mapped(answersForExport(db, userId, locale, n), (r) => ({
          surveyID: r.questionnaire_id,
          survey: r.title,
          answeredAt: iso(r.answered_ms),
          locale: r.locale,
          answers: json(r.body),
        })),
    },
    {
      name: 'friends',
      columns: ['friendshipID', 'userID', 'nickname', 'status', 'since', 'friendsSince'],
      pages: async function* () {
        for (let after = 0; ;) {
          const page = await data.friendsExportPage(db, userId, after, n);
          if (page.length)
            yield page.map((r) => ({
              friendshipID: r.id,
              userID: r.user_id,
              nickname: r.nickname,
              status: r.status === 'accepted' ? 'friends' : r.requested_by_me ? 'requestSent' : 'requestReceived',
              since: iso(r.created_ms),
              friendsSince: iso(r.accepted_ms),
            }));
          if (page.length < n) return;
          after = page.at(-1)!.id;
        }
      },
    },
  ];
}

/**
 * A member's data as a zip stream, recorded in data_exports: a row when it starts, marked done with its size when the
 * last byte has been produced, or failed when reading broke off (the stream is then destroyed, so the download fails
 * visibly instead of ending in a partial zip).
 */
export async function exportOwnData(db: Db, userId: number, locale: Locale, now: () => Date): Promise<{ body: Readable; fileName: string }> {
  const started = now();
  const id = await data.insertDataExport(db, userId, started);
  const day = started.toISOString().slice(0, 10);
  const folder = `hibi-data-${day}`;
  const zip = exportZip(folder, README, tables(db, userId, locale));
  const counted = new PassThrough();
  let bytes = 0;
  let settled = false;
  const settle = (status: 'done' | 'failed') => {
    if (settled) return;
    settled = true;
    data.finishDataExport(db, id, status, bytes, now()).catch(() => {});
  };
  zip.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  zip.on('end', () => settle('done'));
  zip.on('error', (error) => {
    settle('failed');
    counted.destroy(error);
  });
  counted.on('close', () => {
    if (!zip.readableEnded) {
      settle('failed');
      zip.destroy();
    }
  });
  zip.pipe(counted);
  return { body: counted, fileName: `${folder}.zip` };
}
