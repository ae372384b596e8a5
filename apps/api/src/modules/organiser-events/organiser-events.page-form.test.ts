import { randomUUID } from 'node:crypto';
import { TICKED } from '@locals/contracts/organiser-events';
import { events } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertBristolGeography } from '../../testing/directory-fixtures';
import { signedInUser, type SignedInUser } from '../../testing/signed-in';
import { aSubmission, insertSubmittedEvent } from '../../testing/submitted-event-fixtures';
import { useTestApp } from '../../testing/test-app';
import { useWebBuild } from '../../testing/web-build';
import { SIGN_IN_TO_SEND } from './organiser-events.page-form';

// Thursday 3 December 2026, 10:00 in London.
const NOW = new Date('2026-12-03T10:00:00Z');

/** Stands in for apps/web's entry-server: shows the page rendered and the form sent back to it. */
const SERVER_ENTRY = `
import { Readable } from 'node:stream';
export async function renderPage(request, transport, options = {}) {
  const { pathname } = new URL(request.url);
  return {
    status: 200,
    body: Readable.from(['<h1>', pathname, '</h1><pre>', JSON.stringify(options.form ?? null), '</pre>']),
    state: '',
    noIndex: true,
    title: null,
  };
}
`;

/** What a browser sends with a form from one of our own pages. */
const SAME_ORIGIN = {
  'content-type': 'application/x-www-form-urlencoded',
  'sec-fetch-site': 'same-origin',
};

/** The event form as a browser without JavaScript sends it: every field text. */
const aForm = (overrides: Record<string, string> = {}): Record<string, string> => ({
  title: 'Easton Coffee Morning',
  description: 'Tea, coffee and a chat, all welcome.',
  category: 'wellbeing',
  date: '2026-12-08',
  startTime: '10:00',
  endTime: '12:00',
  venue: 'Easton Community Centre',
  address: 'Kilburn Street, Bristol',
  postcode: 'bs1 4dj',
  organizerName: 'Friends of Easton',
  organizerEmail: 'easton@example.org',
  organizerPhone: '',
  registrationLink: '',
  website: '',
  accessibility: 'Step-free, with a ramp\nHearing loop',
  tags: 'coffee, chat',
  repeatFrequency: 'weekly',
  repeatUntil: '2027-01-05',
  repeatExcept: '2026-12-29',
  ...overrides,
});

/** The page's answer: the path rendered and the form it was given. */
function renderedForm(body: string): { path: string; form: unknown } {
  const match = /<h1>([^<]*)<\/h1><pre>(.*)<\/pre>/.exec(body);
  if (!match) throw new Error(`Not a rendered page: ${body.slice(0, 200)}`);
  return { path: match[1] ?? '', form: JSON.parse(match[2] ?? 'null') };
}

