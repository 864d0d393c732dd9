import crypto from 'node:crypto';

/**
 * Small secrets at rest (operators' TOTP secrets): AES-256-GCM under a 256-bit key, stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). The key is generated once and kept in the config table by its owner.
 */
export function newSecretBoxKey(): string {
  return crypto.randomBytes(32).toString('base64url');
}

function keyBytes(key: string): Buffer {
  const bytes = Buffer.from(key, 'base64url');
  if (bytes.length !== 32) throw new Error('secret-box key must be 32 bytes');
  return bytes;
}

export function sealSecret(key: string, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyBytes(key), iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

/** The plain secret, or null when the box is malformed or was sealed under another key. */
export function openSecret(key: string, boxed: string): string | null {
  const [version, iv, tag, ct] = boxed.split('.');
  if (version !== 'v1' || !iv || !tag || ct === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyBytes(key), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
