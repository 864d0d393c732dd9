// The files of a screen, linked from the page the server serves for its path (decision 137): the web build writes
// route-preloads.json (route pattern -> the screen's scripts and styles beyond the entry's), and the page for
// /library/12 names the article screen's chunks, so the browser fetches them beside the entry's code instead of after
// the entry has run and asked for them.
import fs from 'node:fs';
import path from 'node:path';

type Table = Record<string, { js: string[]; css: string[] }>;

/** A route pattern of the web app (`/library/:id`) as a regular expression of a path. */
function patternOf(route: string): RegExp {
  const parts = route.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('/')}/?$`);
}

const FILE = /^assets\/[\w.-]+\.(js|css)$/;

/**
 * Reads the build's table; answers a function from a path to the `<link>` tags of its screen ('' for a path no route
 * names, or when the build has no table). Static routes win over routes with parameters (`/library/new` over
 * `/library/:id`), as in the router. With the names of the lazily loaded parts a server render used (`part:<name>` in
 * the table, decision 140), their files are linked too, each file once.
 */
export function loadRoutePreloads(webDistDir: string): (pathname: string, parts?: readonly string[]) => string {
  const file = path.join(webDistDir, 'route-preloads.json');
  if (!fs.existsSync(file)) return () => '';
  const table = JSON.parse(fs.readFileSync(file, 'utf8')) as Table;
  const routes = Object.entries(table)
    .filter(([route]) => route.startsWith('/'))
    .sort(([a], [b]) => Number(a.includes(':')) - Number(b.includes(':')))
    .map(([route, files]) => ({ pattern: patternOf(route), files }));
  const links = (sets: { js: string[]; css: string[] }[]) => {
    const css = new Set(sets.flatMap((files) => files.css).filter((f) => FILE.test(f)));
    const js = new Set(sets.flatMap((files) => files.js).filter((f) => FILE.test(f)));
    return [
      ...[...css].map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
      ...[...js].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    ].join('');
  };
  return (pathname, parts = []) => {
    const route = routes.find((candidate) => candidate.pattern.test(pathname))?.files;
    const partFiles = parts.flatMap((name) => (Object.hasOwn(table, `part:${name}`) ? [table[`part:${name}`]!] : []));
    return links([...(route ? [route] : []), ...partFiles]);
  };
}
