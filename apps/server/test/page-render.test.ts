import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { createMember } from './fixtures.ts';

/**
 * The server's side of server rendering (decision 140) with a small server entry of our own in `<dist>-ssr/`: what the
 * server gives the entry (the path, the language, an in-process transport carrying the page's cookie), how it answers
 * with what the entry renders (status, head, streamed body, data), and the shell whenever the entry fails.
 */
const ENTRY = `
import { Readable } from 'node:stream';
export async function renderPage(request) {
  const url = new URL(request.url);
  if (url.pathname === '/boom') throw new Error('render failed');
  if (url.pathname === '/nothing') return null;
  if (url.pathname === '/moved') return { kind: 'redirect', status: 302, location: '/terms' };
  const config = await request.transport('getConfig', { locale: request.locale });
  const me = await request.transport('authenticateWithToken', { locale: request.locale });
  const body = '<p>' + url.pathname + ' ' + request.locale + ' terms=' + config.body.termsVersion + ' me=' + me.status + ' session=' + request.hasSession + '</p>';
  return {
    kind: 'page',
    status: url.pathname === '/gone' ? 404 : 200,
    head: '<title data-ssr-head="">Rendered</title>',
    body: Readable.from([body]),
    data: '<script type="application/json" id="hibi-page-data">{}</script>',
    parts: url.pathname === '/' ? ['home-events', 'no-such-part'] : [],
  };
}
`;

describe('server rendering of pages', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hibi-web-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="ja"><head><title>Hibi</title></head><body><div id="root"></div><script type="module" src="/assets/index-1.js"></script></body></html>',
    );
    fs.writeFileSync(
      path.join(dist, 'route-preloads.json'),
      JSON.stringify({
        '/': { js: ['assets/Home-1.js'], css: [] },
        '/library/:id': { js: ['assets/Article-1.js'], css: [] },
        'part:home-events': { js: ['assets/HomeEvents-1.js', 'assets/Home-1.js'], css: ['assets/events-1.css'] },
      }),
    );
    fs.mkdirSync(`${dist}-ssr`);
    fs.writeFileSync(path.join(`${dist}-ssr`, 'entry-server.js'), ENTRY);
    t = await createTestApp({ seed: false, env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
    fs.rmSync(`${dist}-ssr`, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('puts the rendered app into the root, its head in place of the title, and the data after it', async () => {
    const res = await get('/library/3', { 'accept-language': 'en-US,en;q=0.9' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toBe('Accept-Language, Cookie, Accept-Encoding');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain('<html lang="en" data-lang-source="browser">');
    expect(res.body).toContain('<head><title data-ssr-head="">Rendered</title>');
    expect(res.body).not.toContain('<title>Hibi</title>');
    // The page paints from its HTML: the app's script is held back, listed for /boot.js to load after the paint.
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).toContain('<script src="/boot.js" defer></script>');
    // The entry's calls ran through the function entry: a real answer (the terms version), a guest's 401.
    expect(res.body).toMatch(
      /<div id="root"><p>\/library\/3 en terms=\d+ me=401 session=false<\/p><\/div><script type="application\/json" id="hibi-page-data">\{\}<\/script><script type="application\/json" id="hibi-app-code">\{"entry":"\/assets\/index-1\.js","modules":\[/,
    );
  });

  it('compresses the page as the browser accepts: Brotli, else gzip, never a coding it refuses', async () => {
    const plain = (await get('/library/3')).body;
    const br = await t.app.inject({ method: 'GET', url: '/library/3', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(plain));
    const gzip = await t.app.inject({ method: 'GET', url: '/library/3', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain);
    const none = await t.app.inject({ method: 'GET', url: '/library/3', headers: { 'accept-encoding': 'identity, gzip;q=0' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain);
  });

  it("the in-process calls carry the page's session cookie, and a member's page is private", async () => {
    const member = await createMember(t.database.db);
    const res = await get('/', { cookie: `hibi_session=${member.token}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('me=200 session=true');
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('links the styles of the screen and of the lazily loaded parts it rendered, and lists their scripts for later, each once', async () => {
    const home = (await get('/')).body;
    expect(home).toContain('<link rel="stylesheet" crossorigin href="/assets/events-1.css">');
    expect(home.match(/Home-1\.js/g)).toHaveLength(1);
    expect(home).not.toContain('modulepreload');
    const code = JSON.parse(/<script type="application\/json" id="hibi-app-code">(.*?)<\/script>/.exec(home)![1]!) as {
      entry: string;
      modules: string[];
    };
    expect(code.entry).toBe('/assets/index-1.js');
    expect(code.modules).toContain('/assets/HomeEvents-1.js');
    expect(new Set(code.modules).size).toBe(code.modules.length);
    const article = (await get('/library/3')).body;
    expect(article).toContain('"/assets/Article-1.js"');
    expect(article).not.toContain('events-1.css');
  });

  it('answers with the status the render gave, and redirects as the routes say', async () => {
    expect((await get('/gone')).statusCode).toBe(404);
    const moved = await get('/moved');
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('/terms');
  });

  it('a render that fails or declines gives the shell, never a 500', async () => {
    for (const url of ['/boom', '/nothing']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<title>Hibi</title>');
    }
  });

  it('never serves the server entry itself', async () => {
    for (const url of ['/entry-server.js', `/../${path.basename(dist)}-ssr/entry-server.js`, '/assets/entry-server.js']) {
      const res = await get(url);
      expect(res.body, url).not.toContain('renderPage');
    }
  });
});
