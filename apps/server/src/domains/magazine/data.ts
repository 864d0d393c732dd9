// The mail magazine's SQL (issue 59; docs/requirements/magazine.md, docs/decisions/185-magazine-delivery.md): issues,
// the tenants an issue went to, one delivery per recipient. The services hold the transactions.
import { sql } from 'drizzle-orm';
import type { MagazineState } from '@hibi/contract/console/magazine';
import type { Db } from '../../db/client.ts';
import { arrayParam, rows } from '../../db/query.ts';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/* ------------------------------------------------------------------ issues */

export interface IssueRow {
  id: number;
  subject_ja: string;
  subject_en: string | null;
  body_ja: string;
  body_en: string | null;
  state: MagazineState;
  send_ms: string | number | null;
  started_ms: string | number | null;
  sent_ms: string | number | null;
  recipients: number;
  updated_ms: string | number;
  updated_by: string | null;
}

const ISSUE_COLUMNS = sql`id, subject_ja, subject_en, body_ja, body_en, state, recipients, updated_by,
  (extract(epoch FROM send_at) * 1000)::float8 AS send_ms,
  (extract(epoch FROM started_at) * 1000)::float8 AS started_ms,
  (extract(epoch FROM sent_at) * 1000)::float8 AS sent_ms,
  (extract(epoch FROM updated_at) * 1000)::float8 AS updated_ms`;

export async function issueById(db: Db, id: number): Promise<IssueRow | null> {
  const [row] = await rows<IssueRow>(db, sql`SELECT ${ISSUE_COLUMNS} FROM magazine_issues WHERE id = ${id}`);
  return row ?? null;
}

/** The issue locked for a change of its state (the console's writes; the start's guard is its own WHERE). */
export async function lockIssue(db: Db, id: number): Promise<{ state: MagazineState; send_at: Date | string | null } | null> {
  const [row] = await rows<{ state: MagazineState; send_at: Date | string | null }>(
    db,
    sql`SELECT state, send_at FROM magazine_issues WHERE id = ${id} FOR UPDATE`,
  );
  return row ?? null;
}

export async function issuePage(
  db: Db,
  q: { state?: MagazineState | undefined; offset: number; perPage: number },
): Promise<(IssueRow & { total: number })[]> {
  const where = q.state ? sql`WHERE state = ${q.state}` : sql``;
  return rows<IssueRow & { total: number }>(
    db,
    sql`SELECT ${ISSUE_COLUMNS}, count(*) OVER ()::int AS total
          FROM magazine_issues ${where}
         ORDER BY coalesce(send_at, updated_at) DESC, id DESC
         LIMIT ${q.perPage} OFFSET ${q.offset}`,
  );
}

export async function countIssues(db: Db, state: MagazineState | undefined): Promise<number> {
  const where = state ? sql`WHERE state = ${state}` : sql``;
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM magazine_issues ${where}`);
  return Number(row?.n ?? 0);
}

export interface IssueTexts {
  subjectJa: string;
  subjectEn: string | null;
  bodyJa: string;
  bodyEn: string | null;
}

export async function insertIssue(db: Db, t: IssueTexts, by: string, now: Date): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO magazine_issues (subject_ja, subject_en, body_ja, body_en, created_at, created_by, updated_at, updated_by)
        VALUES (${t.subjectJa}, ${t.subjectEn}, ${t.bodyJa}, ${t.bodyEn}, ${ts(now)}, ${by}, ${ts(now)}, ${by})
        RETURNING id`,
  );
  return row!.id;
}

/** Replaces the texts of a draft or scheduled issue; false when it is no longer one (or does not exist). */
export async function updateIssueTexts(db: Db, id: number, t: IssueTexts, by: string, now: Date): Promise<MagazineState | null> {
  const [row] = await rows<{ state: MagazineState }>(
    db,
    sql`UPDATE magazine_issues
           SET subject_ja = ${t.subjectJa}, subject_en = ${t.subjectEn}, body_ja = ${t.bodyJa}, body_en = ${t.bodyEn},
               updated_at = ${ts(now)}, updated_by = ${by}
         WHERE id = ${id} AND state IN ('draft', 'scheduled')
         RETURNING state`,
  );
  return row?.state ?? null;
}

/** Draft or scheduled -> scheduled at `sendAt`; false when the issue is no longer either. */
export async function scheduleIssue(db: Db, id: number, sendAt: Date, by: string, now: Date): Promise<boolean> {
  const done = await rows<{ id: number }>(
    db,
    sql`UPDATE magazine_issues SET state = 'scheduled', send_at = ${ts(sendAt)}, updated_at = ${ts(now)}, updated_by = ${by}
         WHERE id = ${id} AND state IN ('draft', 'scheduled') RETURNING id`,
  );
  return done.length === 1;
}

