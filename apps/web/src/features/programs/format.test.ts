import { describe, expect, it } from 'vitest';
import * as contract from '@hibi/contract/functions/programs';
import { DAY_STATES, entryOpenOn, formatDay, PROGRAM_GRACE_AFTER_END_MAX, programPath, TEAM_CODE_LENGTH, TEAM_NAME_MAX } from './format.ts';

describe('programs: formats and the numbers repeated from the contract', () => {
  it("repeats the contract's numbers exactly", () => {
    expect(TEAM_NAME_MAX).toBe(contract.TEAM_NAME_MAX);
    expect(TEAM_CODE_LENGTH).toBe(contract.TEAM_CODE_LENGTH);
    expect(PROGRAM_GRACE_AFTER_END_MAX).toBe(contract.PROGRAM_GRACE_AFTER_END_MAX);
    expect(DAY_STATES).toEqual(contract.PROGRAM_DAY_STATES);
  });

  it('formats a Tokyo day per language, the same day whatever the time zone', () => {
    expect(formatDay('2026-12-02', 'ja')).toBe('2026年12月2日(水)');
    expect(formatDay('2026-12-02', 'en')).toBe('Wed, Dec 2, 2026');
    expect(formatDay('2026-12-02', 'en', false)).toBe('Wed, Dec 2');
  });

  it('entry is open from entryFrom to entryTo, never once the round ended', () => {
    const p = { entryFrom: '2026-12-01', entryTo: '2026-12-10', status: 'running' as const };
    expect(entryOpenOn(p, '2026-12-01')).toBe(true);
    expect(entryOpenOn(p, '2026-12-10')).toBe(true);
    expect(entryOpenOn(p, '2026-12-11')).toBe(false);
    expect(entryOpenOn({ ...p, status: 'upcoming' }, '2026-12-05')).toBe(false);
    expect(entryOpenOn({ ...p, status: 'final' }, '2026-12-05')).toBe(false);
  });

  it('links each kind to its round page', () => {
    expect(programPath({ kind: 'teamMatch', id: 3 })).toBe('/programs/team-walk/3');
    expect(programPath({ kind: 'individualMatch', id: 4 })).toBe('/programs/challenges/4');
  });
});
