import crypto from 'node:crypto';

/** 256 random bits, URL-safe. Only its hash is ever stored. */
export function newOpaqueToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
