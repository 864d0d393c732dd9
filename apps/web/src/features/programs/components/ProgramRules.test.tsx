import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ProgramSummary } from '@hibi/contract/functions/programs';
import { ProgramRules } from './ProgramRules.tsx';

vi.mock('../../../lib/i18n/react.tsx', async () => (await import('../../../test/render.tsx')).i18nMock);
vi.mock('../../../lib/i18n.ts', () => ({ currentLocale: () => 'en' }));

const program: ProgramSummary = {
  kind: 'teamMatch',
  id: 3,
  name: 'Autumn Team Walk',
  entryFrom: '2026-10-01',
  entryTo: '2026-10-10',
  startDate: '2026-10-11',
  endDate: '2026-11-07',
  status: 'running',
  entered: true,
  dailyCap: 25_000,
  graceDays: 5,
  finalFrom: '2026-11-10',
};

// docs/requirements/programs.md#programs-counting
describe('ProgramRules', () => {
  it("states the counting rule with the program's own cap, grace days and final day", () => {
    render(<ProgramRules program={program} />);
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'rules.day',
      'rules.cap:{"cap":"25,000"}',
      'rules.today',
      'rules.grace:{"days":"5","max":3,"final":"Tue, Nov 10, 2026"}',
      'rules.provisional',
      'rules.team',
      'rules.review',
    ]);
  });

  it("a challenge states how the average counts instead of a team's score", () => {
    render(<ProgramRules program={{ ...program, kind: 'individualMatch', thresholdSteps: 8000 }} />);
    expect(screen.getByText('rules.challenge')).toBeTruthy();
    expect(screen.queryByText('rules.team')).toBeNull();
  });
});
