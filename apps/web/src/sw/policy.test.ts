import { describe, expect, it } from 'vitest';
import { requestPolicy, type RequestFacts } from './policy.ts';

const ORIGIN = 'https://hibi.example.com';
const request = (path: string, facts: Partial<Omit<RequestFacts, 'url'>> = {}): RequestFacts => ({
  url: new URL(path, ORIGIN),
  method: 'GET',
  mode: 'cors',
  destination: '',
  ...facts,
});
const page = (path: string) => request(path, { mode: 'navigate', destination: 'document' });

describe('what the service worker does with a request', () => {
  it('pages go to the network (the offline page when it is gone), whatever their path', () => {
    for (const path of ['/', '/events', '/account/profile?tab=1', '/library/12#top', '/offline.html']) {
      expect(requestPolicy(page(path), ORIGIN), path).toBe('navigation');
    }
  });

  it('never caches a call of the API, a members-only file or a download opened as a page', () => {
    for (const facts of [
      request('/api/functions/getMyProfile'),
      request('/api/functions/getMyProfile', { method: 'POST' }),
      request('/api/openapi.json'),
      page('/api/calendar/feed/abc.ics'),
      page('/api/events/calendar/3.ics'),
      request('/media/protected/video/1.mp4?exp=1&sig=x', { destination: 'video' }),
      request('/media/protected/img/a.png?exp=1&sig=x', { destination: 'image' }),
      page('/media/protected/doc.pdf?exp=1&sig=x'),
      page('/media/manuals/login.pdf'),
      // A signed console upload may be members-only (issue 30, finding 1).
      request('/media/uploads/0123456789abcdef0123456789abcdef.png?exp=1&sig=x', { destination: 'image' }),
    ]) {
      expect(requestPolicy(facts, ORIGIN), `${facts.method} ${facts.url.pathname}`).toBe('network');
    }
  });

  it("keeps the build's hashed files and public images, nothing else", () => {
    expect(requestPolicy(request('/assets/index-AbC123.js', { destination: 'script' }), ORIGIN)).toBe('asset');
    expect(requestPolicy(request('/assets/index-AbC123.css', { destination: 'style' }), ORIGIN)).toBe('asset');
    expect(requestPolicy(request('/media/events/1.jpg', { destination: 'image' }), ORIGIN)).toBe('media');
    // Public videos and documents are not kept (large, and ranges).
    expect(requestPolicy(request('/media/events/1.mp4', { destination: 'video' }), ORIGIN)).toBe('network');
    expect(requestPolicy(request('/media/manuals/a.pdf'), ORIGIN)).toBe('network');
    // Other origins and other methods are left alone.
    expect(requestPolicy({ ...request('/assets/x.js'), url: new URL('https://cdn.example.com/assets/x.js') }, ORIGIN)).toBe('network');
    expect(requestPolicy(request('/assets/x.js', { method: 'HEAD' }), ORIGIN)).toBe('network');
    expect(requestPolicy(request('/healthz'), ORIGIN)).toBe('network');
  });
});
