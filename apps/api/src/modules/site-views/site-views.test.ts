import { SiteViewsSchema } from '@locals/contracts/site-views';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, WEB_CLIENT_HEADERS } from '../../testing/test-app';
import { londonDay } from './london-day';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe('site views', () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });

  const increment = (app: TestApp['app']) =>
    app.inject({ method: 'POST', url: '/api/site-views/increment', headers: WEB_CLIENT_HEADERS });

  describe('GET /api/site-views', () => {
    it('starts at zero with no last visit', async () => {
      testApp = await createTestApp();

      const response = await testApp.app.inject({ method: 'GET', url: '/api/site-views' });

      expect(response.statusCode).toBe(200);
      expect(SiteViewsSchema.parse(response.json())).toEqual({
        TotalViews: 0,
        TodayViews: 0,
        LastUpdated: null,
      });
    });
  });

  describe('POST /api/site-views/increment', () => {
    it('counts a visit in today and the total and records when it happened', async () => {
      const now = new Date('2025-03-10T12:00:00.000Z');
      testApp = await createTestApp({ now: () => now });

      await increment(testApp.app);
      const response = await increment(testApp.app);

      expect(response.statusCode).toBe(200);
      expect(SiteViewsSchema.parse(response.json())).toEqual({
        TotalViews: 2,
        TodayViews: 2,
        LastUpdated: '2025-03-10T12:00:00.000Z',
      });
    });

    it('starts a new day at midnight in London, not UTC', async () => {
      // 23:30 and 00:30 British Summer Time are both 30 June in UTC.
      let now = new Date('2025-06-30T22:30:00.000Z');
      testApp = await createTestApp({ now: () => now });
      await increment(testApp.app);
      await increment(testApp.app);

      now = new Date('2025-06-30T23:30:00.000Z');
      const afterMidnight = await increment(testApp.app);

      expect(afterMidnight.json()).toMatchObject({ TotalViews: 3, TodayViews: 1 });
      const read = await testApp.app.inject({ method: 'GET', url: '/api/site-views' });
      expect(read.json()).toMatchObject({
        TotalViews: 3,
        TodayViews: 1,
        LastUpdated: '2025-06-30T23:30:00.000Z',
      });
    });

    it('counts every one of 20 concurrent visits', async () => {
      testApp = await createTestApp();
      const app = testApp.app;

      const responses = await Promise.all(Array.from({ length: 20 }, () => increment(app)));

      expect(responses.every((response) => response.statusCode === 200)).toBe(true);
      const read = await app.inject({ method: 'GET', url: '/api/site-views' });
      expect(read.json()).toMatchObject({ TotalViews: 20, TodayViews: 20 });
    });

    it('accepts an empty JSON body', async () => {
      testApp = await createTestApp();

      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/site-views/increment',
        headers: { ...WEB_CLIENT_HEADERS, 'content-type': 'application/json' },
      });

      expect(response.statusCode).toBe(200);
    });

    it('limits one address to 30 counted visits a minute', async () => {
      testApp = await createTestApp();
      for (let visit = 0; visit < 30; visit += 1) await increment(testApp.app);

      const response = await increment(testApp.app);

      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({
        code: 'rate_limited',
        message: 'Too many requests. Please wait a minute and try again.',
      });
    });
  });
});

describe('londonDay', () => {
  it.each([
    ['2025-01-15T23:59:59Z', '2025-01-15'],
    ['2025-01-16T00:00:00Z', '2025-01-16'],
    ['2025-07-01T22:59:59Z', '2025-07-01'],
    ['2025-07-01T23:00:00Z', '2025-07-02'],
    ['2025-03-30T00:59:59Z', '2025-03-30'],
    ['2025-10-25T23:00:00Z', '2025-10-26'],
  ])('puts %s on %s', (instant, day) => {
    expect(londonDay(new Date(instant))).toBe(day);
  });
});
