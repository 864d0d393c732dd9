import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './serviceWorker.ts';

type State = { navigation: { state: 'idle' | 'loading' | 'submitting'; location?: { pathname: string; search: string; hash: string } } };

/** A service worker container and a router, both driven by the test. */
function setUp(controlled: boolean) {
  const events = new EventTarget();
  const register = vi.fn().mockResolvedValue({ update: vi.fn().mockResolvedValue(undefined) });
  const container = Object.assign(events, { controller: controlled ? {} : null, register }) as unknown as ServiceWorkerContainer;
  let subscriber: (state: State) => void = () => {};
  const router = { subscribe: (fn: (state: State) => void) => ((subscriber = fn), () => {}) };
  const assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
  registerServiceWorker(router as never, container);
  const navigate = (pathname: string) => subscriber({ navigation: { state: 'loading', location: { pathname, search: '?q=1', hash: '#a' } } });
  return { container, register, assign, navigate, takeOver: () => events.dispatchEvent(new Event('controllerchange')) };
}

afterEach(() => vi.restoreAllMocks());

describe('the service worker registration', () => {
  it('registers /sw.js for the whole site once the page has loaded', () => {
    const { register } = setUp(false);
    // jsdom's document is complete by the time tests run: registered at once.
    expect(document.readyState).toBe('complete');
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('a new release taking over makes the next navigation a full page load of its address', () => {
    const { assign, navigate, takeOver } = setUp(true);
    navigate('/events');
    expect(assign).not.toHaveBeenCalled();
    takeOver();
    navigate('/library');
    expect(assign).toHaveBeenCalledWith('/library?q=1#a');
  });

  it('the first worker taking control of a page that had none is not a new release', () => {
    const { assign, navigate, takeOver } = setUp(false);
    takeOver();
    navigate('/library');
    expect(assign).not.toHaveBeenCalled();
    // A release after that is.
    takeOver();
    navigate('/surveys');
    expect(assign).toHaveBeenCalledWith('/surveys?q=1#a');
  });
});
