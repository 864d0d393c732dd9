import { describe, expect, it } from 'vitest';
import { DatabaseUnavailable, isDatabaseUnavailable, LOOP_OUTAGE_LOG_EVERY_MS, loopFailureLogger } from './unavailable.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('which failures mean the database is out of reach (decision 145)', () => {
  it('counts refused and broken connections, shutdowns, timeouts, the pool waiting too long, and lock conflicts', () => {
    // 40P01 and 40001 (a deadlock, a serialization failure) once db/transaction.ts's runs again are spent: nothing was
    // saved, and the same call shortly after succeeds (the soak's one 500, issue 31).
    for (const code of [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      '57P01',
      '57P02',
      '57P03',
      '57014',
      '55P03',
      '25P03',
      '53300',
      '08006',
      '08001',
      '40P01',
      '40001',
    ]) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    }
    for (const message of ['timeout exceeded when trying to connect', 'Connection terminated unexpectedly', 'Query read timeout']) {
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true);
    }
    expect(isDatabaseUnavailable(new DatabaseUnavailable())).toBe(true);
  });

  it('follows the cause of a wrapped error (drizzle wraps the driver’s)', () => {
    expect(isDatabaseUnavailable(new Error('Failed query: insert …', { cause: withCode('57P01') }))).toBe(true);
  });

  it('does not search a wrapper’s message that quotes its query: only the driver’s own, short messages', () => {
    // A query whose parameters happen to contain one of the driver's phrases is not an outage…
    const quoting = new Error(`Failed query: insert …\nparams: ${'x'.repeat(400)} Connection terminated ${'x'.repeat(400)}`);
    expect(isDatabaseUnavailable(quoting)).toBe(false);
    // …while the driver's error it wraps still counts.
    expect(isDatabaseUnavailable(new Error(quoting.message, { cause: new Error('Connection terminated unexpectedly') }))).toBe(true);
  });

  it('leaves bugs and data errors to be 500s: a unique violation, a syntax error, a plain Error', () => {
    for (const code of ['23505', '42601', '22P02', '23503']) expect(isDatabaseUnavailable(withCode(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('57P01')).toBe(false);
  });
});

describe('a background loop’s failures in the log', () => {
  it('logs a bug every time, and an outage once a minute while it lasts', () => {
    const lines: { level: string; message: string }[] = [];
    const log = {
      warn: (_o: object, message: string) => lines.push({ level: 'warn', message }),
      error: (_o: object, message: string) => lines.push({ level: 'error', message }),
    };
    let clock = 0;
    const failed = loopFailureLogger(log, 'folding failed', () => clock);
    // Down for two minutes, a turn every 5 s: three lines, not 25.
    for (; clock <= 2 * LOOP_OUTAGE_LOG_EVERY_MS; clock += 5000) failed(withCode('ECONNREFUSED'));
    expect(lines.map((l) => l.level)).toEqual(['warn', 'warn', 'warn']);
    expect(lines[0]!.message).toMatch(/^folding failed: the database is out of reach/);
    // A bug meanwhile is logged at once, each time.
    failed(new TypeError('x is undefined'));
    failed(new TypeError('x is undefined'));
    expect(lines.slice(3).map((l) => [l.level, l.message])).toEqual([
      ['error', 'folding failed'],
      ['error', 'folding failed'],
    ]);
  });
});
