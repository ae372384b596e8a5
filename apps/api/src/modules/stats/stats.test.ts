import {
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from '@locals/contracts/routes/newsletter';
import { getPublicStats } from '@locals/contracts/routes/stats';
import { describe, expect, it } from 'vitest';
import { checkReply } from '../../testing/contract-reply';
import { aService, insertServices } from '../../testing/directory-fixtures';
import { aVisitor } from '../../testing/signed-in';
import { useTestApp, type TestApp } from '../../testing/test-app';
import { createNewsletterRepository } from '../newsletter/newsletter.repository';

type Step = ['subscribe' | 'unsubscribe', string];

async function readStats(testApp: TestApp) {
  const response = await aVisitor(testApp.app).call(getPublicStats, {});
  return checkReply(getPublicStats, response, 200);
}

describe('GET /api/stats subscribers', () => {
  const testApp = useTestApp();
  let caseNumber = 0;

  /** Each step as a person takes it: the sign-up form, or the link in their email. */
  async function take([action, email]: Step) {
    const visitor = aVisitor(testApp.app);
    if (action === 'subscribe') {
      const response = await visitor.call(subscribeToNewsletter, { body: { email } });
      await checkReply(subscribeToNewsletter, response, 200);
      return;
    }
    const row = await createNewsletterRepository(testApp.database.db).findByEmail(email);
    const response = await visitor.call(unsubscribeFromNewsletter, {
      query: { token: row?.unsubscribeToken },
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
    // The cases share one database: each uses addresses of its own and counts what it added.
    caseNumber += 1;
    const before = (await readStats(testApp)).subscribers;

    for (const [action, email] of steps) await take([action, `case${caseNumber}.${email}`]);

    expect((await readStats(testApp)).subscribers - before).toBe(expected);
  });
});

describe('GET /api/stats services', () => {
  const testApp = useTestApp();

  it('counts real services and their local authorities, never demo listings', async () => {
    await insertServices(testApp.database, [
      aService({ id: 'gp-bristol', ladCode: 'E06000023' }),
      aService({ id: 'library-bristol', ladCode: 'E06000023' }),
      aService({ id: 'gp-westminster', ladCode: 'E09000033' }),
      aService({ id: 'demo:food-bank', source: 'demo', verified: false, ladCode: 'E06000025' }),
    ]);

    expect(await readStats(testApp)).toEqual({
      subscribers: 0,
      servicesListed: 3,
      localAuthorities: 2,
    });
  });
});
