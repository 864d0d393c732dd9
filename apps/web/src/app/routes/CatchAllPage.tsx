import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { call } from '../../lib/api.ts';
import NotFoundPage from './NotFoundPage.tsx';

const DevtoolPage = lazy(() => import('../../features/devtool/pages/DevtoolPage.tsx'));

/**
 * Every unknown path. The hidden developer tool (issue 7) also lives behind this route: the server says whether
 * the path is the tool's (the function exists only when DEVTOOL_PATH is set), so nothing in the bundle names it.
 */
export default function CatchAllPage() {
  const { pathname } = useLocation();
  const [checked, setChecked] = useState<{ path: string; tool: boolean } | null>(null);

  useEffect(() => {
    let live = true;
    call('isDevtoolPath', { path: pathname }).then(
      (result) => live && setChecked({ path: pathname, tool: result.succeed && result.isDevtool }),
      () => live && setChecked({ path: pathname, tool: false }),
    );
    return () => {
      live = false;
    };
  }, [pathname]);

  if (!checked || checked.path !== pathname) return null;
  if (!checked.tool) return <NotFoundPage />;
  return (
    <Suspense fallback={null}>
      <DevtoolPage />
    </Suspense>
  );
}
