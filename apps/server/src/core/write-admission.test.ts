import { describe, expect, it } from 'vitest';
import { WriteAdmission, type AdmissionChange, type AdmissionRules, type InFlightChange } from './write-admission.ts';

const rules: AdmissionRules = {
  readTargetMs: 20,
  windowMs: 500,
  minReads: 30,
  minShare: 0.02,
  step: 0.05,
  maxInFlight: 1_000_000,
  readsPerClient: 3,
};

/**
 * `count` reads of `ms` each, each by a client of its own, spread over the window that starts at `t`; then the window
 * is judged at its end.
 */
function window(admission: WriteAdmission, t: number, count: number, ms: number, client = (i: number) => `member-${i}`) {
  for (let i = 0; i < count; i++) admission.readTook(ms, client(i), t + (i * rules.windowMs) / (count + 1));
  admission.admitWrite(t + rules.windowMs);
}

/** Of `n` writes at time `t`, how many are admitted. */
function admitted(admission: WriteAdmission, t: number, n: number) {
  let yes = 0;
  for (let i = 0; i < n; i++) if (admission.admitWrite(t)) yes++;
  return yes;
}

describe('write admission by the reads’ speed', () => {
  it('admits every write while the reads are within the target, however many writes come', () => {
    const admission = new WriteAdmission(rules, {}, 0);
    window(admission, 0, 100, 19);
    expect(admission.share).toBe(1);
    expect(admitted(admission, 600, 1000)).toBe(1000);
  });

  it('holds back a quarter more of the writes for each slightly slow window, evenly, and never all of them', () => {
    const changes: AdmissionChange[] = [];
    const admission = new WriteAdmission(rules, { onShare: (c) => changes.push(c) }, 0);
    window(admission, 0, 40, 25);
    expect(admission.share).toBe(0.75);
    expect(changes).toEqual([{ share: 0.75, previous: 1, readP90Ms: 25, reads: 40, refused: 0 }]);
    // Three of every four, spread: never two refusals in a row.
    const answers = Array.from({ length: 40 }, () => admission.admitWrite(550));
    expect(answers.filter(Boolean)).toHaveLength(30);
    expect(answers.some((yes, i) => !yes && answers[i + 1] === false)).toBe(false);
    window(admission, 500, 40, 25);
    expect(admission.share).toBeCloseTo(0.5625);
    for (let k = 2; k < 40; k++) window(admission, k * 500, 40, 80);
    expect(admission.share).toBe(rules.minShare);
    expect(admitted(admission, 20_100, 100)).toBe(2);
  });

  it('cuts deeper when the reads are far slower than the target, to a quarter at most', () => {
    const admission = new WriteAdmission(rules, {}, 0);
    // Up to four times the target, a quarter; at six times, half.
    window(admission, 0, 40, 80);
    expect(admission.share).toBeCloseTo(0.75);
    window(admission, 500, 40, 120);
    expect(admission.share).toBeCloseTo(0.375);
    // A process that starts cold under full load: reads at seconds cut the writes to a quarter, not by a quarter.
    window(admission, 1000, 40, 2000);
    expect(admission.share).toBeCloseTo(0.09375);
    window(admission, 1500, 40, 2000);
    expect(admission.share).toBeCloseTo(0.0234375);
    window(admission, 2000, 40, 2000);
    expect(admission.share).toBe(rules.minShare);
  });

  it('judges by the 90th percentile: a few slow reads among fast ones hold nothing back', () => {
    const admission = new WriteAdmission(rules, {}, 0);
    for (let i = 0; i < 36; i++) admission.readTook(5, `member-${i}`, i);
    for (let i = 0; i < 4; i++) admission.readTook(900, `guest-${i}`, 100 + i);
    admission.admitWrite(500);
    expect(admission.share).toBe(1);
  });

  it('does not judge a window with too few reads: a person clicking through the app never holds writes back', () => {
    const admission = new WriteAdmission(rules, {}, 0);
    window(admission, 0, rules.minReads - 1, 400);
    expect(admission.share).toBe(1);
  });

  it('gives the writes back step by step once the reads are fast again, and all of them after a quiet spell', () => {
    const changes: AdmissionChange[] = [];
    const admission = new WriteAdmission(rules, { onShare: (c) => changes.push(c) }, 0);
    window(admission, 0, 40, 25);
    window(admission, 500, 40, 25);
    expect(admission.share).toBeCloseTo(0.5625);
    const refusedMeanwhile = 100 - admitted(admission, 1100, 100);
    window(admission, 1000, 40, 5);
    expect(admission.share).toBeCloseTo(0.6125);
    // No call at all for five seconds: ten windows without reads, each a step.
    expect(admission.admitWrite(7000)).toBe(true);
    expect(admission.share).toBe(1);
    expect(refusedMeanwhile).toBe(44);
    // Those, and the one write that judged the first slow window.
    expect(changes.at(-1)).toMatchObject({ share: 1, refused: 45 });
  });

  it('with a target of 0, never holds writes back for the reads’ speed', () => {
    const admission = new WriteAdmission({ ...rules, readTargetMs: 0 }, {}, 0);
    window(admission, 0, 100, 900);
    expect(admission.share).toBe(1);
  });

  it('refuses writes beyond the bound in flight until one ends, and says when it is reached and when half is free', () => {
    const changes: InFlightChange[] = [];
    const admission = new WriteAdmission({ ...rules, maxInFlight: 4 }, { onInFlight: (c) => changes.push(c) }, 0);
    const six = Array.from({ length: 6 }, (_, i) => admission.admitWrite(i));
    expect(six).toEqual([true, true, true, true, false, false]);
    expect(changes).toEqual([{ state: 'full', refused: 0 }]);
    admission.writeEnded();
    expect(admission.admitWrite(7)).toBe(true);
    expect(admission.admitWrite(8)).toBe(false);
    // Still three of four in flight: nothing said yet.
    admission.writeEnded();
    expect(changes).toHaveLength(1);
    admission.writeEnded();
    expect(changes.at(-1)).toEqual({ state: 'room', refused: 3 });
    admission.writeEnded();
    admission.writeEnded();
    expect(admission.inFlight).toBe(0);
    expect(admission.admitWrite(9)).toBe(true);
  });

  it('counts a write refused for the share as no place taken', () => {
    const admission = new WriteAdmission({ ...rules, maxInFlight: 3 }, {}, 0);
    window(admission, 0, 40, 50);
    const answers = Array.from({ length: 8 }, () => admission.admitWrite(600));
    expect(answers.filter((yes) => !yes).length).toBeGreaterThan(0);
    expect(admission.inFlight).toBe(answers.filter(Boolean).length);
  });
});

