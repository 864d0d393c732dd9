import { describe, expect, it } from 'vitest';
import { unpooledUtf8 } from './pipeline.ts';

/** Issue 31's soak: a kept answer must hold its own bytes only, not the shared 8 KB slab Buffer.from cuts it from. */
describe('the bytes of an answer', () => {
  it('are the UTF-8 of the text, in memory of their own however short', () => {
    const text = JSON.stringify({ succeed: true, title: '歩数 ✓ ok' });
    const bytes = unpooledUtf8(text);
    expect(bytes.toString('utf8')).toBe(text);
    expect(bytes.length).toBe(Buffer.byteLength(text));
    expect(bytes.buffer.byteLength).toBe(bytes.length);
    // What it replaces: a short Buffer.from shares a larger slab.
    expect(Buffer.from(text).buffer.byteLength).toBeGreaterThan(Buffer.byteLength(text));
    expect(unpooledUtf8('').length).toBe(0);
  });
});
