import { describe, expect, it } from 'vitest';
import { WriteAdmission, type AdmissionChange, type AdmissionRules, type InFlightChange } from './write-admission.ts';

const rules: AdmissionRules = { readTargetMs: 20, windowMs: 500, minReads: 30, minShare: 0.02, step: 0.05, maxInFlight: 1_000_000 };

/** `count` reads of `ms` each, spread over the window that starts at `t`; then the window is judged at its end. */
function window(admission: WriteAdmission, t: number, count: number, ms: number) {
  for (let i = 0; i < count; i++) admission.readTook(ms, t + (i * rules.windowMs) / (count + 1));
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
    for (let i = 0; i < 36; i++) admission.readTook(5, i);
    for (let i = 0; i < 4; i++) admission.readTook(900, 100 + i);
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
