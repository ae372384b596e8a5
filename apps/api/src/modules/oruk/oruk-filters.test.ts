import type { WeeklyHours } from '@locals/contracts/opening-hours-contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { aService, insertServices } from '../../testing/directory-fixtures';
import { expectValid } from '../../testing/oruk-schemas';
import { useTestApp } from '../../testing/test-app';

/**
 * The feed's schedule and change filters (ORUK 3.0 `day`, `start_time`, `end_time`;
 * HSDS 3.0 `modified_after`): a service is listed when one of the schedules it publishes has
 * that day, opens at or after start_time and closes at or before end_time.
 */

type Schedule = { byday?: string; opens_at?: string; closes_at?: string };
type Page = {
  total_items: number;
  total_pages: number;
  last_page: boolean;
  contents: { id: string; name: string }[];
};

const testApp = useTestApp();

const hours = (...sessions: [number, string, string][]): WeeklyHours => ({
  note: null,
  sessions: sessions.map(([day, opens, closes]) => ({ day, opens, closes })),
});

const BEFORE_CHANGES = new Date('2025-03-01T12:00:00Z');
const SERVICES = [
  aService({
    id: 'mornings',
    name: 'Mornings',
    weeklyHours: hours([1, '09:00', '12:00'], [3, '09:00', '12:00']),
  }),
  // Monday mornings and Tuesday afternoons: no one schedule is Monday from 14:00.
  aService({
    id: 'split',
    name: 'Split',
    weeklyHours: hours([1, '09:00', '12:00'], [2, '14:00', '20:00']),
  }),
  aService({ id: 'evening', name: 'Evening', weeklyHours: hours([6, '18:00', '22:00']) }),
  aService({ id: 'all-day', name: 'All Day', weeklyHours: hours([7, '00:00', '24:00']) }),
  aService({ id: 'in-words', name: 'In Words', openingHours: 'Monday mornings' }),
  aService({ id: 'no-hours', name: 'No Hours' }),
  aService({
    id: 'unverified',
    name: 'Unverified',
    verified: false,
    weeklyHours: hours([1, '09:00', '12:00']),
  }),
].map((service) => ({ ...service, updatedAt: BEFORE_CHANGES }));

async function listed(path: string, query: string): Promise<Page> {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/oruk/${path}?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json<Page>();
  expectValid('page', page);
  return page;
}

async function names(query: string): Promise<string[]> {
  return (await listed('services', query)).contents.map((service) => service.name);
}

