import { describe, expect, it } from 'vitest';
import { ChangeFeed } from './changes.ts';
import { ReadCache, type CachePolicy } from '../core/read-cache.ts';

/** What the feed counts from each kind of notice (migrations 0700 and 0720; decisions 110 and 138). */
describe('the change feed', () => {
  it("counts a member's row as a write to the table and to that member's rows only", () => {
    const feed = new ChangeFeed();
    const table = feed.epoch(['health_logs']);
    const seven = feed.memberEpoch(['health_logs'], 7);
    const eight = feed.memberEpoch(['health_logs'], 8);
    feed.receive('health_logs@7');
    expect(feed.epoch(['health_logs'])).not.toBe(table);
    expect(feed.memberEpoch(['health_logs'], 7)).not.toBe(seven);
    expect(feed.memberEpoch(['health_logs'], 8)).toBe(eight);
    // A row of no one (a guest's view): the table only.
    const again = feed.memberEpoch(['health_logs'], 7);
    feed.receive('health_logs@-');
    expect(feed.memberEpoch(['health_logs'], 7)).toBe(again);
  });

  it("counts a plain table notice (a shared table, TRUNCATE) as a write to everyone's rows", () => {
    const feed = new ChangeFeed();
    const seven = feed.memberEpoch(['daily_steps'], 7);
    feed.receive('daily_steps');
    expect(feed.memberEpoch(['daily_steps'], 7)).not.toBe(seven);
  });

  it('tells the session listeners of an account row and of an ended session', () => {
    const feed = new ChangeFeed();
    const told: number[] = [];
    feed.onUser((id) => told.push(id));
    feed.receive('users@12');
    feed.receive('user:13');
    feed.receive('health_logs@14');
    expect(told).toEqual([12, 13]);
  });
});

describe("a member's form of a kept answer", () => {
  const policy: CachePolicy = { tables: ['events'], ownTables: ['event_favorites'], audience: () => 'member', nextChange: async () => null };
  const db = null as never;

  it('is served while the kept answer and the member’s rows are unchanged, and not after either changes', async () => {
    const feed = new ChangeFeed();
    feed.setLive(true);
    const cache = new ReadCache(feed);
    const now = Date.now();
    await cache.put('k', policy, db, cache.epochOf(policy, null), now, { events: [] }, Buffer.from('{"succeed":true,"events":[]}'));
    const kept = cache.get('k', now)!;
    const mine = Buffer.from('{"mine":1}');
    cache.putPersonal('k', kept, policy, 5, feed.memberEpoch(policy.ownTables!, 5), now, mine);
    expect(cache.personal('k', kept, 5, feed.memberEpoch(policy.ownTables!, 5), now)).toBe(mine);
    // Another member's favourite changes nothing of member 5's form.
    feed.receive('event_favorites@6');
    expect(cache.get('k', now)).toBe(kept);
    expect(cache.personal('k', kept, 5, feed.memberEpoch(policy.ownTables!, 5), now)).toBe(mine);
    // Their own favourite does.
    feed.receive('event_favorites@5');
    expect(cache.personal('k', kept, 5, feed.memberEpoch(policy.ownTables!, 5), now)).toBeNull();
    // And a new kept answer (an event was edited) leaves no member's old form behind.
    cache.putPersonal('k', kept, policy, 5, feed.memberEpoch(policy.ownTables!, 5), now, mine);
    feed.receive('events');
    expect(cache.get('k', now)).toBeNull();
    await cache.put('k', policy, db, cache.epochOf(policy, null), now, { events: [1] }, Buffer.from('{"succeed":true,"events":[1]}'));
    const renewed = cache.get('k', now)!;
    expect(cache.personal('k', renewed, 5, feed.memberEpoch(policy.ownTables!, 5), now)).toBeNull();
  });
});

describe("a member's kept marks (decision 169)", () => {
  const policy: CachePolicy = { tables: ['events'], ownTables: ['event_reservations'], audience: () => 'member', nextChange: async () => null };
  const own = (feed: ChangeFeed, member: number) => feed.memberEpoch(policy.ownTables!, member);

  it("are kept while the member's own rows are unchanged, whatever else is written, and for five minutes at most", () => {
    const feed = new ChangeFeed();
    feed.setLive(true);
    const cache = new ReadCache(feed);
    const now = Date.now();
    cache.putMarks('getEvents|5|1,2', policy, 5, own(feed, 5), now, { reserved: [1] });
    expect(cache.marksOf('getEvents|5|1,2', own(feed, 5), now)).toEqual({ marks: { reserved: [1] } });
    // The shared list renewed, another member's booking: still member 5's marks.
    feed.receive('events');
    feed.receive('event_reservations@6');
    expect(cache.marksOf('getEvents|5|1,2', own(feed, 5), now)).toEqual({ marks: { reserved: [1] } });
    expect(cache.marksOf('getEvents|5|1,2', own(feed, 5), now + 5 * 60_000)).toBeNull();
    // Their own booking drops them.
    cache.putMarks('getEvents|5|1,2', policy, 5, own(feed, 5), now, { reserved: [1] });
    feed.receive('event_reservations@5');
    expect(cache.marksOf('getEvents|5|1,2', own(feed, 5), now)).toBeNull();
  });

  it('are not kept when the member’s rows changed while they were read, nor while the feed is down', () => {
    const feed = new ChangeFeed();
    feed.setLive(true);
    const cache = new ReadCache(feed);
    const now = Date.now();
    const before = own(feed, 5);
    feed.receive('event_reservations@5');
    cache.putMarks('getEvents|5|1', policy, 5, before, now, { reserved: [] });
    expect(cache.marksOf('getEvents|5|1', own(feed, 5), now)).toBeNull();
    expect(cache.marksOf('getEvents|5|1', before, now)).toBeNull();
    feed.setLive(false);
    cache.putMarks('getEvents|5|1', policy, 5, own(feed, 5), now, { reserved: [] });
    feed.setLive(true);
    expect(cache.marksOf('getEvents|5|1', own(feed, 5), now)).toBeNull();
  });
});
