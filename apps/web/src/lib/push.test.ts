import { describe, expect, it } from 'vitest';
import { pushSetupError } from './push.ts';

/**
 * Issue 55, item 7: a failure that trying again cannot cure is told as such. The errors are those Chromium gives (a
 * private window's "Registration failed - permission denied" is an AbortError) and the Push API's standard names.
 */
const dom = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('pushSetupError', () => {
  it('a subscription refused although the permission is granted is a private window, not "try later"', () => {
    expect(pushSetupError(dom('AbortError', 'Registration failed - permission denied'), 'granted')).toBe('privateWindow');
    expect(pushSetupError(dom('NotAllowedError', 'Registration failed - permission denied'), 'granted')).toBe('privateWindow');
  });
  it('a refused permission is denied', () => {
    expect(pushSetupError(new Error('denied'), 'denied')).toBe('denied');
    expect(pushSetupError(dom('NotAllowedError', 'Permission denied'), 'denied')).toBe('denied');
    expect(pushSetupError(dom('AbortError', 'Registration failed - permission denied'), 'default')).toBe('denied');
  });
  it('no service worker or Push API is unsupported', () => {
    expect(pushSetupError(new Error('serviceWorkerNotReady'), 'granted')).toBe('unsupported');
    expect(pushSetupError(new Error('unsupported'), 'default')).toBe('unsupported');
    expect(pushSetupError(dom('NotSupportedError', 'x'), 'granted')).toBe('unsupported');
    expect(pushSetupError(dom('InvalidStateError', 'no active worker'), 'granted')).toBe('unsupported');
    expect(pushSetupError(dom('SecurityError', 'x'), 'granted')).toBe('unsupported');
  });
  it('only a push service or server that did not answer is worth trying again later', () => {
    expect(pushSetupError(dom('AbortError', 'Registration failed - push service not available'), 'granted')).toBe('failed');
    expect(pushSetupError(new Error('failed'), 'granted')).toBe('failed');
    expect(pushSetupError(new TypeError('Failed to fetch'), 'granted')).toBe('failed');
    expect(pushSetupError(new Error('dismissed'), 'default')).toBe('dismissed');
  });
});