/** The schedules a service publishes in full, as a consumer reads them. */
async function schedulesOf(id: string): Promise<Schedule[]> {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/oruk/services/${id}` });
  return response.json<{ schedules: Schedule[] }>().schedules;
}

beforeAll(async () => {
  await insertServices(testApp.database, SERVICES);
});

describe('GET /api/oruk/services?day=&start_time=&end_time=', () => {
  it.each([
    ['day=MO', ['Mornings', 'Split']],
    ['day=mo', ['Mornings', 'Split']],
    ['day=Monday', ['Mornings', 'Split']],
    ['day=SATURDAY', ['Evening']],
    ['day=TH', []],
    ['start_time=14:00', ['Evening', 'Split']],
    ['start_time=09:00:00', ['Evening', 'Mornings', 'Split']],
    ['start_time=09:00:01', ['Evening', 'Split']],
    ['start_time=9:00', ['Evening', 'Mornings', 'Split']],
    ['end_time=12:00', ['Mornings', 'Split']],
    ['end_time=11:59:59', []],
    ['end_time=24:00', ['All Day', 'Evening', 'Mornings', 'Split']],
    ['start_time=09:00&end_time=12:00', ['Mornings', 'Split']],
    ['day=MO&start_time=14:00', []],
    ['day=TU&start_time=14:00&end_time=20:00', ['Split']],
    ['day=TU&end_time=19:00', []],
    ['day=SU&start_time=00:00&end_time=24:00', ['All Day']],
  ])('%s lists %j', async (query, expected) => {
    expect((await names(query)).sort()).toEqual(expected);
  });

  it('lists a service exactly when one of the schedules it publishes has the day and both times', async () => {
    const everyone = (await listed('services', '')).contents;
    const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
    const published = new Map(
      await Promise.all(everyone.map(async (s) => [s.id, await schedulesOf(s.id)] as const)),
    );
    for (const day of [undefined, ...DAYS]) {
      for (const [start, end] of [[], ['09:00'], [undefined, '12:00'], ['10:00', '22:00']]) {
        const query = new URLSearchParams({
          ...(day ? { day } : {}),
          ...(start ? { start_time: start } : {}),
          ...(end ? { end_time: end } : {}),
        });
        if (query.size === 0) continue;
        const expected = everyone.filter((service) =>
          published
            .get(service.id)!
            .some(
              (schedule) =>
                schedule.byday !== undefined &&
                (!day || schedule.byday.split(',').includes(day)) &&
                (!start || schedule.opens_at! >= start) &&
                (!end || schedule.closes_at! <= end),
            ),
        );
        const found = (await listed('services', query.toString())).contents;
        expect(found.map((s) => s.name).sort(), query.toString()).toEqual(
          expected.map((s) => s.name).sort(),
        );
      }
    }
  });

  it('pages through what matches, counting only that', async () => {
    const first = await listed('services', 'day=MO&per_page=1&page=1');
    const second = await listed('services', 'day=MO&per_page=1&page=2');
    expect(first).toMatchObject({ total_items: 2, total_pages: 2, last_page: false });
    expect(second).toMatchObject({ total_items: 2, total_pages: 2, last_page: true });
    expect([...first.contents, ...second.contents].map((s) => s.name).sort()).toEqual([
      'Mornings',
      'Split',
    ]);
  });

  it('filters services at their locations the same way', async () => {
    const page = await listed('service_at_locations', 'day=TU&start_time=14:00');
    expect(
      page.contents.map((item) => (item as unknown as { service: { name: string } }).service.name),
    ).toEqual(['Split']);
  });
});

describe('GET /api/oruk/services?modified_after=', () => {
  const changed = useTestApp();

  it('lists the services whose record changed at or after the time, as last_modified says', async () => {
    await insertServices(changed.database, [
      { ...aService({ id: 'old', name: 'Old' }), updatedAt: new Date('2025-01-01T00:00:00Z') },
      { ...aService({ id: 'new', name: 'New' }), updatedAt: new Date('2025-06-01T09:00:00Z') },
    ]);
    const since = async (value: string, escape = (text: string) => encodeURIComponent(text)) => {
      const response = await changed.app.inject({
        method: 'GET',
        url: `/api/oruk/services?modified_after=${escape(value)}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ contents: { name: string; last_modified: string }[] }>().contents;
    };
    expect((await since('2025-06-01T09:00:00Z')).map((s) => s.name)).toEqual(['New']);
    expect((await since('2025-06-01T09:00:00.000Z'))[0]?.last_modified).toBe(
      '2025-06-01T09:00:00.000Z',
    );
    expect(await since('2025-06-01T09:00:00.001Z')).toEqual([]);
    expect((await since('2025-06-01T10:00+01:00')).map((s) => s.name)).toEqual(['New']);
    // Sent unescaped, the zone's "+" arrives as a space, and still means +01:00.
    const raw = (value: string) => value;
    expect((await since('2025-06-01T10:00+01:00', raw)).map((s) => s.name)).toEqual(['New']);
    expect(await since('2025-06-01T10:00:00.001+01:00', raw)).toEqual([]);
    expect((await since('2025-06-01')).map((s) => s.name)).toEqual(['New']);
    expect((await since('2024-12-31')).map((s) => s.name).sort()).toEqual(['New', 'Old']);

    // An import sends the time of its last run: a record written since is in the next one.
    const lastRun = new Date();
    await insertServices(changed.database, [aService({ id: 'old', name: 'Old, changed' })]);
    expect((await since(lastRun.toISOString())).map((s) => s.name)).toEqual(['Old, changed']);
  });
});

describe('bad schedule and change filters', () => {
  it.each([
    ['day=Mon', 'day'],
    ['day=8', 'day'],
    ['day=Funday', 'day'],
    ['start_time=9am', 'start_time'],
    ['start_time=25:00', 'start_time'],
    ['end_time=12:60', 'end_time'],
    ['end_time=noon', 'end_time'],
    ['modified_after=yesterday', 'modified_after'],
    ['modified_after=2025-02-30', 'modified_after'],
    ['modified_after=2025-13-01', 'modified_after'],
    ['modified_after=0000-01-01', 'modified_after'],
    ['modified_after=2025-06-01T25:00Z', 'modified_after'],
  ])('%s is a 400 naming %s, on both lists', async (query, field) => {
    for (const path of ['services', 'service_at_locations']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/oruk/${path}?${query}`,
      });
      expect(response.statusCode, `${path}?${query}`).toBe(400);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      const body = response.json<{
        code: string;
        message: string;
        fieldErrors: Record<string, string[]>;
      }>();
      expect(body.code).toBe('validation_error');
      expect(body.fieldErrors[field]?.[0]).toMatch(new RegExp(`^${field} must be .* like `));
    }
  });
});
