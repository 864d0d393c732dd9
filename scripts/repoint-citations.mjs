// Points the code's citations of the product's rules at the project's own pages, docs/requirements (issue 56).
//
// Comments, tests and decision records used to cite two spec documents and a product-decisions file that live outside
// the repository ("spec 1 §4", "spec 2 §9", "product-decisions §11"). Their rules are now restated in
// docs/requirements; this script rewrites each citation into the page and anchor that holds the rule, e.g.
// `(spec 1 §4)` -> `(docs/requirements/events.md#events-session-button)`.
//
//   node scripts/repoint-citations.mjs           rewrite every tracked file (git ls-files), then list any citation the
//                                                table below has no entry for and exit 1 if there is one
//   node scripts/repoint-citations.mjs --dry     the same, writing nothing: prints each replacement
//   node scripts/repoint-citations.mjs --check   writing nothing: exit 1 when a tracked file outside docs/requirements
//                                                still cites the old documents, or cites a docs/requirements page or
//                                                anchor that does not exist (run by `npm run lint`)
//
// Idempotent: a rewritten file holds no citation of the old documents, so a second run changes nothing. It works on
// whatever files exist when it runs (files move; citation texts and their context do not).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REQUIREMENTS = 'docs/requirements/';
const SELF = 'scripts/repoint-citations.mjs';

/** A page's anchor as the code cites it. */
const at = (page, anchor) => `docs/requirements/${page}.md#${anchor}`;

// ---------------------------------------------------------------------------------------------------------------
// The table: every section of the old documents the code cites, and where its rule is now. A section held several
// rules, so an entry may be a list of [context, target] pairs tried in order against the citing line (then against
// the two lines before it, for a comment that names its subject earlier), ending with the target used otherwise.
// ---------------------------------------------------------------------------------------------------------------