describe('no single client steers the admission (issue 53, decision 174)', () => {
  it('counts a few reads of each client per window: one address flooding slow reads fills no window', () => {
    const changes: AdmissionChange[] = [];
    const admission = new WriteAdmission(rules, { onShare: (c) => changes.push(c) }, 0);
    // A thousand reads of two seconds each from one address, in each of ten windows: three of them count, too few.
    for (let k = 0; k < 10; k++) window(admission, k * 500, 1000, 2000, () => 'a:203.0.113.9');
    expect(admission.share).toBe(1);
    expect(changes).toEqual([]);
    expect(admitted(admission, 5100, 100)).toBe(100);
  });

  it('still judges many clients’ reads: a slow server holds writes back as before', () => {
    const admission = new WriteAdmission(rules, {}, 0);
    // Ten clients with three slow reads each in the window (thirty: just enough), whatever else they send.
    window(admission, 0, 300, 25, (i) => `member-${i % 10}`);
    expect(admission.share).toBe(0.75);
  });

  it('a flood among the members’ reads weighs as one client: their fast reads keep the writes in', () => {
    const admission = new WriteAdmission(rules, {}, 0);
    for (let i = 0; i < 40; i++) admission.readTook(5, `member-${i}`, i);
    for (let i = 0; i < 2000; i++) admission.readTook(3000, 'a:203.0.113.9', 100 + i / 10);
    admission.admitWrite(500);
    expect(admission.share).toBe(1);
  });

  it('counts each client anew in each window', () => {
    const admission = new WriteAdmission({ ...rules, minReads: 6 }, {}, 0);
    // Two clients, three reads each counted per window: six, enough, in every window.
    for (let k = 0; k < 2; k++) window(admission, k * 500, 20, 25, (i) => `member-${i % 2}`);
    expect(admission.share).toBeCloseTo(0.75 * 0.75);
  });
});

describe('sign-ins and members first (decision 174)', () => {
  it('never holds a sign-in back for the share, only for the bound', () => {
    const admission = new WriteAdmission({ ...rules, maxInFlight: 50 }, {}, 0);
    for (let k = 0; k < 40; k++) window(admission, k * 500, 40, 2000);
    expect(admission.share).toBe(rules.minShare);
    // Of members' writes, one in fifty gets in at this share; of sign-ins, every one until the bound.
    expect(admitted(admission, 20_050, 10)).toBeLessThanOrEqual(1);
    const room = 50 - admission.inFlight;
    let yes = 0;
    for (let i = 0; i < 60; i++) if (admission.admitWrite(20_100, 'signIn')) yes++;
    expect(yes).toBe(room);
    expect(room).toBeGreaterThanOrEqual(47);
  });

  it('holds writes without a session back first: at the share’s square, with a credit of their own', () => {
    const admission = new WriteAdmission(rules, {}, 0);
    window(admission, 0, 40, 120);
    expect(admission.share).toBeCloseTo(0.5);
    const anonymous = Array.from({ length: 40 }, () => admission.admitWrite(600, 'anonymous'));
    const members = Array.from({ length: 40 }, () => admission.admitWrite(600, 'member'));
    expect(anonymous.filter(Boolean)).toHaveLength(10);
    // The anonymous writes' refusals took nothing from the members' share.
    expect(members.filter(Boolean)).toHaveLength(20);
  });
});
