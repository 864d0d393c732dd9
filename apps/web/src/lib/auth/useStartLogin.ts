import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { startLogin } from './startLogin.ts';

/** The click handler of every "log in" button and link. */
export function useStartLogin() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    async (event?: { preventDefault(): void }) => {
      event?.preventDefault();
      navigate(await startLogin(`${location.pathname}${location.search}${location.hash}`));
    },
    [navigate, location],
  );
}
