import NotFoundPage from './NotFoundPage.tsx';

/**
 * Every unknown path. The hidden developer tool (issue 7) also lives behind this route: it is shown only
 * when the server confirms the path, so nothing in the bundle names it.
 */
export default function CatchAllPage() {
  return <NotFoundPage />;
}
