/**
 * Prints latency figures of the content calls on the embedded database with the demo content:
 *   node --import tsx apps/server/bench/content.bench.ts
 * (TEST_DATABASE_URL=postgres://... to run it on PostgreSQL). Figures only; nothing is asserted.
 */
import { createTestApp } from '../test/helpers.ts';

const RUNS = 50;
const t = await createTestApp();
const token = await t.login('member@example.com');
const cases: [string, Record<string, unknown>, string | undefined][] = [
  ['getAnnouncements', { perPage: 10 }, token],
  ['getAnnouncementById', { id: 2 }, token],
  ['getReportArticleTop', {}, undefined],
  ['getReportArticleTop', {}, token],
  ['getNewArrivalReportArticles', { perPage: 9 }, token],
  ['getReportArticlesByTag', { tagIds: ['genre4'], sortBy: 'popular', perPage: 9 }, token],
  ['getReportArticleRanking', {}, token],
  ['getReportArticlePopularTags', {}, token],
  ['getReportArticleById', { id: 1 }, token],
];
console.log(`database: ${t.database.kind}, ${RUNS} calls each`);
for (const [name, payload, auth] of cases) {
  await t.callRaw(name, payload, auth);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const res = await t.callRaw(name, payload, auth);
    times.push(performance.now() - start);
    if (!res.body.succeed) throw new Error(`${name} failed`);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(`${name.padEnd(30)} ${auth ? 'member' : 'guest '}  median ${p(0.5)} ms  p95 ${p(0.95)} ms`);
}
await t.close();
