// Checks the decision records and every citation of them (`npm run lint`):
//
// - every record docs/decisions/NNN-<slug>.md opens with its title `# NNN…`, a blank line, then
//     Status: accepted | superseded by NNN | amended by NNN[, NNN…]
//     Date: YYYY-MM-DD
//   and the records a status names exist and are later ones;
// - every decision cited anywhere in the repository's text files exists: "decision 164", "decisions 158–173" (both
//   ends), "decisions 160, 163 and 170", "docs/decisions/055" and a record's file name, "055-production-runtime.md".
//
// `node scripts/stamp-decisions.mjs` writes the two lines into a new record.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DATE, STATUS } from './decision-format.mjs';

const root = path.resolve(import.meta.dirname, '..');
const DIR = 'docs/decisions';
const files = fs.readdirSync(path.join(root, DIR)).filter((f) => f.endsWith('.md'));
const errors = [];

const records = new Map(); // number -> file name
for (const f of files) {
  const m = /^(\d{3})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/.exec(f);
  if (!m) {
    errors.push(`${DIR}/${f}: a record's name is NNN-words-in-lower-case.md`);
    continue;
  }
  if (records.has(m[1])) errors.push(`${DIR}/${f}: number ${m[1]} is taken by ${records.get(m[1])}`);
  records.set(m[1], f);
}

for (const [number, f] of records) {
  const lines = fs.readFileSync(path.join(root, DIR, f), 'utf8').split('\n');
  const where = `${DIR}/${f}`;
  if (!new RegExp(`^# ${number}\\b`).test(lines[0])) errors.push(`${where}:1: the title starts with "# ${number}"`);
  if (lines[1] !== '') errors.push(`${where}:2: a blank line follows the title`);
  const status = STATUS.exec(lines[2] ?? '');
  if (!status) errors.push(`${where}:3: "Status: accepted", "Status: superseded by NNN" or "Status: amended by NNN, NNN"`);
  else
    for (const later of (status[2] ?? status[3] ?? '').split(', ').filter(Boolean)) {
      if (!records.has(later)) errors.push(`${where}:3: no record ${later} (docs/decisions/${later}-*.md)`);
      else if (later <= number) errors.push(`${where}:3: ${later} is not a later record than ${number}`);
    }
  const date = DATE.exec(lines[3] ?? '');
  if (!date) errors.push(`${where}:4: "Date: YYYY-MM-DD" (the day the record was added)`);
  else if (Number.isNaN(Date.parse(`${date[1]}-${date[2]}-${date[3]}T00:00:00Z`)) || Number(date[2]) > 12 || Number(date[3]) > 31)
    errors.push(`${where}:4: ${lines[3]} is no date`);
  if (lines[4] !== '') errors.push(`${where}:5: a blank line follows the date`);
}

// Citations, in every text file git knows of (committed or new, not ignored).
const TEXT = /\.(md|ts|tsx|mts|js|mjs|cjs|json|sql|sh|css|html|ya?ml|txt)$/;
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((f) => TEXT.test(f) && !f.endsWith('package-lock.json') && fs.existsSync(path.join(root, f)));

const N = String.raw`\d{3}(?:\s*[–-]\s*\d{3})?`;
const CITED = new RegExp(String.raw`\bdecisions?\s+(${N}(?:(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|to)\s+)${N})*)\b`, 'gi');
const PATH = /docs\/decisions\/(\d{3})(?:[–-](\d{3})\b)?/g;
const FILE = /(?<![\w-])(\d{3}-[a-z0-9]+(?:-[a-z0-9]+)*\.md)\b/g;

for (const f of tracked) {
  const text = fs.readFileSync(path.join(root, f), 'utf8');
  const lineOf = (index) => text.slice(0, index).split('\n').length;
  const need = (number, index, what) => {
    if (!records.has(number)) errors.push(`${f}:${lineOf(index)}: "${what}" cites decision ${number}, which has no record in ${DIR}`);
  };
  for (const m of text.matchAll(CITED))
    for (const part of m[1].split(/\s*(?:,|\band\b|\bor\b|\bto\b)\s*/).filter(Boolean))
      for (const number of part.split(/\s*[–-]\s*/)) need(number.trim(), m.index, m[0]);
  for (const m of text.matchAll(PATH)) {
    need(m[1], m.index, m[0]);
    if (m[2]) need(m[2], m.index, m[0]);
  }
  for (const m of text.matchAll(FILE)) {
    const number = m[1].slice(0, 3);
    if (records.get(number) !== m[1])
      errors.push(
        `${f}:${lineOf(m.index)}: "${m[1]}" names no record${records.has(number) ? ` (decision ${number} is ${records.get(number)})` : ''}`,
      );
  }
}

if (errors.length > 0) {
  for (const e of errors) console.error(e);
  console.error(`decision records: ${errors.length} problem(s)`);
  process.exit(1);
}
console.log(`decision records: ${records.size} records with status and date, every citation found (${tracked.length} files read)`);
