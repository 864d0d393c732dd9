import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Unsaved changes are not lost by accident: leaving the page inside the console asks first (the returned blocker drives
 * a ConfirmDialog), and closing or reloading the tab gets the browser's own warning. `allowNext()` lets the next
 * navigation through (after a save).
 */
export function useUnsavedChanges(dirty: boolean) {
  const allowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowed.current) {
      allowed.current = false;
      return false;
    }
    return dirty && currentLocation.pathname !== nextLocation.pathname;
  });
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return {
    blocker,
    allowNext: () => {
      allowed.current = true;
    },
  };
}
