import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { PAGE_DATA_ID, readPageData, serializePageData, type PageData } from './pageData.ts';

const page = (title: string, error: unknown = null): PageData => ({
  locale: 'ja',
  session: null,
  queries: {
    mutations: [],
    queries: [
      {
        queryKey: ['library', 'article', 1],
        queryHash: '["library","article",1]',
        dehydratedAt: 1,
        state: {
          data: error ? undefined : { title },
          error: error as Error | null,
          status: error ? 'error' : 'success',
          fetchStatus: 'idle',
          dataUpdateCount: 1,
          dataUpdatedAt: 1,
          errorUpdateCount: 0,
          errorUpdatedAt: 0,
          fetchFailureCount: 0,
          fetchFailureReason: null,
          fetchMeta: null,
          isInvalidated: false,
        },
      },
    ],
  },
  router: { loaderData: { root: null } },
  messages: { common: { title: 'Hibi' } },
  parts: [],
});

function mount(json: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PAGE_DATA_ID;
  // As the HTML parser would: the text up to the first </script>.
  script.textContent = json.split('</script>')[0]!;
  document.body.append(script);
}

afterEach(() => document.getElementById(PAGE_DATA_ID)?.remove());

describe('the page data of a server-rendered page', () => {
  it('cannot end its script early: a title with </script> and <!-- comes back whole', () => {
    const title = '</script><script>alert(1)</script><!-- \u2028';
    const json = serializePageData(page(title));
    expect(json).not.toContain('<');
    mount(json);
    expect((readPageData()!.queries.queries[0]!.state.data as { title: string }).title).toBe(title);
  });

  it('gives back a failed query as an ApiError, as the screens expect it', () => {
    mount(serializePageData(page('', { apiError: true, errorCode: 'notFound', status: 200, validationErrorMessage: [] })));
    const error = readPageData()!.queries.queries[0]!.state.error;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errorCode).toBe('notFound');
  });

  it('is absent from a page the server did not render, and damaged data counts as absent', () => {
    expect(readPageData()).toBeNull();
    mount('{"locale":');
    expect(readPageData()).toBeNull();
  });
});
