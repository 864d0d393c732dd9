// The two lines under a decision record's title (docs/decisions/NNN-<slug>.md), as check-decisions.mjs checks them and
// stamp-decisions.mjs writes them.
export const STATUS = /^Status: (accepted|superseded by (\d{3}(?:, \d{3})*)|amended by (\d{3}(?:, \d{3})*))$/;
export const DATE = /^Date: (\d{4})-(\d{2})-(\d{2})$/;
