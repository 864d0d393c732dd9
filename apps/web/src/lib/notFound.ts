import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { requestScope } from './requestScope.ts';

/**
 * A screen whose object does not exist (an unknown or malformed id). Rendered on the server, the page answers 404 with
 * the not-found page at its own address (decision 140); in the browser the app moves to /notFound as before.
 * The screen shows the not-found page itself meanwhile, so the server's HTML and the first client render agree.
 */
export function useNotFound(notFound: boolean) {
  const navigate = useNavigate();
  const scope = requestScope();
  if (scope && notFound) scope.status = 404;
  useEffect(() => {
    if (notFound) void navigate('/notFound', { replace: true });
  }, [notFound, navigate]);
}
