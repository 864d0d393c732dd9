import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { isDevtoolPath } from '../../features/devtool/api/is-devtool-path.ts';
import NotFoundPage from './NotFoundPage.tsx';

/** Only in builds made with the tool (vite.config.ts): otherwise the screen is not in the build at all. */
const DevtoolPage = __WITH_DEVTOOL__ ? lazy(() => import('../../features/devtool/pages/DevtoolPage.tsx')) : null;

/**
 * Every unknown path. The hidden developer tool (issue 7) also lives behind this route: the server says whether
 * the path is the tool's (the function exists only when DEVTOOL_PATH is set), so nothing in the bundle names it.
 */
export default function CatchAllPage() {
  if (!DevtoolPage) return <NotFoundPage />;
  return <DevtoolOrNotFound />;
}

function DevtoolOrNotFound() {
  const { pathname } = useLocation();
  const [checked, setChecked] = useState<{ path: string; tool: boolean } | null>(null);

  useEffect(() => {
    let live = true;
    void isDevtoolPath(pathname).then((tool) => live && setChecked({ path: pathname, tool }));
    return () => {
      live = false;
    };
  }, [pathname]);

  if (!checked || checked.path !== pathname) return null;
  if (!checked.tool) return <NotFoundPage />;
  const Tool = DevtoolPage!;
  return (
    <Suspense fallback={null}>
      <Tool />
    </Suspense>
  );
}
