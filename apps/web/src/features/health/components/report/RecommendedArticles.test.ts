import { describe, expect, it } from 'vitest';
import { pickArticles } from './RecommendedArticles.tsx';

const a = (id: number) => ({ id, title: `A${id}`, imageUrl: `/a${id}.svg` });

describe('recommended articles', () => {
  it('takes up to perTag of each tag, in order, without repeating an article', () => {
    expect(pickArticles([{ reportArticles: [a(1), a(2), a(3), a(4)] }, { reportArticles: [a(2), a(5), a(6), a(7)] }], 3).map((x) => x.id)).toEqual([
      1, 2, 3, 5, 6, 7,
    ]);
  });
  it('skips a tag whose answer has not come', () => {
    expect(pickArticles([undefined, { reportArticles: [a(9)] }], 6).map((x) => x.id)).toEqual([9]);
  });
});
