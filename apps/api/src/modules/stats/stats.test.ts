import { PublicStatsSchema } from '@locals/contracts/stats';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aService, insertServices } from '../../testing/directory-fixtures';
import { createTestApp, WEB_CLIENT_HEADERS } from '../../testing/test-app';
import { createNewsletterRepository } from '../newsletter/newsletter.repository';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Step = ['subscribe' | 'unsubscribe', string];

describe('GET /api/stats', () => {
  let testApp: TestApp;

  beforeEach(async () => {
    testApp = await createTestApp();
  });
  afterEach(async () => testApp.close());

  async function readStats() {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/stats' });
    expect(response.statusCode).toBe(200);
    return PublicStatsSchema.parse(response.json());
  }

  /** Each step as a person takes it: the sign-up form, or the link in their email. */
  async function take([action, email]: Step) {
    if (action === 'subscribe') {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/newsletter/subscribe',
        headers: WEB_CLIENT_HEADERS,
        payload: { email },
      });
      expect(response.statusCode).toBe(200);
      return;
    }
    const row = await createNewsletterRepository(testApp.database.db).findByEmail(email);
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/newsletter/unsubscribe?token=${row?.unsubscribeToken}`,
    });
    expect(response.headers.location).toBe('/newsletter/unsubscribed');
  }

  // "Join N+ community members" counts addresses subscribed now; there is no confirmation step.
  it.each<[string, Step[], number]>([
    ['nobody has signed up', [], 0],
    ['one address signed up', [['subscribe', 'sam@example.org']], 1],
    [
      'the same address signed up twice, in different case',
      [
        ['subscribe', 'sam@example.org'],
        ['subscribe', 'SAM@example.org'],
      ],
      1,
    ],
    [
      'the only address unsubscribed',
      [
        ['subscribe', 'sam@example.org'],
        ['unsubscribe', 'sam@example.org'],
      ],
      0,
    ],
    [
      'an address unsubscribed and signed up again',
      [
        ['subscribe', 'sam@example.org'],
        ['unsubscribe', 'sam@example.org'],
        ['subscribe', 'sam@example.org'],
      ],
      1,
    ],
    [
      'one of two addresses unsubscribed',
      [
        ['subscribe', 'sam@example.org'],
        ['subscribe', 'alex@example.org'],
        ['unsubscribe', 'alex@example.org'],
      ],
      1,
    ],
  ])('counts subscribers when %s', async (_case, steps, expected) => {
    for (const step of steps) await take(step);

    expect((await readStats()).subscribers).toBe(expected);
  });

  it('counts real services and their local authorities, never demo listings', async () => {
    await insertServices(testApp.database, [
      aService({ id: 'gp-bristol', ladCode: 'E06000023' }),
      aService({ id: 'library-bristol', ladCode: 'E06000023' }),
      aService({ id: 'gp-westminster', ladCode: 'E09000033' }),
      aService({ id: 'demo:food-bank', source: 'demo', verified: false, ladCode: 'E06000025' }),
    ]);

    expect(await readStats()).toEqual({ subscribers: 0, servicesListed: 3, localAuthorities: 2 });
  });
});
