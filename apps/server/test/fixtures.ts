// Fixture builders: a test makes the tenants, members, events, articles and surveys its outcome depends on, through
// the domains' data modules (the same writes the seed and the operator console use), instead of relying on demo-seed
// titles or demo user numbers. Each builder gives unique names, so tests sharing a database do not meet.
import type { Db } from '../src/db/client.ts';
import { insertTenant, insertUser, type NewTenant, type NewUser } from '../src/domains/auth/data.ts';
import { createSession, getTermsVersion } from '../src/domains/auth/service.ts';
import { insertEvent, setBookingWindow } from '../src/domains/events/data/console-events.ts';
import { insertAnnouncement, insertReportArticle, type NewAnnouncement, type NewReportArticle } from '../src/domains/content/data/console.ts';
import { insertSurvey, type NewSurvey, type NewSurveyItem } from '../src/domains/surveys/data.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { LITE_PLAN_CONTRACT_TYPE } from '@hibi/contract/constants';

const HOUR = 3600_000;
let serial = 0;
/** A name no other fixture of this process has. */
export const unique = (prefix: string) => `${prefix}-${process.pid}-${++serial}`;

/* ------------------------------------------------------------------ tenants and members */

/** A tenant of its own (a corporate contract with team matches and mail by default). */
export async function createTenant(db: Db, overrides: Partial<NewTenant> = {}): Promise<number> {
  return insertTenant(db, {
    nameJa: unique('テスト株式会社'),
    contractType: 1,
    corporateContract: true,
    teamMatchEnabled: true,
    emailDistributionEnabled: true,
    ...overrides,
  });
}

export interface MemberFixture {
  id: number;
  tenantId: number;
  email: string;
  /** A bearer token of a session of the member's own (no sign-in call, no rate limit spent). */
  token: string;
}

/** A lite-plan tenant (no corporate contract, no team matches, no mail distribution). */
export async function createLiteTenant(db: Db): Promise<number> {
  return createTenant(db, {
    contractType: LITE_PLAN_CONTRACT_TYPE,
    corporateContract: false,
    teamMatchEnabled: false,
    emailDistributionEnabled: false,
  });
}

/**
 * A member of a tenant (a new corporate tenant unless `tenantId` is given) who accepted the current terms, with a
 * session. A password only when `password` is given (argon2id is slow on purpose).
 */
export async function createMember(db: Db, opts: Partial<NewUser> & { now?: Date; password?: string } = {}): Promise<MemberFixture> {
  const { now = new Date(), password, ...overrides } = opts;
  const tenantId = overrides.tenantId ?? (await createTenant(db));
  if (password !== undefined) overrides.passwordHash = await hashPassword(password);
  const email = overrides.email ?? `${unique('member')}@fixture.example`;
  const id = await insertUser(db, {
    nickname: unique('メンバー'),
    acceptedTermsVersion: await getTermsVersion(db),
    locale: 'ja',
    ...overrides,
    tenantId,
    email,
  });
  const { token } = await createSession(db, id, now);
  return { id, tenantId, email: email.toLowerCase(), token };
}

/* ------------------------------------------------------------------ events */

export interface SessionFixture {
  capacity: number | null;
  /** Start, from now, in hours. */
  startsIn: number;
  /** Length in hours (1 by default). */
  hours?: number;
  /** Booking window, from now, in hours (open a day ago and until the start by default). */
  opensIn?: number;
  closesIn?: number;
  /** Held online (providingType 2), with this join link (decision 178). */
  online?: boolean;
  url?: string | null;
}

/** An event of its own for a test (not from the demo seed), with sessions and optionally one required question. */
export async function createEvent(
  db: Db,
  opts: { title: string; sessions: SessionFixture[]; requiredQuestion?: boolean; place?: string; now?: number },
): Promise<{ eventId: number; sessionIds: number[] }> {
  const now = opts.now ?? Date.now();
  const starts = opts.sessions.map((s) => now + s.startsIn * HOUR);
  const ends = opts.sessions.map((s, i) => starts[i]! + (s.hours ?? 1) * HOUR);
  return insertEvent(
    db,
    {
      titleJa: `${opts.title}（日本語）`,
      titleEn: opts.title,
      startAt: new Date(Math.min(...starts)),
      endAt: new Date(Math.max(...ends)),
      placeJa: opts.place ?? '日比谷',
      placeEn: opts.place ?? 'Hibiya',
      publishedAt: new Date(Math.min(now, Date.now()) - 48 * HOUR),
      ...(opts.sessions.length > 0 && opts.sessions.every((s) => s.online) ? { providingType: 2 } : {}),
    },
    opts.sessions.map((s, i) => ({
      titleJa: `回${i + 1}`,
      titleEn: `Session ${i + 1}`,
      reservationType: 1,
      startAt: new Date(starts[i]!),
      endAt: new Date(ends[i]!),
      capacity: s.capacity,
      reservationStartAt: new Date(now + (s.opensIn ?? -24) * HOUR),
      reservationEndAt: new Date(now + (s.closesIn ?? s.startsIn) * HOUR),
      sort: i,
      ...(s.online ? { providingType: 2 } : {}),
      ...(s.url !== undefined ? { url: s.url } : {}),
    })),
    opts.requiredQuestion
      ? [{ questionnaireIndex: 1, type: 'text', questionJa: '参加の目的', questionEn: 'Why are you coming?', required: true }]
      : [],
  );
}

/** Moves a booking window (hours from now), e.g. to close it. */
export async function setWindow(db: Db, sessionId: number, opensIn: number, closesIn: number, now = Date.now()): Promise<void> {
  await setBookingWindow(db, sessionId, new Date(now + opensIn * HOUR), new Date(now + closesIn * HOUR));
}

/* ------------------------------------------------------------------ content and surveys */

/** A published announcement of its own (published an hour ago unless `fromAt` is given). */
export async function createAnnouncement(db: Db, overrides: Partial<NewAnnouncement> = {}): Promise<number> {
  return insertAnnouncement(db, { titleJa: unique('お知らせ'), fromAt: new Date(Date.now() - HOUR), ...overrides });
}

/** A published report article of its own (published an hour ago unless `publishedAt` is given). */
export async function createArticle(db: Db, overrides: Partial<NewReportArticle> = {}): Promise<number> {
  return insertReportArticle(db, {
    titleJa: unique('記事'),
    imageUrl: '/media/content/placeholder.svg',
    publishedAt: new Date(Date.now() - HOUR),
    ...overrides,
  });
}

/** An operator survey open now (a week before and after), with the items given. */
export async function createSurvey(db: Db, items: NewSurveyItem[], overrides: Partial<NewSurvey> = {}): Promise<number> {
  return insertSurvey(
    db,
    {
      titleJa: unique('アンケート'),
      isGeneral: true,
      fromDateTime: new Date(Date.now() - 7 * 24 * HOUR),
      toDateTime: new Date(Date.now() + 7 * 24 * HOUR),
      ...overrides,
    },
    items,
  );
}