/** Scheduled -> draft; false when it is not scheduled (any more). */
export async function cancelIssue(db: Db, id: number, by: string, now: Date): Promise<boolean> {
  const done = await rows<{ id: number }>(
    db,
    sql`UPDATE magazine_issues SET state = 'draft', send_at = NULL, updated_at = ${ts(now)}, updated_by = ${by}
         WHERE id = ${id} AND state = 'scheduled' RETURNING id`,
  );
  return done.length === 1;
}

/* ------------------------------------------------------------------ the start: recipients fixed once */

/**
 * Takes one due scheduled issue into `sending` (docs/requirements/magazine.md#magazine-recipients). The guard
 * `state = 'scheduled'` with SKIP LOCKED means two servers never start the same issue; the caller runs this and the
 * two inserts below in one transaction, so a crash leaves the issue scheduled with no deliveries.
 */
export async function claimDueIssue(db: Db, now: Date): Promise<number | null> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`UPDATE magazine_issues SET state = 'sending', started_at = ${ts(now)}
         WHERE id = (SELECT id FROM magazine_issues WHERE state = 'scheduled' AND send_at <= ${ts(now)}
                      ORDER BY send_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
           AND state = 'scheduled'
         RETURNING id`,
  );
  return row?.id ?? null;
}

/**
 * The start's statements may run longer than a call's (DATABASE_STATEMENT_TIMEOUT_MS, 5 s by default): 100,000
 * deliveries take seconds (npm run bench:magazine). For this transaction only.
 */
export async function allowLongStatements(db: Db): Promise<void> {
  await db.execute(sql`SET LOCAL statement_timeout = '120s'`);
}

/** Tenants that take the magazine: mail distribution on, contract not ended, not purged. */
const TENANT_TAKES_MAGAZINE = (now: Date) =>
  sql`t.email_distribution_enabled AND t.purged_at IS NULL AND (t.contract_ends_at IS NULL OR t.contract_ends_at > ${ts(now)})`;
/** Members who take it: an address, not opted out, not deactivated. */
const MEMBER_TAKES_MAGAZINE = sql`u.email IS NOT NULL AND u.email_distribution AND u.deactivated_at IS NULL`;

/** The issue's tenants and its deliveries (one per eligible member, in their language); answers the recipients. */
export async function fixRecipients(db: Db, issueId: number, now: Date): Promise<number> {
  await db.execute(
    sql`INSERT INTO magazine_issue_tenants (issue_id, tenant_id)
        SELECT ${issueId}, t.id FROM tenants t WHERE ${TENANT_TAKES_MAGAZINE(now)}
        ON CONFLICT DO NOTHING`,
  );
  await db.execute(
    sql`INSERT INTO magazine_deliveries (issue_id, user_id, locale)
        SELECT ${issueId}, u.id, CASE WHEN u.locale = 'en' THEN 'en' ELSE 'ja' END
          FROM magazine_issue_tenants mt JOIN users u ON u.tenant_id = mt.tenant_id
         WHERE mt.issue_id = ${issueId} AND ${MEMBER_TAKES_MAGAZINE}
        ON CONFLICT DO NOTHING`,
  );
  const [row] = await rows<{ recipients: number }>(
    db,
    sql`UPDATE magazine_issues SET recipients = (SELECT count(*) FROM magazine_deliveries WHERE issue_id = ${issueId})
         WHERE id = ${issueId} RETURNING recipients`,
  );
  return Number(row?.recipients ?? 0);
}

/* ------------------------------------------------------------------ dispatch: queued -> outbox, at the rate */

/** One dispatcher at a time over all processes ("hibimagz"), so the rate's window is counted once. */
export async function tryDispatchLock(db: Db): Promise<boolean> {
  const [row] = await rows<{ ok: boolean }>(db, sql`SELECT pg_try_advisory_xact_lock(7523094280573158777) AS ok`);
  return row?.ok === true;
}

