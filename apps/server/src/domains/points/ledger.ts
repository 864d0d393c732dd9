// The ledger's public face for the domain's services (issue 58, decision 188): the writes themselves are SQL, so they
// live in the data module data/ledger.ts (decision 157's data folder); services and the quiz and exchange import here.
export * from './data/ledger.ts';
