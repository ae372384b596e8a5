import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';
import { RouteError } from './route-error';

preloadRoutes('/about');

describe('app routes', () => {
  it.each([
    ['/about', 'About us', 'About us – Locals'],
    ['/support', 'Support', 'Support – Locals'],
    ['/terms', 'Terms and conditions', 'Terms and conditions – Locals'],
    ['/privacy', 'Privacy policy', 'Privacy policy – Locals'],
    ['/cookies', 'Cookie policy', 'Cookie policy – Locals'],
    ['/list-services', 'List your services', 'List your services – Locals'],
    ['/events', 'Community Events & Support', 'Community events – Locals'],
    [
      '/newsletter/unsubscribed',
      'You have been unsubscribed',
      'You have been unsubscribed – Locals',
    ],
    [
      '/newsletter/unsubscribe-failed',
      'This unsubscribe link is not valid',
      'This unsubscribe link is not valid – Locals',
    ],
  ])('%s has one h1 "%s", a Back to Home link and its own title', async (path, heading, title) => {
    stubApi({});
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('shows the 404 page for an unknown address', async () => {
    stubApi({});
    renderApp('/no-such-page');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('puts "Skip to main content" first, pointing at the main landmark', async () => {
    stubApi({});
    renderApp('/');
    const user = userEvent.setup();

    await user.tab();

    const skipLink = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skipLink).toHaveFocus();
    expect(skipLink).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });

  it('shows the footer links and the current year', async () => {
    stubApi({});
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');

    for (const name of [
      'Home',
      'About Us',
      'Support',
      'Events',
      'Terms & Conditions',
      'Privacy Policy',
      'Cookie Policy',
    ]) {
      expect(within(footer).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Locals`);
  });
});

describe('error page', () => {
  it.each([
    [
      new Response(null, { status: 503, statusText: 'Service Unavailable' }),
      '503 Service Unavailable',
    ],
    [new Error('Chunk failed to load'), 'Chunk failed to load'],
  ])('shows "Unexpected Application Error!" and what went wrong', async (thrown, shown) => {
    // React Router reports the error to the console on purpose; this test expects it.
    vi.mocked(console.error).mockImplementation(() => {});
    const router = createMemoryRouter([
      {
        path: '/',
        errorElement: <RouteError />,
        loader: () => {
          // eslint-disable-next-line @typescript-eslint/only-throw-error -- loaders throw Responses by design
          throw thrown;
        },
        Component: () => null,
        HydrateFallback: () => null,
      },
    ]);
    render(<RouterProvider router={router} />);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByText(shown)).toBeInTheDocument();
  });
});

describe('home page', () => {
  it('sends a keyword search to /results with the default filters', async () => {
    stubApi({});
    const { router } = renderApp('/');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('What are you looking for?'), '  food bank ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/results'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      keyword: 'food bank',
      distance: '10',
      page: '1',
      pageSize: '10',
      serviceTypes: 'any',
      includeUnverified: 'false',
    });
  });

  it('does nothing for a keyword of only spaces', async () => {
    stubApi({});
    const { router } = renderApp('/');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('What are you looking for?'), '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(router.state.location.pathname).toBe('/');
  });

  it('links all 12 categories to the search page', async () => {
    stubApi({});
    renderApp('/');

    const tiles = within(
      await screen.findByRole('region', { name: 'Browse by category' }),
    ).getAllByRole('link');
    expect(tiles).toHaveLength(12);
    expect(screen.getByRole('link', { name: 'Mental Health' })).toHaveAttribute(
      'href',
      '/search?category=mentalhealth',
    );
  });

  it.each([
    [99, 'Join our community newsletter'],
    [1234, 'Join 1,200+ community members'],
  ])('with %i subscribers the newsletter heading reads "%s"', async (subscribers, heading) => {
    stubApi({
      'GET /api/stats': () => jsonResponse({ subscribers, servicesListed: 0, localAuthorities: 0 }),
    });
    renderApp('/');

    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });
});

describe('about page figures', () => {
  it('shows each figure only once it reaches its minimum', async () => {
    stubApi({
      'GET /api/stats': () =>
        jsonResponse({ subscribers: 0, servicesListed: 49, localAuthorities: 12 }),
    });
    renderApp('/about');

    expect(await screen.findByText('local authorities covered')).toBeInTheDocument();
    expect(screen.getByText('12+')).toBeInTheDocument();
    expect(screen.queryByText('services listed')).not.toBeInTheDocument();
  });

  it('shows no figures when the stats cannot be loaded', async () => {
    stubApi({ 'GET /api/stats': () => jsonResponse({ code: 'internal', message: 'Oops' }, 500) });
    renderApp('/about');

    await screen.findByRole('heading', { level: 1, name: 'About us' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('services listed')).not.toBeInTheDocument();
    expect(screen.queryByText('local authorities covered')).not.toBeInTheDocument();
  });

  it('credits every data source', async () => {
    stubApi({});
    renderApp('/about');

    const heading = await screen.findByRole('heading', { name: 'Data sources' });
    const list = heading.nextElementSibling as HTMLElement;
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Contains OS data © Crown copyright and database right 2014, 2024 and 2025.',
      'Contains Royal Mail data © Royal Mail copyright and database right 2014 and 2025.',
      'Contains National Statistics data © Crown copyright and database right 2025.',
      'Source: Office for National Statistics, licensed under the Open Government Licence v3.0.',
      'Contains NHS England Organisation Data Service data, licensed under the Open Government Licence v3.0.',
      'Contains public sector information from the NHS website (nhs.uk): GP practice and pharmacy contact details and NHS clinics, licensed under the Open Government Licence v3.0.',
      'Library data from Libraries Hacked (librarydata-db, MIT).',
      'Food bank data from Give Food (givefood.org.uk), CC BY 4.0; filtered and reformatted.',
      "National helplines: each number was checked on the organisation's own website; we show them to say who to call, not to endorse anyone.",
    ]);
  });
});