/** Deliveries handed to the outbox since `since` (the rate's window). */
export async function outboxedSince(db: Db, since: Date): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM magazine_deliveries WHERE outboxed_at > ${ts(since)}`);
  return Number(row?.n ?? 0);
}

export interface ClaimedDelivery {
  issue_id: number;
  user_id: number;
  locale: string;
  email: string | null;
  eligible: boolean;
}

/**
 * Up to `limit` queued deliveries, locked (SKIP LOCKED: another dispatcher's rows are left alone), with whether the
 * member still takes the magazine at hand-over (opted out, deactivated, contract ended: not).
 */
export async function claimQueued(db: Db, limit: number, now: Date): Promise<ClaimedDelivery[]> {
  return rows<ClaimedDelivery>(
    db,
    sql`SELECT d.issue_id, d.user_id, d.locale, u.email,
               coalesce(${MEMBER_TAKES_MAGAZINE} AND ${TENANT_TAKES_MAGAZINE(now)}, false) AS eligible
          FROM magazine_deliveries d
          JOIN users u ON u.id = d.user_id
          LEFT JOIN tenants t ON t.id = u.tenant_id
         WHERE d.state = 'queued'
         ORDER BY d.issue_id, d.user_id
         LIMIT ${limit}
           FOR UPDATE OF d SKIP LOCKED`,
  );
}

export async function markSkipped(db: Db, keys: readonly { issueId: number; userId: number }[]): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(
    sql`UPDATE magazine_deliveries d SET state = 'skipped'
          FROM unnest(${arrayParam(
            keys.map((k) => k.issueId),
            'int',
          )}, ${arrayParam(
            keys.map((k) => k.userId),
            'int',
          )}) AS x (issue_id, user_id)
         WHERE d.issue_id = x.issue_id AND d.user_id = x.user_id AND d.state = 'queued'`,
  );
}

export async function markOutboxed(db: Db, handed: readonly { issueId: number; userId: number; outboxId: number }[], now: Date): Promise<void> {
  if (handed.length === 0) return;
  await db.execute(
    sql`UPDATE magazine_deliveries d SET state = 'outboxed', outbox_id = x.outbox_id, outboxed_at = ${ts(now)}
          FROM unnest(${arrayParam(
            handed.map((k) => k.issueId),
            'int',
          )}, ${arrayParam(
            handed.map((k) => k.userId),
            'int',
          )}, ${arrayParam(
            handed.map((k) => k.outboxId),
            'int',
          )}) AS x (issue_id, user_id, outbox_id)
         WHERE d.issue_id = x.issue_id AND d.user_id = x.user_id AND d.state = 'queued'`,
  );
}

/** The texts of the issues a batch names. */
export async function issueTexts(db: Db, ids: readonly number[]): Promise<(IssueTexts & { id: number })[]> {
  if (ids.length === 0) return [];
  return rows<IssueTexts & { id: number }>(
    db,
    sql`SELECT id, subject_ja AS "subjectJa", subject_en AS "subjectEn", body_ja AS "bodyJa", body_en AS "bodyEn"
          FROM magazine_issues WHERE id = ANY(${arrayParam(ids, 'int')})`,
  );
}

/** Sending issues with nothing queued any more -> sent. Answers how many. */
export async function finishIssues(db: Db, now: Date): Promise<number> {
  const done = await rows<{ id: number }>(
    db,
    sql`UPDATE magazine_issues i SET state = 'sent', sent_at = ${ts(now)}
         WHERE i.state = 'sending'
           AND NOT EXISTS (SELECT 1 FROM magazine_deliveries d WHERE d.issue_id = i.id AND d.state = 'queued')
         RETURNING id`,
  );
  return done.length;
}

/**
 * Copies the outbox's outcome back to the deliveries before pruning can delete the mail: sent (or unconfirmed:
 * never sent again) -> `sent`; failed -> `failed`; a failed one the console queued again and the sender delivered
 * becomes `sent`.
 */
export async function reconcile(db: Db): Promise<number> {
  const done = await rows<{ n: number }>(
    db,
    sql`WITH changed AS (
          UPDATE magazine_deliveries d
             SET state = CASE WHEN o.status IN ('sent', 'unconfirmed') THEN 'sent' ELSE 'failed' END
            FROM mail_outbox o
           WHERE d.state IN ('outboxed', 'failed') AND o.id = d.outbox_id
             AND o.status IN ('sent', 'unconfirmed', 'failed')
             AND d.state <> CASE WHEN o.status IN ('sent', 'unconfirmed') THEN 'sent' ELSE 'failed' END
          RETURNING 1)
        SELECT count(*)::int AS n FROM changed`,
  );
  return Number(done[0]?.n ?? 0);
}

/** The seed's sent demo issue (docs/decisions/185-magazine-delivery.md): its queued deliveries counted as sent. */
export async function markQueuedSentForSeed(db: Db, issueId: number, now: Date): Promise<void> {
  await db.execute(sql`UPDATE magazine_deliveries SET state = 'sent', outboxed_at = ${ts(now)} WHERE issue_id = ${issueId} AND state = 'queued'`);
}

/* ------------------------------------------------------------------ figures */

export interface StatsRow {
  recipients: number;
  pending: number;
  sent: number;
  failed: number;
  skipped: number;
  unsubscribed: number;
}

/** An issue's figures, from the deliveries' states and, for those in the outbox, the outbox's (SQL aggregates only). */
export async function issueStats(db: Db, issueId: number): Promise<StatsRow> {
  const [row] = await rows<StatsRow>(
    db,
    sql`WITH s AS (
          SELECT d.unsubscribed_at,
                 CASE
                   WHEN d.state IN ('outboxed', 'failed') AND o.id IS NOT NULL THEN
                     CASE WHEN o.status IN ('sent', 'unconfirmed') THEN 'sent' WHEN o.status = 'failed' THEN 'failed' ELSE 'pending' END
                   WHEN d.state IN ('queued', 'outboxed') THEN 'pending'
                   ELSE d.state
                 END AS state
            FROM magazine_deliveries d LEFT JOIN mail_outbox o ON o.id = d.outbox_id
           WHERE d.issue_id = ${issueId})
        SELECT count(*)::int AS recipients,
               count(*) FILTER (WHERE state = 'pending')::int AS pending,
               count(*) FILTER (WHERE state = 'sent')::int AS sent,
               count(*) FILTER (WHERE state = 'failed')::int AS failed,
               count(*) FILTER (WHERE state = 'skipped')::int AS skipped,
               count(*) FILTER (WHERE unsubscribed_at IS NOT NULL)::int AS unsubscribed
          FROM s`,
  );
  return row!;
}

/* ------------------------------------------------------------------ members */

export interface MemberIssueRow {
  id: number;
  subject_ja: string;
  subject_en: string | null;
  body_ja?: string;
  body_en?: string | null;
  started_ms: string | number;
  total?: number;
}

/** Issues sent (or being sent) to a tenant, newest first, paged. */
export async function tenantIssuePage(db: Db, tenantId: number, offset: number, limit: number): Promise<MemberIssueRow[]> {
  return rows<MemberIssueRow>(
    db,
    sql`SELECT i.id, i.subject_ja, i.subject_en, (extract(epoch FROM i.started_at) * 1000)::float8 AS started_ms,
               count(*) OVER ()::int AS total
          FROM magazine_issue_tenants mt JOIN magazine_issues i ON i.id = mt.issue_id
         WHERE mt.tenant_id = ${tenantId} AND i.state IN ('sending', 'sent')
         ORDER BY i.started_at DESC, i.id DESC
         LIMIT ${limit} OFFSET ${offset}`,
  );
}

export async function countTenantIssues(db: Db, tenantId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM magazine_issue_tenants mt JOIN magazine_issues i ON i.id = mt.issue_id
         WHERE mt.tenant_id = ${tenantId} AND i.state IN ('sending', 'sent')`,
  );
  return Number(row?.n ?? 0);
}

