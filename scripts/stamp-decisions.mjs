// Writes the status and date lines under a decision record's title (the format scripts/check-decisions.mjs checks):
//
//   # NNN — Title
//
//   Status: accepted
//   Date: YYYY-MM-DD
//
// `node scripts/stamp-decisions.mjs` stamps every record that has no such lines yet: status `accepted`, the date of the
// commit that added the file (today for a file not committed yet). Status and date lines found elsewhere in the
// record's head (an older layout) are taken over. A record a later one overtakes is marked by hand:
// `Status: superseded by NNN` or `Status: amended by NNN, NNN`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DATE, STATUS } from './decision-format.mjs';

const root = path.resolve(import.meta.dirname, '..');
const DIR = 'docs/decisions';

const addedOn = (file) =>
  execFileSync('git', ['log', '--diff-filter=A', '--follow', '--format=%as', '--', file], { cwd: root, encoding: 'utf8' }).trim().split('\n').pop() ||
  new Date().toISOString().slice(0, 10);

let stamped = 0;
for (const f of fs.readdirSync(path.join(root, DIR)).filter((name) => /^\d{3}-.*\.md$/.test(name))) {
  const file = path.join(root, DIR, f);
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  if (lines[1] === '' && STATUS.test(lines[2] ?? '') && DATE.test(lines[3] ?? '') && lines[4] === '') continue;
  // The head: the lines between the title and the first section or paragraph of text.
  let end = 1;
  while (end < lines.length && (lines[end] === '' || /^(Status|Date):/.test(lines[end]))) end++;
  const head = lines.slice(1, end);
  const date = head.find((l) => DATE.test(l)) ?? `Date: ${addedOn(`${DIR}/${f}`)}`;
  const status = head.find((l) => STATUS.test(l)) ?? 'Status: accepted';
  const rest = head.filter((l) => l !== '' && l !== date && l !== status);
  if (rest.length > 0) {
    console.error(`${DIR}/${f}: its head has lines this script does not know (${rest[0]}); write the status by hand`);
    process.exitCode = 1;
    continue;
  }
  fs.writeFileSync(file, [lines[0], '', status, date, '', ...lines.slice(end)].join('\n'));
  stamped++;
}
console.log(`stamped ${stamped} decision record(s)`);
