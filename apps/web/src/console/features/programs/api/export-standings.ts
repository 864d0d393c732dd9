import { useMutation } from '@tanstack/react-query';
import { downloadCsv } from '../../../lib/download.ts';

/** Saves a round's standings as CSV (exportTeamMatchStandings; UTF-8 with BOM); resolves with the file's name. */
export function exportStandings(teamMatchID: number) {
  return downloadCsv('exportTeamMatchStandings', { teamMatchID });
}

export function useExportStandings() {
  return useMutation({ mutationFn: exportStandings });
}