export async function tenantIssue(db: Db, tenantId: number, issueId: number): Promise<MemberIssueRow | null> {
  const [row] = await rows<MemberIssueRow>(
    db,
    sql`SELECT i.id, i.subject_ja, i.subject_en, i.body_ja, i.body_en, (extract(epoch FROM i.started_at) * 1000)::float8 AS started_ms
          FROM magazine_issue_tenants mt JOIN magazine_issues i ON i.id = mt.issue_id
         WHERE mt.tenant_id = ${tenantId} AND mt.issue_id = ${issueId} AND i.state IN ('sending', 'sent')`,
  );
  return row ?? null;
}

/* ------------------------------------------------------------------ leaving, and the token's key */

/** The member's setting off, and the first leaving through this issue recorded. */
export async function unsubscribe(db: Db, issueId: number, userId: number, now: Date): Promise<void> {
  await db.execute(sql`UPDATE users SET email_distribution = false WHERE id = ${userId} AND email_distribution`);
  await db.execute(
    sql`UPDATE magazine_deliveries SET unsubscribed_at = ${ts(now)}
         WHERE issue_id = ${issueId} AND user_id = ${userId} AND unsubscribed_at IS NULL`,
  );
}

/** The token key kept in the config table, generated by the first process that needs it (as media-secret.ts does). */
export async function configSecret(db: Db, key: string, generated: string): Promise<string> {
  await db.execute(sql`INSERT INTO config (key, value) VALUES (${key}, ${JSON.stringify(generated)}::jsonb) ON CONFLICT (key) DO NOTHING`);
  const [row] = await rows<{ value: unknown }>(db, sql`SELECT value FROM config WHERE key = ${key}`);
  const value = row?.value;
  return typeof value === 'string' ? value : String(JSON.parse(String(value)));
}
