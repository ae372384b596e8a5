import { getSiteViews, incrementSiteViews } from '@locals/contracts/routes/site-views';
import { describe, expect, it } from 'vitest';
import { checkReply } from '../../testing/contract-reply';
import { aVisitor } from '../../testing/signed-in';
import { useTestApp, type TestApp } from '../../testing/test-app';
import { londonDay } from '../../capabilities/london-time';

type Visitor = ReturnType<typeof aVisitor>;

async function countVisit(visitor: Visitor) {
  const response = await visitor.call(incrementSiteViews, {});
  return checkReply(incrementSiteViews, response, 200);
}

async function readViews(testApp: TestApp) {
  const response = await aVisitor(testApp.app).call(getSiteViews, {});
  return checkReply(getSiteViews, response, 200);
}

describe('site views', () => {
  describe('GET /api/site-views', () => {
    const testApp = useTestApp();

    it('starts at zero with no last visit', async () => {
      expect(await readViews(testApp)).toEqual({
        TotalViews: 0,
        TodayViews: 0,
        LastUpdated: null,
      });
    });
  });

  describe('POST /api/site-views/increment', () => {
    describe('on one day', () => {
      const now = new Date('2025-03-10T12:00:00.000Z');
      const testApp = useTestApp({ now: () => now });

      it('counts a visit in today and the total and records when it happened', async () => {
        const visitor = aVisitor(testApp.app);

        await countVisit(visitor);

        expect(await countVisit(visitor)).toEqual({
          TotalViews: 2,
          TodayViews: 2,
          LastUpdated: '2025-03-10T12:00:00.000Z',
        });
      });
    });

    describe('across midnight', () => {
      // 23:30 and 00:30 British Summer Time are both 30 June in UTC.
      let now = new Date('2025-06-30T22:30:00.000Z');
      const testApp = useTestApp({ now: () => now });

      it('starts a new day at midnight in London, not UTC', async () => {
        const visitor = aVisitor(testApp.app);
        await countVisit(visitor);
        await countVisit(visitor);

        now = new Date('2025-06-30T23:30:00.000Z');
        const afterMidnight = await countVisit(visitor);

        expect(afterMidnight).toMatchObject({ TotalViews: 3, TodayViews: 1 });
        expect(await readViews(testApp)).toMatchObject({
          TotalViews: 3,
          TodayViews: 1,
          LastUpdated: '2025-06-30T23:30:00.000Z',
        });
      });
    });

    describe('at once', () => {
      const testApp = useTestApp();

      it('counts every one of 20 concurrent visits', async () => {
        const visitor = aVisitor(testApp.app);

        await Promise.all(Array.from({ length: 20 }, () => countVisit(visitor)));

        expect(await readViews(testApp)).toMatchObject({ TotalViews: 20, TodayViews: 20 });
      });
    });

    describe('requests', () => {
      const testApp = useTestApp();

      it('accepts an empty JSON body', async () => {
        const response = await aVisitor(testApp.app).send(
          'POST',
          '/api/site-views/increment',
          undefined,
          { 'content-type': 'application/json' },
        );

        await checkReply(incrementSiteViews, response, 200);
      });

      it('limits one address to 30 counted visits a minute', async () => {
        const visitor = aVisitor(testApp.app);
        for (let visit = 0; visit < 30; visit += 1) await countVisit(visitor);

        const response = await visitor.call(incrementSiteViews, {});

        expect(await checkReply(incrementSiteViews, response, 429)).toEqual({
          code: 'rate_limited',
          message: 'Too many requests. Please wait a minute and try again.',
        });
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
