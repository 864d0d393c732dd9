// TOTP (RFC 6238: SHA-1, 6 digits, 30 s, one step of drift each way) with otplib, and recovery codes.
import crypto from 'node:crypto';
import { createGuardrails, generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT } from '@hibi/contract/console/protocol';

export const TOTP_PERIOD_S = 30;
const ISSUER = 'Hibi console';
// The demo secret JBSWY3DPEHPK3PXP is 10 bytes; new secrets are 20 (otplib's default).
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });

export function newTotpSecret(): string {
  return generateSecret();
}

export function otpauthUrl(email: string, secret: string): string {
  return generateURI({ issuer: ISSUER, label: email, secret });
}

/**
 * The time step a code matches (now, or one step either side), later than `afterStep`; null when it matches none.
 */
export async function matchTotp(secret: string, code: string, now: Date, afterStep: number | null): Promise<number | null> {
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({
    secret,
    token: code,
    epoch,
    epochTolerance: TOTP_PERIOD_S,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
    guardrails,
  });
  if (!result.valid) return null;
  return 'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : Math.floor(epoch / TOTP_PERIOD_S) + result.delta;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten single-use codes such as `k7m2q-9xh4p` (50 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(crypto.randomBytes(10), (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The stored form of a recovery code: case, spaces and dashes do not matter. */
export function hashRecoveryCode(code: string): string {
  return crypto.createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
}
