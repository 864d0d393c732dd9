import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '../lib/constants.ts';
import { ChunkLoadError, isChunkLoadError, withTimeout } from './chunks.ts';

describe('screen chunks', () => {
  afterEach(() => vi.useRealTimers());

  it('a chunk that does not come in time fails as a chunk error', async () => {
    vi.useFakeTimers();
    const loading = withTimeout(() => new Promise(() => {}));
    vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS);
    await expect(loading).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('a failed import is a chunk error; a broken screen is not', async () => {
    await expect(withTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /a.js')))).rejects.toBeInstanceOf(
      ChunkLoadError,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    await expect(withTimeout(() => Promise.resolve(1))).resolves.toBe(1);
  });
});
