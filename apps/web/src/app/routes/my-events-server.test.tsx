// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/entry-server';
import {
  MY_EVENT_ID,
  buildPublishedEvent,
} from '@/features/organiser-events/testing/organiser-event-factories';
import { buildUser } from '@/testing/auth';

type Transport = Parameters<typeof renderPage>[1];

async function html(page: Awaited<ReturnType<typeof renderPage>>): Promise<string> {
  let text = '';
  for await (const chunk of page.body) text += String(chunk);
  return text;
}

/** The API as the server's render sees it: who is signed in, and their events. */
function api(signedIn: boolean, asked: string[] = []): Transport {
  return (path) => {
    asked.push(path);
    if (path === '/api/auth/me') {
      return Promise.resolve(
        Response.json({ user: signedIn ? { ...buildUser(), roles: [] } : null }),
      );
    }
    if (path === '/api/my/events') {
      return Promise.resolve(Response.json({ data: [buildPublishedEvent()] }));
    }
    if (path === `/api/my/events/${MY_EVENT_ID}`) {
      return Promise.resolve(Response.json({ data: buildPublishedEvent(), message: 'Found' }));
    }
    return Promise.resolve(
      Response.json({ code: 'not_found', message: 'Not found' }, { status: 404 }),
    );
  };
}

const page = (path: string) => new Request(`http://localhost${path}`);

/** Decision 036: the pages a browser without JavaScript gets from the server, whole. */
describe('My events without JavaScript', () => {
  it('sends the event form as a plain POST to its own address, kept out of search engines', async () => {
    const rendered = await renderPage(page('/my-events/new'), api(true));
    const text = await html(rendered);

    expect(rendered.noIndex).toBe(true);
    expect(rendered.title).toBe('Add an event – Locals');
    expect(text).toContain('action="/my-events/new" method="post"');
    expect(text).toContain('name="repeatFrequency" checked="" value="none"');
  });

  it('shows the form the server sent back, with what was typed and what went wrong', async () => {
    const rendered = await renderPage(page('/my-events/new'), api(true), {
      form: {
        form: 'event',
        values: { title: 'Easton <Coffee> Morning', postcode: 'BS5' },
        errors: { postcode: 'Enter a full UK postcode, like BS1 4DJ' },
      },
    });
    const text = await html(rendered);

    expect(rendered.title).toBe('Error: Add an event – Locals');
    expect(text).toContain('There is a problem');
    expect(text).toContain('href="#event-postcode"');
    expect(text).toContain('value="Easton &lt;Coffee&gt; Morning"');
    expect(text).toContain('value="BS5"');
  });

  it('lists the events, and fills the edit form, for someone signed in', async () => {
    const list = await html(await renderPage(page('/my-events'), api(true)));
    const edit = await html(await renderPage(page(`/my-events/${MY_EVENT_ID}/edit`), api(true)));

    expect(list).toContain('Easton Coffee Morning');
    expect(list).toContain('Cancel this date');
    expect(edit).toContain(`action="/my-events/${MY_EVENT_ID}/edit" method="post"`);
    expect(edit).toContain('value="Easton Community Centre"');
  });

  it('asks for no events of someone signed out', async () => {
    const asked: string[] = [];
    const text = await html(await renderPage(page('/my-events'), api(false, asked)));

    expect(text).toContain('Sign in to see your events');
    expect(asked).toEqual(['/api/auth/me']);
  });
});
