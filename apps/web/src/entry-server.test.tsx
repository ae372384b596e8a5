// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderPage } from './entry-server';

type Transport = Parameters<typeof renderPage>[1];

async function html(page: Awaited<ReturnType<typeof renderPage>>): Promise<string> {
  let text = '';
  for await (const chunk of page.body) text += String(chunk);
  return text + page.state;
}

/** The API as the page sees it on the server: signed out, and a search that never answers. */
const searchNeverAnswers: Transport = (path) => {
  if (path.startsWith('/api/auth/me'))
    return Promise.resolve(Response.json({ user: null }, { status: 200 }));
  return new Promise<Response>(() => {});
};

describe('renderPage', () => {
  it('renders a page whose data does not come in time as loading, for the browser to finish', async () => {
    const page = await renderPage(
      new Request('http://localhost/results?postcode=BS1%204DJ'),
      searchNeverAnswers,
      { prefetchLimitMs: 500 },
    );

    expect(page.status).toBe(200);
    const text = await html(page);
    expect(text).toContain('Loading results...');
    // The signed-out answer came in time: the header shows Sign In, and the browser is told.
    expect(text).toContain('Sign In');
    expect(text).toContain('"queryKey":["auth","session"]');
    expect(text).not.toContain('"queryKey":["services","search"');
  });

  it('answers an unknown address with 404 and the not-found page', async () => {
    const page = await renderPage(new Request('http://localhost/no-such-page'), searchNeverAnswers);

    expect(page.status).toBe(404);
    expect(await html(page)).toContain('Page not found');
  });

  it('marks a private page (a shared list) to be kept out of search engines, and no other', async () => {
    const shared = await renderPage(
      new Request('http://localhost/shared/bookmarks/some-token'),
      searchNeverAnswers,
      { prefetchLimitMs: 50 },
    );
    const about = await renderPage(new Request('http://localhost/about'), searchNeverAnswers);

    expect(shared.noIndex).toBe(true);
    expect(about.noIndex).toBe(false);
  });

  it('names each page in its title, as the browser tab will, for a visitor without JavaScript', async () => {
    const about = await renderPage(new Request('http://localhost/about'), searchNeverAnswers);
    const missing = await renderPage(
      new Request('http://localhost/no-such-page'),
      searchNeverAnswers,
    );

    expect(about.title).toBe('About us – Locals');
    expect(missing.title).toBe('Page not found – Locals');
  });

  it("gives each public page its own description, and keeps the site's on others", async () => {
    const about = await renderPage(new Request('http://localhost/about'), searchNeverAnswers);
    const events = await renderPage(new Request('http://localhost/events'), searchNeverAnswers, {
      prefetchLimitMs: 50,
    });
    const bookmarks = await renderPage(
      new Request('http://localhost/bookmarks'),
      searchNeverAnswers,
    );

    expect(about.description).toMatch(/^Who runs Locals/);
    expect(events.description).toMatch(/^Community events near you/);
    expect(bookmarks.description).toBeNull();
  });

  // Decision 036: a form sent without JavaScript is answered with its page and what went wrong.
  it('renders a form sent back to the page, and carries it in the state the app takes over', async () => {
    const page = await renderPage(new Request('http://localhost/newsletter'), searchNeverAnswers, {
      form: {
        form: 'newsletter',
        values: { email: 'sam at example' },
        errors: { email: 'Please enter a valid email address' },
      },
    });

    const text = await html(page);
    expect(text).toContain('There is a problem');
    expect(text).toContain('value="sam at example"');
    expect(text).toContain('"form":{"form":"newsletter"');
  });

  it('says at the top of the page that a form only the app can send was not sent', async () => {
    const page = await renderPage(new Request('http://localhost/about'), searchNeverAnswers, {
      form: { form: 'needs-script', values: {}, errors: { form: 'This form needs JavaScript.' } },
    });

    expect(await html(page)).toMatch(/role="alert"[^>]*><p[^>]*>This form needs JavaScript\.<\/p>/);
  });
});
