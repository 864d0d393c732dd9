// Checks the citations of the product's rules (`npm run lint`): they point to the project's own pages,
// docs/requirements/<page>.md#<anchor> (docs/requirements/README.md says how the pages and anchors are written).
//
// - every cited page and anchor exists, and no anchor is defined twice;
// - no tracked file outside docs/requirements cites the documents the pages replaced, which a clone of the repository
//   does not have (the forms in LEFTOVERS: the old documents' names, their section signs, paths outside the
//   repository), and the pages never point back at them.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REQUIREMENTS = 'docs/requirements/';
const SELF = 'scripts/check-requirements.mjs';

/** What must not remain outside docs/requirements: the documents the pages replaced, named or by section sign. */
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

const problems = checkReferences(trackedFiles());
if (problems.length > 0) {
  console.error('Citations of the product rules must point to docs/requirements/<page>.md#<anchor> (scripts/check-requirements.mjs):');
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