/** @type {Record<string, string | Array<[RegExp, string] | string>>} */
const SECTIONS = {
  'spec 1 §2': [
    [/slider/i, at('content', 'content-image-slider')],
    [/password-setup|login (screen|page)/i, at('auth', 'auth-login')],
    [/chart|steps log/i, at('health', 'health-home-charts')],
    [/home|carousel|event/i, at('events', 'events-home')],
    at('web', 'web-shell'),
  ],
  'spec 1 §3': [
    [/events share|section model/i, at('content', 'content-sections')],
    [/genre/i, at('content', 'content-genres')],
    [/section/i, at('content', 'content-sections')],
    [/session|reservationType/i, at('events', 'events-model')],
    [/health|chart|steps/i, at('health', 'health-data')],
    at('content', 'content-sections'),
  ],
  'spec 1 §4': [
    [/terms|agree/i, at('auth', 'auth-terms-gate')],
    [/language/i, at('web', 'web-language-switch')],
    [/reserveStatus|statuses|reserve status|reservation status/i, at('events', 'events-reserve-status')],
    [/button/i, at('events', 'events-session-button')],
    [/one[- ]day|86,400,000|period|end minus 1 ms|end - 1 ms/i, at('events', 'events-one-day')],
    [/cancel|reserv|book|waiting list/i, at('events', 'events-reservation')],
    [/read more|page by page|paging|offset\/perPage/i, at('web', 'web-lists')],
    [/back where they were|after login/i, at('auth', 'auth-login-flow')],
    [/sign-out|signs? out|rejected token|re-authenticat|localStorage|keeps of a sign-in|sign-in/i, at('auth', 'auth-stored-session')],
    [/chart|week|health/i, at('health', 'health-week')],
    [/event/i, at('events', 'events-reservation')],
    at('auth', 'auth-login-flow'),
  ],
  'spec 1 §5': [
    [/both fields|login|both messages/i, at('auth', 'auth-login')],
    [/survey/i, at('surveys', 'surveys-validation')],
    at('events', 'events-questionnaire'),
  ],
  'spec 1 §7': [[/health|chart/i, at('health', 'health-calls')], at('events', 'events-calls')],
  'spec 1 §8': [
    [/reset/i, at('auth', 'auth-password-reset')],
    [/button|booking|business error codes|reserv/i, at('events', 'events-reservation-errors')],
    [/sign|login|attempt/i, at('auth', 'auth-login-errors')],
    at('events', 'events-reservation-errors'),
  ],
  'spec 1 §9': [
    [/carousel|autoplay/i, at('events', 'events-home')],
    [/week/i, at('health', 'health-week')],
    [/chart|steps|health log/i, at('health', 'health-steps-chart')],
    [/chunk|web app/i, at('web', 'web-constants')],
    'docs/requirements/README.md#requirements-constants',
  ],
  'spec 2 §1': [[/team/i, at('account', 'account-teams')], at('help', 'help-about')],
  'spec 2 §2': [
    [/FAQ|categories/i, at('help', 'help-faq')],
    [/tool|devtool|validation/i, at('account', 'account-devtool')],
    [/route table|every route/i, at('web', 'web-routes')],
    [/navigation|scroll/i, at('web', 'web-navigation')],
    [/frame|background image/i, at('account', 'account-area')],
    [/report|healthStats/i, at('health', 'health-report')],
    at('web', 'web-routes'),
  ],
  'spec 2 §3': [
    [/ideal weight/i, at('health', 'health-ideal-weight')],
    [/profile response/i, at('account', 'account-profile')],
    [/signup/i, at('auth', 'auth-signup')],
    [/survey|question type/i, at('surveys', 'surveys-model')],
    [/disclosed|accessTypes/i, at('account', 'account-disclosure')],
    [/health|chart|report/i, at('health', 'health-data')],
    [/profile/i, at('account', 'account-profile')],
    at('account', 'account-profile'),
  ],
  'spec 2 §4': [
    [/FAQ/i, at('help', 'help-faq-windows')],
    [/withdrawal|withdraw themselves|lite plan|contract type 5/i, at('account', 'account-withdrawal')],
    [/survey|an answer resets/i, at('surveys', 'surveys-detail')],
    [/recommend|weakest categor|library articles/i, at('health', 'health-recommended')],
    [/accessTypes|disclosed/i, at('account', 'account-disclosure')],
    [/friend|Become Friends|Requested|read more/i, at('account', 'account-friends')],
    [/My page|profile/i, at('account', 'account-profile')],
    [/report|health/i, at('health', 'health-report')],
    at('account', 'account-profile'),
  ],
  'spec 2 §5': [[/signup/i, at('auth', 'auth-signup')], at('surveys', 'surveys-validation')],
  'spec 2 §6': [
    [/withdraw|lite plan/i, at('account', 'account-withdrawal')],
    [/disclos|accessTypes/i, at('account', 'account-disclosure')],
    at('account', 'account-disclosure'),
  ],
  'spec 2 §7': [[/health|report|chart/i, at('health', 'health-calls')], at('account', 'account-calls')],
  'spec 2 §8': [
    [/FAQ|help/i, at('help', 'help-faq')],
    [/friend/i, at('account', 'account-friend-profile')],
    [/registration|register|reset|テナントユーザー/i, at('auth', 'auth-password-reset')],
    [/signup/i, at('auth', 'auth-signup')],
    [/survey/i, at('surveys', 'surveys-errors')],
    at('auth', 'auth-password-reset'),
  ],
  'spec 2 §9': [
    [/logging|log\b|logged/i, at('platform', 'platform-logging')],
    [/ideal weight|22 x|22 ×/i, at('health', 'health-ideal-weight')],
    [/team/i, at('account', 'account-teams')],
    [/height to one decimal|units|plus cm|plus `cm`/i, at('account', 'account-profile')],
    [/first month|lifestyle report offers|month/i, at('health', 'health-report')],
    [/weight of 0|not measured|cumulative|histogram|top x%/i, at('health', 'health-report-charts')],
    [/web app/i, at('web', 'web-constants')],
    'docs/requirements/README.md#requirements-constants',
  ],
  'product-decisions §1': at('platform', 'platform-parts'),
  'product-decisions §2': [
    [/rate[- ]limit/i, at('auth', 'auth-rate-limits')],
    [/sign up|mailed link|emailed link/i, at('auth', 'auth-emailed-links')],
    [/envelope|error codes/i, at('platform', 'platform-errors')],
    at('platform', 'platform-protocol'),
  ],
  'product-decisions §3': at('platform', 'platform-visibility'),
  'product-decisions §4': [[/translation|English|language/i, at('platform', 'platform-language')], at('platform', 'platform-time')],
  'product-decisions §5': at('platform', 'platform-email'),
  'product-decisions §6': at('platform', 'platform-configuration'),
  'product-decisions §7': at('platform', 'platform-demo-content'),
  'product-decisions §8': [
    [/\/api\/console|console's entry|envelope/i, at('console', 'console-entry')],
    [/help pages|editors own/i, at('console', 'console-roles')],
    [/calendar|publish/i, at('console', 'console-publishing')],
    [/audit/i, at('console', 'console-audit-log')],
    [/CSV|export/i, at('console', 'console-exports')],
    [/demo|TOTP secret/i, at('console', 'console-bootstrap')],
    [/sign-in|sign in|TOTP|recovery code/i, at('console', 'console-sign-in')],
    [/media|JPEG|upload/i, at('console', 'console-media')],
    [/second entry|\/console\/|web app/i, at('console', 'console-web')],
    [/operator accounts|unrelated|apart from members/i, at('console', 'console-operators')],
    at('console', 'console-entry'),
  ],
  'product-decisions §9': [
    [/React|Preact|runtime/i, at('platform', 'platform-react')],
    [/cookie|session|localStorage|bearer/i, at('platform', 'platform-web-sessions')],
    at('platform', 'platform-rendering'),
  ],
  'product-decisions §10': at('platform', 'platform-runtime'),
  'product-decisions §11': [
    [/privacy floor|respondents|at least 5|suppress/i, at('insights', 'insights-privacy-floor')],
    [/bound to (its|one) tenant|HR operator|company role|`company`|HR\b/i, at('insights', 'insights-company-role')],
    [/insights|aggregates|\/insights/i, at('insights', 'insights-figures')],
    [/contract|purge/i, at('insights', 'insights-contract-end')],
    at('insights', 'insights-company-role'),
  ],
  'product-decisions §12': at('notifications', 'notifications-web-push'),
  'product-decisions §13': at('passkeys', 'passkeys-members'),
  'product-decisions §14': at('events', 'events-check-in'),
  'product-decisions §15': at('time-machine', 'time-machine-preview'),
  'product-decisions §16': at('later', 'later-programs-counting'),
  'product-decisions §17': at('later', 'later-points'),
  'product-decisions §18': at('later', 'later-magazine'),
};

/**
 * Citations a section number alone cannot place, or whose wording has to change to read well, as exact texts and
 * their replacements. Applied before the table. Also the bare "§8" and "spec 2" forms that name the old documents
 * only by the context around them.
 */
const PHRASES = [
  // Ranges and pairs that read better as one page.
  ['(spec 1 §2-§5, §8)', '(docs/requirements/events.md)'],
  ['(spec 1 §4/§9, spec 2 §4/§9)', '(docs/requirements/health.md)'],
  ['(spec 1 §3/§7, spec 2 §3/§7/§9)', '(docs/requirements/health.md#health-data, docs/requirements/health.md#health-calls)'],
  [
    'Spec 2 §4/§9 give the report rules in a few words; spec 1 §4/§9 the chart rules.',
    'docs/requirements/health.md#health-report gives the report rules in a few words; docs/requirements/health.md#health-week the chart rules.',
  ],
  [
    'Spec 2 §3–§5 and §8, product-decisions §2:',
    'docs/requirements/auth.md#auth-signup, docs/requirements/auth.md#auth-emailed-links and docs/requirements/auth.md#auth-password-reset:',
  ],
  [
    'Numbers only the web app uses (spec 1 §9, spec 2 §9)',
    'Numbers only the web app uses (docs/requirements/web.md#web-constants, docs/requirements/health.md#health-report-charts)',
  ],
  ['(spec 1 §9, spec 2 §9)', '(docs/requirements/README.md#requirements-constants)'],
  ['(spec 1 §4, §5)', '(docs/requirements/events.md)'],
  ['(spec 1 §5, spec 2 §5)', '(docs/requirements/events.md#events-questionnaire, docs/requirements/surveys.md#surveys-validation)'],
  ['(spec 1 §2 slider rules)', '(docs/requirements/content.md#content-image-slider)'],
  ['(spec 2 §2 route table)', '(docs/requirements/web.md#web-routes)'],
  [
    '(product-decisions §8; its times follow §4)',
    '(docs/requirements/console.md#console-publishing; its times follow docs/requirements/platform.md#platform-time)',
  ],
  ["product-decisions §11's privacy floor", 'the privacy floor of docs/requirements/insights.md#insights-privacy-floor'],
  ['product-decisions §6 and §10', 'docs/requirements/platform.md#platform-configuration and docs/requirements/platform.md#platform-runtime'],
  // A section named after a citation of the same document ("Spec 2 §3 lists ... and §6 says").
  ['distributionStatus) and §6 says', 'distributionStatus) and docs/requirements/account.md#account-disclosure says'],
  ["Spec 1 §3 names an event's `sessions`", "docs/requirements/events.md#events-model names an event's `sessions`"],
  ['values exist", and §4 says', 'values exist", and docs/requirements/events.md#events-session-button says'],
  // Bare sections of product-decisions, cited by files that named the document elsewhere.
  ['envelope of §2', 'envelope of docs/requirements/platform.md#platform-errors'],
  ['the §2 envelope', 'the envelope of docs/requirements/platform.md#platform-errors'],
  ['The §2 envelope;', 'The envelope of docs/requirements/platform.md#platform-errors;'],
  ['(verifyTotp returns it, §8)', '(verifyTotp returns it, docs/requirements/console.md#console-functions)'],
  ['§8 asks for OWASP ASVS L2', 'docs/requirements/console.md#console-sign-in asks for OWASP ASVS L2'],
  ['§8: who did what', 'docs/requirements/console.md#console-audit-log: who did what'],
  ['Issue 15, item 4 and §8:', 'Issue 15, item 4 and docs/requirements/console.md#console-publishing:'],
  ['§8: JPEG, PNG and WebP', 'docs/requirements/console.md#console-media: JPEG, PNG and WebP'],
  ['Issue 16 item 4 and §8 (', 'Issue 16 item 4 and docs/requirements/people.md#people-invitation-codes ('],
  ['(owner and support, §8)', '(owner and support, docs/requirements/people.md#people-invitation-codes)'],
  ['§8: support searches members', 'docs/requirements/people.md#people-members: support searches members'],
  ['time machine (§15)', 'time machine (docs/requirements/time-machine.md#time-machine-preview)'],
  ['follows §11 with', 'follows docs/requirements/insights.md#insights-privacy-floor with'],
  ['activity data (§8)', 'activity data (docs/requirements/people.md#people-members)'],
  ['audited (§11)', 'audited (docs/requirements/insights.md#insights-company-role)'],
  ['The demo operators of §8 and §11', 'The demo operators (docs/requirements/console.md#console-bootstrap)'],
  ['// §11: the HR team', '// docs/requirements/insights.md#insights-company-role: the HR team'],
  // "spec 1" and "spec 2" without a section.
  ['(spec 1: other values exist;', '(docs/requirements/events.md#events-model: other values exist;'],
  ['(spec 1: "other values exist";', '(docs/requirements/events.md#events-model: "other values exist";'],
  ['every other value books in the app (spec 1).', 'every other value books in the app (docs/requirements/events.md#events-model).'],
  ['(spec 1, constants)', '(docs/requirements/health.md#health-log-chart)'],
  ['(spec 2, monthly report)', '(docs/requirements/health.md#health-report-charts)'],
  ['(spec 2, locales)', '(docs/requirements/platform.md#platform-language)'],
  ['(spec 2, team walk)', '(docs/requirements/account.md#account-teams)'],
  ['may withdraw themselves, spec 2)', 'may withdraw themselves, docs/requirements/account.md#account-withdrawal)'],
  ['Spec 1 lists `reservationType`', 'docs/requirements/events.md#events-model lists `reservationType`'],
  ['Spec 2 names five report categories', 'docs/requirements/health.md#health-report-charts names five report categories'],
  ['Spec 2 names team matches', 'docs/requirements/account.md#account-teams names team matches'],
  ['Spec 1 and spec 2 show', 'docs/requirements/auth.md#auth-password-reset shows'],
  ['Spec 2 asks for no password on these screens', 'docs/requirements/auth.md#auth-password-reset asks for no password on these screens'],
  ['(spec 2), now put into', '(docs/requirements/platform.md#platform-language), now put into'],
];

// ---------------------------------------------------------------------------------------------------------------

/**
 * A citation of the old documents: "spec 1 §4", "Spec 2 §3, §6", "spec 1 §4/§9", "product-decisions §6 and §10",
 * "Product decisions §3", "product\ndecisions §9" (a line break inside), followed by one section or more.
 */
const CITATION =
  /\b(?:(?<spec>[Ss]pec ?(?<n>[12]))|(?<pd>[Pp]roduct(?:-|[ \t]|\n[ \t]*(?:\*|\/\/|--|#)?[ \t]*)[Dd]ecisions))(?<sections>[ \t]*§\d+(?:\.\d+)*(?:(?:[ \t]*(?:,|\/|–|-|and)[ \t]*)§\d+(?:\.\d+)*)*)/g;
/** What must not remain outside docs/requirements: the old documents named, or a bare section sign of theirs. */
const LEFTOVERS = [
  /\b[Ss]pec ?[12]\b/g,
  /\b[Pp]roduct[- ]?[Dd]ecisions\b/g,
  /spec\/[12]-[a-z-]+\.md/g,
  /(?:\.\.|\/work)\/shared\b/g,
  /(?<!RFC \d{3,5} )§\s?\d/g,
];
/** A cited page of docs/requirements, with or without an anchor. */
const PAGE_REF = /docs\/requirements\/(?<page>[A-Za-z0-9_-]+)\.md(?:#(?<anchor>[A-Za-z0-9_-]+))?/g;

function trackedFiles() {
  let list;
  try {
    list = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\0');
  } catch {
    list = walk('');
  }
  return list.filter((file) => file && !file.split('/').includes('node_modules') && file !== SELF && fs.existsSync(path.join(ROOT, file)));
}

function walk(dir) {
  const out = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    if (['.git', 'node_modules', 'dist', 'dist-ssr', 'data', '.tmp'].includes(entry.name)) continue;
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...walk(rel));
    else out.push(rel);
  }
  return out;
}

/** The text of a tracked file, or null when it is binary or large. */
function readText(file) {
  const full = path.join(ROOT, file);
  if (fs.statSync(full).size > 4 * 1024 * 1024) return null;
  const text = fs.readFileSync(full, 'utf8');
  return text.includes('\0') ? null : text;
}

const lineOf = (text, index) => text.slice(0, index).split('\n').length;

/** The line holding `index`, and the two lines before it. */
function contexts(text, index) {
  const lines = text.split('\n');
  const n = lineOf(text, index) - 1;
  return [lines[n] ?? '', lines.slice(Math.max(0, n - 2), n).join('\n')];
}

/** The sections of a citation's list: "§3–§5 and §8" -> [3, 4, 5, 8]. */
function sectionsOf(list) {
  const out = [];
  const parts = [...list.matchAll(/(?<sep>,|\/|–|-|and)?[ \t]*§(?<num>\d+(?:\.\d+)*)/g)];
  for (const part of parts) {
    const { sep, num } = part.groups;
    const previous = out.at(-1);
    if ((sep === '–' || sep === '-') && previous && /^\d+$/.test(previous) && /^\d+$/.test(num)) {
      for (let s = Number(previous) + 1; s <= Number(num); s += 1) out.push(String(s));
    } else out.push(num);
  }
  return out;
}

/** Where one section's citation goes, or null when the table has no entry for it. */
function targetOf(key, text, index) {
  const entry = SECTIONS[key];
  if (entry === undefined) return null;
  if (typeof entry === 'string') return entry;
  for (const context of contexts(text, index)) {
    for (const rule of entry) if (Array.isArray(rule) && rule[0].test(context)) return rule[1];
  }
  return entry.find((rule) => typeof rule === 'string');
}

/** The file's text with every citation rewritten, the replacements made and the citations without an entry. */
function rewrite(text, file = '') {
  const done = [];
  let out = text;
  for (const [from, to] of PHRASES) {
    if (out.includes(from)) {
      done.push([from, to]);
      out = out.split(from).join(to);
    }
  }
  const missing = [];
  out = out.replace(CITATION, (match, ...args) => {
    const groups = args.at(-1);
    const index = args.at(-3);
    const doc = groups.spec ? `spec ${groups.n}` : 'product-decisions';
    const targets = [];
    for (const section of sectionsOf(groups.sections)) {
      const target = targetOf(`${doc} §${section}`, out, index);
      if (target === null) {
        missing.push(`${doc} §${section}`);
        return match;
      }
      if (!targets.includes(target)) targets.push(target);
    }
    // Three rules or more of one page: the page itself.
    const pages = new Set(targets.map((target) => target.split('#')[0]));
    if (targets.length > 2 && pages.size === 1) targets.splice(0, targets.length, [...pages][0]);
    const to = targets.length === 2 && / and /.test(groups.sections) ? targets.join(' and ') : targets.join(', ');
    done.push([match, to]);
    return to;
  });
  if (file.endsWith('.md') && done.length > 0) out = linked(out, file);
  return { out, done, missing };
}

/**
 * In a Markdown file the new citations are links, relative to the file, so that they open where Markdown is read:
 * `[docs/requirements/events.md#events-list](../requirements/events.md#events-list)`. A citation that is already a
 * link's text or target is left alone.
 */
function linked(text, file) {
  return text.replace(/(?<!\[|\]\(|`|\/)docs\/requirements\/(?<page>[A-Za-z0-9_-]+\.md)(?<anchor>#[A-Za-z0-9_-]+)?/g, (match, ...args) => {
    const { page, anchor = '' } = args.at(-1);
    const target = path.posix.relative(path.posix.dirname(file), `${REQUIREMENTS}${page}`);
    return `[${match}](${target}${anchor})`;
  });
}

/** Leftover mentions of the old documents in a text, as "line: excerpt". */
function leftovers(text) {
  const found = [];
  for (const pattern of LEFTOVERS) {
    for (const match of text.matchAll(pattern)) {
      const line = text.split('\n')[lineOf(text, match.index) - 1].trim();
      found.push(`${lineOf(text, match.index)}: ${line.slice(0, 160)}`);
    }
  }
  return [...new Set(found)];
}

/** A Markdown text with its fenced code blocks blanked (line numbers kept): examples there define and cite nothing. */
const withoutCode = (text) => text.replace(/^```[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, ' '));

/** The anchors each page of docs/requirements defines. */
function requirementPages() {
  const pages = new Map();
  const dir = path.join(ROOT, REQUIREMENTS);
  if (!fs.existsSync(dir)) return pages;
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.md'))) {
    const text = withoutCode(fs.readFileSync(path.join(dir, name), 'utf8'));
    const anchors = [...text.matchAll(/<a id="([a-z0-9-]+)"><\/a>/g)].map((m) => m[1]);
    const duplicates = anchors.filter((a, i) => anchors.indexOf(a) !== i);
    pages.set(name.slice(0, -3), { anchors: new Set(anchors), duplicates, text });
  }
  return pages;
}

/** Problems with the pages and every citation of them: unknown pages or anchors, duplicate ids, old documents. */
function checkReferences(files) {
  const problems = [];
  const pages = requirementPages();
  const allAnchors = new Map([...pages].flatMap(([page, { anchors }]) => [...anchors].map((a) => [a, page])));
  for (const [page, { duplicates, anchors }] of pages) {
    for (const anchor of duplicates) problems.push(`${REQUIREMENTS}${page}.md: anchor #${anchor} defined twice`);
    for (const anchor of anchors) {
      if (allAnchors.get(anchor) !== page) problems.push(`${REQUIREMENTS}${page}.md: anchor #${anchor} also on ${allAnchors.get(anchor)}.md`);
    }
  }
  const missingRef = (file, text, index, page, anchor) => {
    const known = pages.get(page);
    if (!known) return `${file}:${lineOf(text, index)}: no page ${REQUIREMENTS}${page}.md`;
    if (anchor && !known.anchors.has(anchor)) return `${file}:${lineOf(text, index)}: no anchor #${anchor} on ${REQUIREMENTS}${page}.md`;
    return null;
  };
  for (const file of files) {
    const raw = readText(file);
    if (raw === null) continue;
    const inside = file.startsWith(REQUIREMENTS);
    const text = inside ? withoutCode(raw) : raw;
    for (const match of text.matchAll(PAGE_REF)) {
      const problem = missingRef(file, text, match.index, match.groups.page, match.groups.anchor);
      if (problem) problems.push(problem);
    }
    if (inside) {
      // The pages link each other relatively: (events.md#events-list), (#account-disclosure).
      const page = path.basename(file, '.md');
      for (const match of text.matchAll(/\]\((?:(?<page>[A-Za-z0-9_-]+)\.md)?(?:#(?<anchor>[A-Za-z0-9_-]+))?\)/g)) {
        if (!match.groups.page && !match.groups.anchor) continue;
        const problem = missingRef(file, text, match.index, match.groups.page ?? page, match.groups.anchor);
        if (problem) problems.push(problem);
      }
      // The pages replace the external documents: they never point back at them.
      for (const pattern of [/(?:\.\.|\/work)\/shared\b/g, /\b[Pp]roduct[- ]?[Dd]ecisions\b/g, /\b[Ss]pec ?[12] ?§/g]) {
        for (const m of text.matchAll(pattern)) problems.push(`${file}:${lineOf(text, m.index)}: points at the external documents`);
      }
    } else {
      for (const found of leftovers(text)) problems.push(`${file}:${found}`);
    }
  }
  return problems;
}

function main() {
  const mode = process.argv.includes('--check') ? 'check' : process.argv.includes('--dry') ? 'dry' : 'write';
  const files = trackedFiles();
  if (mode === 'check') {
    const problems = checkReferences(files);
    if (problems.length > 0) {
      console.error('Citations of the product rules must point to docs/requirements/<page>.md#<anchor> (scripts/repoint-citations.mjs):');
      for (const problem of problems) console.error(`  ${problem}`);
      process.exit(1);
    }
    return;
  }
  let changed = 0;
  let replaced = 0;
  const missing = [];
  for (const file of files) {
    if (file.startsWith(REQUIREMENTS)) continue;
    const text = readText(file);
    if (text === null) continue;
    const result = rewrite(text, file);
    for (const key of result.missing) missing.push(`${file}: ${key}`);
    if (result.out === text) continue;
    changed += 1;
    replaced += result.done.length;
    if (mode === 'dry') for (const [from, to] of result.done) console.log(`${file}: ${JSON.stringify(from)} -> ${to}`);
    else fs.writeFileSync(path.join(ROOT, file), result.out);
  }
  console.log(`${mode === 'dry' ? 'Would rewrite' : 'Rewrote'} ${replaced} citations in ${changed} files.`);
  const rest = [];
  for (const file of files) {
    if (file.startsWith(REQUIREMENTS)) continue;
    const text = mode === 'dry' ? rewrite(readText(file) ?? '', file).out : readText(file);
    if (text) for (const found of leftovers(text)) rest.push(`${file}:${found}`);
  }
  if (missing.length > 0 || rest.length > 0) {
    console.error('Citations without an entry in the table (add one to SECTIONS or PHRASES):');
    for (const line of [...new Set([...missing, ...rest])]) console.error(`  ${line}`);
    process.exit(1);
  }
}

main();
