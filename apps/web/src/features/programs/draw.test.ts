import { createHash, createHmac, randomBytes, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkDraw, hexToBytes } from './draw.ts';

/** The draw as the requirements state it, computed with node:crypto independently of the code under test. */
function nodeDraw(seedHex: string, entryNumbers: number[], prizes: { winners: number }[]) {
  const key = Buffer.from(seedHex, 'hex');
  const order = entryNumbers
    .map((n) => ({ n, mac: createHmac('sha256', key).update(String(n)).digest('hex') }))
    .sort((a, b) => (a.mac < b.mac ? -1 : 1));
  const winners: { entryNumber: number; prizeIndex: number }[] = [];
  let next = 0;
  prizes.forEach((p, prizeIndex) => {
    for (let i = 0; i < p.winners && next < order.length; i++) winners.push({ entryNumber: order[next++]!.n, prizeIndex });
  });
  return { commitment: createHash('sha256').update(key).digest('hex'), winners };
}

const subtle = webcrypto.subtle as unknown as SubtleCrypto;

describe('the draw check (docs/requirements/programs.md#programs-draw)', () => {
  const seed = randomBytes(32).toString('hex');
  const entryNumbers = Array.from({ length: 40 }, (_, i) => 1000 + i * 7);
  const prizes = [{ winners: 2 }, { winners: 5 }];
  const vector = nodeDraw(seed, entryNumbers, prizes);

  it("agrees with node:crypto's draw on a random seed", async () => {
    const check = await checkDraw(subtle, { commitment: vector.commitment, seed, entryNumbers, winners: vector.winners }, prizes);
    expect(check).toEqual({ commitmentMatches: true, winnersMatch: true, computed: vector.winners });
  });

  it('says so when the commitment is not sha256 of the seed', async () => {
    const other = createHash('sha256').update('x').digest('hex');
    const check = await checkDraw(subtle, { commitment: other, seed, entryNumbers, winners: vector.winners }, prizes);
    expect(check.commitmentMatches).toBe(false);
    expect(check.winnersMatch).toBe(true);
  });

  it('says so when a published winner, or its prize, differs', async () => {
    const swapped = vector.winners.map((w, i) => (i === 0 ? { ...w, prizeIndex: 1 } : w));
    expect((await checkDraw(subtle, { commitment: vector.commitment, seed, entryNumbers, winners: swapped }, prizes)).winnersMatch).toBe(false);
    const loser = entryNumbers.find((n) => !vector.winners.some((w) => w.entryNumber === n))!;
    const replaced = vector.winners.map((w, i) => (i === 3 ? { ...w, entryNumber: loser } : w));
    expect((await checkDraw(subtle, { commitment: vector.commitment, seed, entryNumbers, winners: replaced }, prizes)).winnersMatch).toBe(false);
    expect(
      (await checkDraw(subtle, { commitment: vector.commitment, seed, entryNumbers, winners: vector.winners.slice(1) }, prizes)).winnersMatch,
    ).toBe(false);
  });

  it('fewer entries than prizes: every entry wins, in order', async () => {
    const few = [5, 9, 13];
    const v = nodeDraw(seed, few, prizes);
    expect(v.winners).toHaveLength(3);
    expect((await checkDraw(subtle, { commitment: v.commitment, seed, entryNumbers: few, winners: v.winners }, prizes)).winnersMatch).toBe(true);
  });

  it('reads hex, refusing what is not', () => {
    expect(Array.from(hexToBytes('00ff10')!)).toEqual([0, 255, 16]);
    expect(hexToBytes('abc')).toBeNull();
    expect(hexToBytes('zz')).toBeNull();
  });
});
