import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, THEME_SCRIPT_HASH } from '../src/csp.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const webRoot = path.resolve(import.meta.dirname, '../../web');

/** The inline scripts (no src) of an HTML file, exactly as the browser hashes them. */
function inlineScripts(file: string): string[] {
  const html = fs.readFileSync(path.join(webRoot, file), 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
}
const sha256 = (text: string) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the web app and the Content-Security-Policy', () => {
  it("every inline script of the app's pages has its hash in script-src, and nothing else inline is allowed", () => {
    for (const file of ['index.html', 'offline.html']) {
      const scripts = inlineScripts(file);
      expect(scripts, `${file} sets the theme before the first paint`).toHaveLength(1);
      for (const script of scripts) {
        expect(CONTENT_SECURITY_POLICY.scriptSrc, `${file}: update THEME_SCRIPT_HASH in apps/server/src/csp.ts`).toContain(sha256(script));
      }
    }
    expect(CONTENT_SECURITY_POLICY.scriptSrc).toEqual(["'self'", THEME_SCRIPT_HASH]);
  });
});

describe('serving the built web app', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    // A small build of our own: the files the server treats specially.
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hibi-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="ja"><head><title>Hibi</title></head><body></body></html>');
    fs.writeFileSync(path.join(dist, 'offline.html'), '<!doctype html><title>offline</title>');
    fs.writeFileSync(path.join(dist, 'console.html'), '<!doctype html><title>console</title>');
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Hibi', start_url: '/' }));
    fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), 'console.log(1);');
    fs.writeFileSync(
      path.join(dist, 'route-preloads.json'),
      JSON.stringify({
        '/library/new': { js: ['assets/New-1.js'], css: [] },
        '/library/:id': { js: ['assets/Article-1.js', 'assets/RichText-1.js'], css: ['assets/Article-1.css'] },
        '/evil': { js: ['"><script>alert(1)</script>'], css: ['../etc/passwd'] },
      }),
    );
    t = await createTestApp({ seed: false, env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('lets only the console’s pages use the camera, for check-in at the door (issue 33)', async () => {
    const console = await get('/console/events/1/sessions/2/checkin');
    expect(console.statusCode).toBe(200);
    expect(console.headers['permissions-policy']).toBe('camera=(self), microphone=(), geolocation=(), payment=()');
    for (const url of ['/events/1', '/', '/offline.html']) expect((await get(url)).headers['permissions-policy'], url).toContain('camera=()');
  });

  it('serves the service worker as JavaScript that is never taken from a cache without asking', async () => {
    const res = await get('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('addEventListener');
  });

  it('serves the web app manifest with its media type, revalidated on each use', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json().start_url).toBe('/');
  });

  it('hashed assets are immutable; pages and the offline page are revalidated', async () => {
    expect((await get('/assets/index-AbC123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A build file that is not there is a 404, never the app's page (a cache would keep HTML as the script).
    const missing = await get('/assets/index-Gone00.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toMatch(/html/);
    expect((await get('/offline.html')).headers['cache-control']).toBe('no-cache');
    const page = await get('/events');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('every response allows the worker and the manifest from this origin only, and the theme script by its hash', async () => {
    for (const url of ['/', '/sw.js', '/manifest.webmanifest']) {
      const csp = String((await get(url)).headers['content-security-policy']);
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("manifest-src 'self'");
      expect(csp).toContain(`script-src 'self' ${THEME_SCRIPT_HASH}`);
      expect(csp).not.toContain('unsafe-inline');
    }
  });

  const page = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const htmlTag = (body: string) => /<html[^>]*>/.exec(body)?.[0];

  it('serves every page in the browser’s language until the member picks one (Accept-Language, then hibi_lang)', async () => {
    const english = await page('/library', { 'accept-language': 'en-US,en;q=0.9' });
    expect(english.statusCode).toBe(200);
    expect(htmlTag(english.body)).toBe('<html lang="en" data-lang-source="browser">');
    expect(english.headers['vary']).toContain('Accept-Language');
    expect(english.headers['vary']).toContain('Cookie');
    expect(english.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(htmlTag((await page('/', { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.8' })).body)).toBe('<html lang="ja" data-lang-source="browser">');
    expect(htmlTag((await page('/', { 'accept-language': 'fr-FR' })).body)).toBe('<html lang="ja" data-lang-source="default">');
    expect(htmlTag((await page('/', {})).body)).toBe('<html lang="ja" data-lang-source="default">');
    // The member's choice wins over the browser's; an unknown value does not count.
    const chosen = await page('/events', { 'accept-language': 'en-US', cookie: 'hibi_lang=ja' });
    expect(htmlTag(chosen.body)).toBe('<html lang="ja" data-lang-source="choice">');
    expect(htmlTag((await page('/events', { 'accept-language': 'en-US', cookie: 'hibi_lang=<x>' })).body)).toBe(
      '<html lang="en" data-lang-source="browser">',
    );
    // The page file itself is never served as it was built (it would have no language of the request).
    expect(htmlTag((await page('/index.html', { 'accept-language': 'en' })).body)).toBe('<html lang="en" data-lang-source="browser">');
  });

  it("links a screen's own files from the page of its path (decision 137), static routes before parameters", async () => {
    const article = (await get('/library/12?from=top')).body;
    expect(article).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/Article-1.css"><link rel="modulepreload" crossorigin href="/assets/Article-1.js"><link rel="modulepreload" crossorigin href="/assets/RichText-1.js"></head>',
    );
    const fresh = (await get('/library/new')).body;
    expect(fresh).toContain('href="/assets/New-1.js"');
    expect(fresh).not.toContain('Article-1');
    // Unknown paths and deeper paths link nothing; names that are not build files are never written into the page.
    for (const url of ['/nowhere', '/library/12/more', '/evil']) {
      expect((await get(url)).body, url).not.toMatch(/modulepreload|stylesheet|<script>/);
    }
  });
});
