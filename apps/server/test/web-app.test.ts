import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, THEME_SCRIPT_HASH } from '../src/csp.ts';

const webRoot = path.resolve(import.meta.dirname, '../../web');

/** The inline scripts (no src) of an HTML file, exactly as the browser hashes them. */
function inlineScripts(file: string): string[] {
  const html = fs.readFileSync(path.join(webRoot, file), 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
}
const sha256 = (text: string) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the web app and the Content-Security-Policy', () => {
  it("every inline script of the app's pages has its hash in script-src, and nothing else inline is allowed", () => {
    for (const file of ['index.html']) {
      const scripts = inlineScripts(file);
      expect(scripts, `${file} sets the theme before the first paint`).toHaveLength(1);
      for (const script of scripts) {
        expect(CONTENT_SECURITY_POLICY.scriptSrc, `${file}: update THEME_SCRIPT_HASH in apps/server/src/csp.ts`).toContain(sha256(script));
      }
    }
    expect(CONTENT_SECURITY_POLICY.scriptSrc).toEqual(["'self'", THEME_SCRIPT_HASH]);
  });
});
