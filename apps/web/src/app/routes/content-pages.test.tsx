import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VERIFIED_MEANING } from '@/components/content/verification-wording';
import { stubApi } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';

preloadRoutes('/', '/about', '/support', '/terms');

describe('what the pages say', () => {
  it.each([
    ['/', 'Locals helping locals'],
    ['/about', 'About us'],
    ['/support', 'Support'],
    ['/terms', 'Terms and conditions'],
  ])('%s explains "verified" in the same true words', async (path, heading) => {
    stubApi({});
    renderApp(path);
    await screen.findByRole('heading', { level: 1, name: heading });

    const main = screen.getByRole('main');
    expect(main).toHaveTextContent(VERIFIED_MEANING);
    // The open data is verified by its public register; nobody spoke to those organisations.
    expect(main).not.toHaveTextContent(
      /checked (its|the)? ?details with the organisation that runs/i,
    );
    expect(main).not.toHaveTextContent(/verified have been checked with the organisation/i);
  });

  it.each([
    ['/support', 'Support'],
    ['/terms', 'Terms and conditions'],
  ])('%s describes accounts as they are now', async (path, heading) => {
    stubApi({});
    renderApp(path);
    await screen.findByRole('heading', { level: 1, name: heading });

    const main = screen.getByRole('main');
    expect(main).not.toHaveTextContent(/coming soon and will let you|when accounts open/i);
    for (const feature of [/bookmark/i, /vote/i, /private notes/i, /reviews/i, /suggest/i]) {
      expect(main).toHaveTextContent(feature);
    }
  });

  it('the terms set out what reviewers and suggesters must do', async () => {
    stubApi({});
    renderApp('/terms');
    await screen.findByRole('heading', { level: 2, name: 'Reviews and suggestions' });

    const main = screen.getByRole('main');
    expect(main).toHaveTextContent(/Be honest/);
    expect(main).toHaveTextContent(/Leave out personal details about anyone else/);
    expect(main).toHaveTextContent(/first name and the first letter of your last name/);
  });
});
