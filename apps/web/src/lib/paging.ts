/**
 * Lists are read page by page with offset/perPage (docs/requirements/web.md#web-lists): "read more" only while the last page came back full.
 * The getNextPageParam of every infinite query: the next offset, or undefined when the last page was short.
 */
export function nextOffset<Page>(perPage: number, items: (page: Page) => readonly unknown[]) {
  return (last: Page, pages: readonly Page[]): number | undefined => (items(last).length === perPage ? pages.length * perPage : undefined);
}
