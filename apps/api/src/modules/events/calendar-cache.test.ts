import { describe, expect, it } from 'vitest';
import { createCalendarCache } from './calendar-cache';

const MINUTE = 60 * 1000;

describe('the calendar feed cache', () => {
  const cacheAt = (now: () => Date) =>
    createCalendarCache({ ttlMs: 5 * MINUTE, maxEntries: 2, now });

  // Issue 25: two phones polling the same area's feed should cost one build, not two.
  it('shares one build between requests for a feed while it is being built', async () => {
    const cache = cacheAt(() => new Date('2026-11-27T10:00:00Z'));
    let builds = 0;
    let finish: (text: string) => void = () => {};
    const build = () => {
      builds += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    };

    const first = cache.getOrBuild('BS1 4DJ', build);
    const second = cache.getOrBuild('BS1 4DJ', build);
    finish('BEGIN:VCALENDAR');
    const [a, b] = await Promise.all([first, second]);

    expect(builds).toBe(1);
    expect(a).toBe(b);
    expect(await cache.getOrBuild('BS1 4DJ', build)).toBe(a);
    expect(builds).toBe(1);
  });

  it('keeps no answer that is not a feed, so the next request asks again', async () => {
    const cache = cacheAt(() => new Date('2026-11-27T10:00:00Z'));
    let builds = 0;
    const notFound = { code: 'postcode_not_found', message: 'We could not find ZZ9 9ZZ.' };
    const build = () => {
      builds += 1;
      return Promise.resolve(notFound);
    };

    expect(await cache.getOrBuild('ZZ9 9ZZ', build)).toBe(notFound);
    expect(await cache.getOrBuild('ZZ9 9ZZ', build)).toBe(notFound);
    expect(builds).toBe(2);
  });

  it('builds again once the feed is 5 minutes old, and lets the least recently used go', async () => {
    let now = new Date('2026-11-27T10:00:00Z');
    const cache = cacheAt(() => now);
    const built: string[] = [];
    const build = (key: string) => () => {
      built.push(key);
      return Promise.resolve(`feed ${key}`);
    };

    await cache.getOrBuild('a', build('a'));
    await cache.getOrBuild('b', build('b'));
    await cache.getOrBuild('a', build('a'));
    await cache.getOrBuild('c', build('c'));
    await cache.getOrBuild('a', build('a'));
    expect(built).toEqual(['a', 'b', 'c']);
    await cache.getOrBuild('b', build('b'));
    expect(built).toEqual(['a', 'b', 'c', 'b']);

    now = new Date(now.getTime() + 5 * MINUTE);
    const again = await cache.getOrBuild('b', build('b'));
    expect(built).toEqual(['a', 'b', 'c', 'b', 'b']);
    expect('gzipped' in again && again.body.toString()).toBe('feed b');
  });
});
