import {
  TEAMS_PER_LEAGUE_DEFAULT,
  type ConsoleIndividualMatch,
  type ConsoleTeamMatch,
  type FormationMode,
  type IndividualMatchInput,
  type TeamMatchInput,
} from '@hibi/contract/console/programs';
import {
  INDIVIDUAL_THRESHOLD_DEFAULT,
  PROGRAM_DAILY_CAP_DEFAULT,
  PROGRAM_GRACE_DAYS_DEFAULT,
  TEAM_MIN_SIZE,
} from '@hibi/contract/functions/programs';
import { fromLocalized, type LocalizedForm } from '../../../components/editor/values.ts';

/** The dates both kinds share, as the date inputs hold them (YYYY-MM-DD, Japan days). */
export interface DatesForm {
  entryFrom: string;
  entryTo: string;
  startDate: string;
  endDate: string;
}

/** The editors' numbers are the inputs' texts: '' is "not filled", which the schema refuses. */
export interface CountingForm {
  dailyCap: string;
  graceDays: string;
}

export interface TeamMatchForm extends DatesForm, CountingForm {
  name: LocalizedForm;
  /** Ids as the checkboxes' values. */
  tenantIDs: string[];
  formationMode: FormationMode;
  minTeamSize: string;
  teamsPerLeague: string;
}

export interface PrizeForm {
  name: LocalizedForm;
  winners: string;
}

export interface IndividualMatchForm extends DatesForm, CountingForm {
  name: LocalizedForm;
  tenantIDs: string[];
  thresholdSteps: string;
  prizes: PrizeForm[];
}

/** A number field's text for the payload: '' and anything not a number are NaN, which the schema refuses as invalid. */
export const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

const datesOf = (item: DatesForm | null): DatesForm => ({
  entryFrom: item?.entryFrom ?? '',
  entryTo: item?.entryTo ?? '',
  startDate: item?.startDate ?? '',
  endDate: item?.endDate ?? '',
});

export function teamMatchToForm(item: ConsoleTeamMatch | null): TeamMatchForm {
  return {
    name: fromLocalized(item?.name),
    tenantIDs: (item?.tenantIDs ?? []).map(String),
    ...datesOf(item),
    formationMode: item?.formationMode ?? 'balanced',
    minTeamSize: String(item?.minTeamSize ?? TEAM_MIN_SIZE),
    teamsPerLeague: String(item?.teamsPerLeague ?? TEAMS_PER_LEAGUE_DEFAULT),
    dailyCap: String(item?.dailyCap ?? PROGRAM_DAILY_CAP_DEFAULT),
    graceDays: String(item?.graceDays ?? PROGRAM_GRACE_DAYS_DEFAULT),
  };
}

export function teamMatchPayload(values: TeamMatchForm, teamMatchID: number | null) {
  return {
    ...(teamMatchID === null ? {} : { teamMatchID }),
    name: { ja: values.name.ja, en: values.name.en },
    tenantIDs: values.tenantIDs.map(Number),
    entryFrom: values.entryFrom,
    entryTo: values.entryTo,
    startDate: values.startDate,
    endDate: values.endDate,
    formationMode: values.formationMode,
    minTeamSize: numberOf(values.minTeamSize),
    teamsPerLeague: numberOf(values.teamsPerLeague),
    dailyCap: numberOf(values.dailyCap),
    graceDays: numberOf(values.graceDays),
  };
}

export const emptyPrize = (): PrizeForm => ({ name: { ja: '', en: '' }, winners: '1' });

export function individualMatchToForm(item: ConsoleIndividualMatch | null): IndividualMatchForm {
  return {
    name: fromLocalized(item?.name),
    tenantIDs: (item?.tenantIDs ?? []).map(String),
    ...datesOf(item),
    thresholdSteps: String(item?.thresholdSteps ?? INDIVIDUAL_THRESHOLD_DEFAULT),
    dailyCap: String(item?.dailyCap ?? PROGRAM_DAILY_CAP_DEFAULT),
    graceDays: String(item?.graceDays ?? PROGRAM_GRACE_DAYS_DEFAULT),
    prizes: item ? item.prizes.map((prize) => ({ name: fromLocalized(prize.name), winners: String(prize.winners) })) : [emptyPrize()],
  };
}

export function individualMatchPayload(values: IndividualMatchForm, individualMatchID: number | null) {
  return {
    ...(individualMatchID === null ? {} : { individualMatchID }),
    name: { ja: values.name.ja, en: values.name.en },
    tenantIDs: values.tenantIDs.map(Number),
    entryFrom: values.entryFrom,
    entryTo: values.entryTo,
    startDate: values.startDate,
    endDate: values.endDate,
    thresholdSteps: numberOf(values.thresholdSteps),
    dailyCap: numberOf(values.dailyCap),
    graceDays: numberOf(values.graceDays),
    prizes: values.prizes.map((prize) => ({ name: { ja: prize.name.ja, en: prize.name.en }, winners: numberOf(prize.winners) })),
  };
}

/**
 * The server's date rules (console/programs.ts), checked before sending so the form points at the field: the code
 * and the field it belongs to, or null when the dates agree. Checked only once every date is filled in.
 */
export function dateRuleBroken(dates: DatesForm): { code: 'endBeforeStart' | 'entryWindowInvalid'; field: keyof DatesForm } | null {
  const { entryFrom, entryTo, startDate, endDate } = dates;
  if (!entryFrom || !entryTo || !startDate || !endDate) return null;
  if (endDate < startDate) return { code: 'endBeforeStart', field: 'endDate' };
  if (entryTo < entryFrom || entryTo > endDate) return { code: 'entryWindowInvalid', field: 'entryTo' };
  if (entryFrom > startDate) return { code: 'entryWindowInvalid', field: 'entryFrom' };
  return null;
}

export type { TeamMatchInput, IndividualMatchInput };

/** Steps and counts as the console writes numbers (grouped thousands). */
export const formatCount = (value: number) => value.toLocaleString('ja-JP');
