/**
 * The challenge draw's check, done in the member's browser with WebCrypto (docs/requirements/programs.md#programs-draw):
 * sha256(seed) must be the commitment published before the draw; the winners are the published entry numbers ordered by
 * HMAC-SHA256(key = the seed's bytes, message = the entry number in decimal), hex ascending, taken in order per prize
 * (the first prize takes the first winners).
 */

export interface DrawWinner {
  entryNumber: number;
  prizeIndex: number;
}

export interface DrawCheck {
  /** sha256 of the seed equals the published commitment. */
  commitmentMatches: boolean;
  /** The winners computed here are exactly the published ones, each with the same prize. */
  winnersMatch: boolean;
  /** The winners computed here, in draw order. */
  computed: DrawWinner[];
}

/** The bytes of a hex string, or null when it is not hex (odd length, another character). */
export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  const clean = hex.trim().toLowerCase();
  if (clean.length % 2 !== 0 || !/^[0-9a-f]*$/.test(clean)) return null;
  const bytes = new Uint8Array(clean.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export function bytesToHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** WebCrypto's subtle interface, or null where the browser gives none (an insecure origin). */
export function subtleCrypto(): SubtleCrypto | null {
  return globalThis.crypto?.subtle ?? null;
}

/** The entry numbers in draw order: by HMAC-SHA256(seed, decimal entry number), hex ascending. */
export async function drawOrder(subtle: SubtleCrypto, seed: Uint8Array<ArrayBuffer>, entryNumbers: readonly number[]) {
  const key = await subtle.importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const encoder = new TextEncoder();
  const scored = await Promise.all(
    entryNumbers.map(async (entryNumber) => ({
      entryNumber,
      mac: bytesToHex(await subtle.sign('HMAC', key, encoder.encode(String(entryNumber)))),
    })),
  );
  // Same-length lower-case hex: string order is numeric order.
  return scored.sort((a, b) => (a.mac < b.mac ? -1 : a.mac > b.mac ? 1 : 0));
}

/** Recomputes the draw from what the page published and compares it with the published winners. */
export async function checkDraw(
  subtle: SubtleCrypto,
  draw: { commitment: string; seed: string; entryNumbers: readonly number[]; winners: readonly DrawWinner[] },
  prizes: readonly { winners: number }[],
): Promise<DrawCheck> {
  const seed = hexToBytes(draw.seed);
  if (!seed) return { commitmentMatches: false, winnersMatch: false, computed: [] };
  const commitmentMatches = bytesToHex(await subtle.digest('SHA-256', seed)) === draw.commitment.trim().toLowerCase();
  const order = await drawOrder(subtle, seed, draw.entryNumbers);
  const computed: DrawWinner[] = [];
  let next = 0;
  prizes.forEach((prize, prizeIndex) => {
    for (let i = 0; i < prize.winners && next < order.length; i++) computed.push({ entryNumber: order[next++]!.entryNumber, prizeIndex });
  });
  const published = new Map(draw.winners.map((w) => [w.entryNumber, w.prizeIndex]));
  const winnersMatch =
    published.size === draw.winners.length &&
    computed.length === published.size &&
    computed.every((w) => published.get(w.entryNumber) === w.prizeIndex);
  return { commitmentMatches, winnersMatch, computed };
}