describe('the event form without JavaScript (decision 036)', () => {
  const web = useWebBuild(SERVER_ENTRY);
  const testApp = useTestApp(() => ({
    env: { WEB_DIST_DIR: web.webDistDir },
    now: () => NOW,
    sleep: async () => {},
  }));
  let organiser: SignedInUser;

  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    organiser = await signedInUser(testApp.app);
  });

  const post = (
    url: string,
    fields: Record<string, string>,
    headers: Record<string, string> = { ...SAME_ORIGIN, cookie: organiser.cookie },
  ) =>
    testApp.app.inject({
      method: 'POST',
      url,
      headers,
      payload: new URLSearchParams(fields).toString(),
    });
  const rowOf = async (id: string) =>
    (await testApp.database.db.select().from(events).where(eq(events.id, id)))[0];

  describe('POST /my-events/new', () => {
    it('stores the event, waiting for a moderator, and goes on to My events to confirm it', async () => {
      const title = `Easton Coffee Morning ${randomUUID()}`;

      const response = await post('/my-events/new', aForm({ title }));

      expect(response.statusCode).toBe(303);
      const location = new URL(String(response.headers.location), 'http://localhost');
      expect(location.pathname).toBe('/my-events');
      const id = location.searchParams.get('submitted') ?? '';
      expect(await rowOf(id)).toMatchObject({
        title,
        status: 'pending',
        submittedBy: organiser.id,
        postcode: 'BS1 4DJ',
        accessibility: ['Step-free, with a ramp', 'Hearing loop'],
        tags: ['coffee', 'chat'],
        submission: expect.objectContaining({
          repeat: { frequency: 'weekly', until: '2027-01-05', except: ['2026-12-29'] },
        }) as unknown,
      });
    });

    it('reads a ticked checkbox: all day needs no times', async () => {
      const title = `All Day Fair ${randomUUID()}`;
      const response = await post(
        '/my-events/new',
        aForm({ title, allDay: TICKED, startTime: '', endTime: '', repeatFrequency: 'none' }),
      );
      expect(response.statusCode).toBe(303);
    });

    it('shows the page again with everything typed and each problem beside its field', async () => {
      const typed = aForm({ title: '', postcode: 'not a postcode', repeatUntil: '' });

      const response = await post('/my-events/new', typed);

      expect(response.statusCode).toBe(400);
      expect(response.headers['cache-control']).toBe('no-store');
      const page = renderedForm(response.body);
      expect(page.path).toBe('/my-events/new');
      expect(page.form).toEqual({
        form: 'event',
        values: expect.objectContaining({
          ...typed,
          allDay: '',
          registrationRequired: '',
        }) as unknown,
        errors: {
          title: 'Event name is required',
          postcode: expect.stringContaining('postcode') as unknown,
          repeatUntil: 'Enter the last date the event repeats until',
        },
      });
    });

    it('shows the page again, saying to sign in, to someone signed out', async () => {
      const typed = aForm({ title: 'Signed Out Walk' });

      const response = await post('/my-events/new', typed, SAME_ORIGIN);

      expect(response.statusCode).toBe(401);
      expect(renderedForm(response.body)).toEqual({
        path: '/my-events/new',
        form: {
          form: 'event',
          values: expect.objectContaining(typed) as unknown,
          errors: { form: SIGN_IN_TO_SEND },
        },
      });
    });

    it('says where the same event already is, keeping what was typed', async () => {
      const typed = aForm({ title: `Twice Typed ${randomUUID()}` });
      expect((await post('/my-events/new', typed)).statusCode).toBe(303);

      const response = await post('/my-events/new', typed);

      expect(response.statusCode).toBe(409);
      const { form } = renderedForm(response.body) as {
        form: { values: unknown; errors: unknown };
      };
      expect(form.values).toEqual(expect.objectContaining(typed));
      expect(form.errors).toEqual({
        form: expect.stringContaining('You have already sent') as unknown,
      });
    });

    it('says beside the postcode that Locals cannot place it', async () => {
      const response = await post('/my-events/new', aForm({ postcode: 'BS1 9ZZ' }));

      expect(response.statusCode).toBe(404);
      expect(renderedForm(response.body).form).toMatchObject({
        errors: {
          postcode:
            "We couldn't find BS1 9ZZ, so the event could not be put on the map. Check the postcode and try again.",
        },
      });
    });

    it('refuses a form sent from another site, storing nothing', async () => {
      const title = `Forged ${randomUUID()}`;
      const response = await post('/my-events/new', aForm({ title }), {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'cross-site',
        cookie: organiser.cookie,
      });

      expect(response.statusCode).toBe(403);
      const stored = await testApp.database.db.select().from(events).where(eq(events.title, title));
      expect(stored).toEqual([]);
    });
  });

  describe('POST /my-events/:id/edit', () => {
    it('saves the change and goes back to My events, naming it', async () => {
      const event = await insertSubmittedEvent(testApp.database, {
        submittedBy: organiser.id,
        submission: aSubmission({ title: 'Before The Change' }),
        now: new Date('2026-12-01T09:00:00Z'),
      });

      const response = await post(
        `/my-events/${event.id}/edit`,
        aForm({ title: 'After The Change', repeatFrequency: 'none' }),
      );

      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`/my-events?changed=${event.id}`);
      expect(await rowOf(event.id)).toMatchObject({ title: 'After The Change', status: 'pending' });
    });

    it('shows the edit page again for an event that is not the person’s', async () => {
      const someoneElse = await signedInUser(testApp.app);
      const event = await insertSubmittedEvent(testApp.database, {
        submittedBy: someoneElse.id,
        submission: aSubmission({ title: 'Someone Else’s' }),
        now: new Date('2026-12-01T09:00:00Z'),
      });

      const response = await post(`/my-events/${event.id}/edit`, aForm({ title: 'Taken Over' }));

      expect(response.statusCode).toBe(404);
      expect(renderedForm(response.body)).toMatchObject({
        path: `/my-events/${event.id}/edit`,
        form: {
          form: 'event',
          values: { title: 'Taken Over' },
          errors: {
            form: 'We could not find that event among the events you added. It may have been deleted.',
          },
        },
      });
      expect((await rowOf(event.id))?.title).toBe('Someone Else’s');
    });
  });
});
