// The audit log of the operators domain: one row per write, sign-in, sign-out, export and denial, read a page at a
// time. Reached through service.ts, the domain's public module.
import type { AuditEntry } from '@hibi/contract/console/audit';
import type { Db } from '../../db/client.ts';
import { failure, type BusinessFailure } from '../../core/handler.ts';
import * as data from './data.ts';

export async function recordAudit(db: Db, row: data.AuditInsert): Promise<void> {
  await data.insertAudit(db, { ...row, summary: (row.summary ?? '').slice(0, 1000) });
}

/** Cursor: the last row's id, base64url of `a<id>`. */
function decodeCursor(cursor: string): number | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const m = /^a(\d{1,18})$/.exec(text);
  return m ? Number(m[1]) : null;
}
const encodeCursor = (id: number) => Buffer.from(`a${id}`).toString('base64url');

export async function listAuditLog(
  db: Db,
  p: { cursor?: string; limit: number; operatorId?: number; action?: string; from?: number; to?: number },
): Promise<{ entries: AuditEntry[]; nextCursor: string | null } | BusinessFailure<'invalidCursor'>> {
  const beforeId = p.cursor === undefined ? undefined : decodeCursor(p.cursor);
  if (beforeId === null) return failure('invalidCursor');
  const found = await data.auditPage(db, {
    operatorId: p.operatorId,
    action: p.action,
    from: p.from === undefined ? undefined : new Date(p.from),
    to: p.to === undefined ? undefined : new Date(p.to),
    beforeId,
    limit: p.limit,
  });
  const page = found.slice(0, p.limit);
  return {
    entries: page.map((r) => ({
      id: Number(r.id),
      at: Number(r.at_ms),
      operatorId: r.operator_id,
      operatorEmail: r.operator_email,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      summary: r.summary,
      ip: r.ip,
    })),
    nextCursor: found.length > p.limit ? encodeCursor(Number(page[page.length - 1]!.id)) : null,
  };
}
