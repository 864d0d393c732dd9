// The magazine's unsubscribe token (docs/requirements/magazine.md#magazine-unsubscribe, decision 185): per member and
// issue, `<issueID>.<userID>.<HMAC-SHA256 in base64url>`, keyed by a secret generated once and kept in the config
// table (as media-secret.ts and push/vapid.ts keep theirs), so every process signs and checks alike.
import crypto from 'node:crypto';

const TOKEN = /^([1-9]\d{0,9})\.([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/;

function mac(secret: string, issueId: number, userId: number): string {
  return crypto.createHmac('sha256', secret).update(`hibi-magazine-unsubscribe:${issueId}:${userId}`).digest('base64url');
}

export function signUnsubscribeToken(secret: string, issueId: number, userId: number): string {
  return `${issueId}.${userId}.${mac(secret, issueId, userId)}`;
}

/**
 * The issue and member a token names, or null for anything not signed by us: the whole expected text is compared in
 * constant time (the text, not the decoded bytes, so that a changed last character, which base64url may decode to the
 * same bytes, is refused too).
 */
export function verifyUnsubscribeToken(secret: string, token: unknown): { issueId: number; userId: number } | null {
  if (typeof token !== 'string' || token.length > 100) return null;
  const m = TOKEN.exec(token);
  if (!m) return null;
  const issueId = Number(m[1]);
  const userId = Number(m[2]);
  if (issueId > 2_147_483_647 || userId > 2_147_483_647) return null;
  const expected = Buffer.from(signUnsubscribeToken(secret, issueId, userId));
  const given = Buffer.from(token);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? { issueId, userId } : null;
}
