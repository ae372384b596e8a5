// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/entry-server';
import { buildCrisis } from '@/testing/factories';

type Transport = Parameters<typeof renderPage>[1];

async function html(page: Awaited<ReturnType<typeof renderPage>>): Promise<string> {
  let text = '';
  for await (const chunk of page.body) text += String(chunk);
  return text;
}

/** Signed out; a search that needs a place; the crisis lines for any keyword that asks. */
function api(asked: string[]): Transport {
  return (path) => {
    asked.push(path);
    if (path.startsWith('/api/auth/me')) return Promise.resolve(Response.json({ user: null }));
    if (path.startsWith('/api/helplines')) {
      return Promise.resolve(Response.json({ helplines: [], crisis: buildCrisis(), notice: null }));
    }
    return Promise.resolve(
      Response.json({ code: 'location_required', message: 'Enter a postcode.' }, { status: 400 }),
    );
  };
}

describe('prefetchPage: the crisis lines are in the HTML, for a phone with JavaScript off (issue 24)', () => {
  it.each([
    ['/results with no place to search near', '/results?keyword=i%20want%20to%20die'],
    ['/map', '/map?postcode=BS1%204DJ&keyword=suicide'],
  ])('%s', async (_, address) => {
    const asked: string[] = [];
    const page = await renderPage(new Request(`http://localhost${address}`), api(asked));
    const text = await html(page);

    expect(text).toContain('If your life is at risk, get help now');
    expect(text).toContain('href="tel:999"');
    expect(text).toContain('href="tel:116123"');
    const panel = text.indexOf('If your life is at risk');
    const heading = text.indexOf('<h1');
    if (heading !== -1) expect(heading).toBeLessThan(panel);
    // Before any result, and before the words that say results are on their way.
    for (const later of ['<article', 'Loading results', 'Filter results']) {
      const at = text.indexOf(later);
      if (at !== -1) expect(panel).toBeLessThan(at);
    }
    expect(asked.some((path) => path.startsWith('/api/helplines?'))).toBe(true);
  });

  it('does not ask for the crisis lines for words that signal no risk', async () => {
    const asked: string[] = [];
    await html(
      await renderPage(new Request('http://localhost/results?keyword=food%20bank'), api(asked)),
    );

    expect(asked.some((path) => path.startsWith('/api/helplines'))).toBe(false);
  });
});
