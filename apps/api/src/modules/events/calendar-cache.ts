import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** A finished calendar feed: its text and the same bytes gzipped once, for clients that take it. */
export type CachedCalendar = { body: Buffer; gzipped: Buffer };

/**
 * Finished calendar feeds kept in this process for a few minutes (decision 033): phones poll a
 * subscribed feed, and building one is the most work any public request does. The key is the
 * normalised query and the events' version (an import changes it, so the next request builds
 * anew); the oldest entry goes when `maxEntries` are held. Each instance keeps its own.
 */
export function createCalendarCache(options: {
  ttlMs: number;
  maxEntries: number;
  now: () => Date;
}) {
  const entries = new Map<string, CachedCalendar & { expires: number }>();
  /** Feeds being built: a second request for one waits for that build, not a build of its own. */
  const building = new Map<string, Promise<unknown>>();
  return {
    /**
     * The cached feed for `key`, else the one `build` gives (cached when it is a text; anything
     * else, such as a 404 answer, is handed back as it is). Requests for a key while it is being
     * built share that build (two phones polling one area's feed cost one build).
     */
    async getOrBuild<Other extends object>(
      key: string,
      build: () => Promise<string | Other>,
    ): Promise<CachedCalendar | Other> {
      const cached = this.get(key);
      if (cached) return cached;
      const pending = building.get(key) as Promise<CachedCalendar | Other> | undefined;
      if (pending) return pending;
      const started = (async () => {
        const built = await build();
        return typeof built === 'string' ? this.set(key, built) : built;
      })().finally(() => building.delete(key));
      building.set(key, started);
      return started;
    },

    get(key: string): CachedCalendar | null {
      const entry = entries.get(key);
      if (!entry) return null;
      if (entry.expires <= options.now().getTime()) {
        entries.delete(key);
        return null;
      }
      // Most recently used last, so the first key is the one to let go.
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },

    async set(key: string, text: string): Promise<CachedCalendar> {
      const body = Buffer.from(text, 'utf8');
      const entry = { body, gzipped: await gzipAsync(body), expires: 0 };
      entry.expires = options.now().getTime() + options.ttlMs;
      entries.delete(key);
      entries.set(key, entry);
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return entry;
    },
  };
}
