import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import {
  UNSAFE_createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
  useLocation,
  useRoutes,
} from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';
import { ErrorBoundary, RouteError } from './route-error';
import { lazyPage } from './router';

preloadRoutes(
  '/',
  '/about',
  '/support',
  '/terms',
  '/privacy',
  '/cookies',
  '/list-services',
  '/events',
  '/newsletter/unsubscribed',
  '/newsletter/unsubscribe-failed',
  '/no-such-page',
  '/results',
);

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
  function Failing({ error }: { error: Error }): never {
    throw error;
  }

  /** A page that fails to render at /broken, inside the frame, the way AppRoutes places it. */
  function renderFailingPage() {
    // React reports the caught error to the console; this test expects it.
    vi.mocked(console.error).mockImplementation(() => {});
    const history = UNSAFE_createMemoryHistory({ initialEntries: ['/broken'], v5Compat: true });
    function Page() {
      const { pathname } = useLocation();
      return (
        <ErrorBoundary fallback={RouteError} resetKey={pathname}>
          {pathname === '/broken' ? (
            <Failing error={new Error('Chunk failed to load')} />
          ) : (
            <h1>About us</h1>
          )}
        </ErrorBoundary>
      );
    }
    render(
      <HistoryRouter history={history}>
        <Page />
      </HistoryRouter>,
    );
    return history;
  }

  it('shows "Unexpected Application Error!", what went wrong and a way home', async () => {
    renderFailingPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Chunk failed to load')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('clears once the person goes to another page', async () => {
    const history = renderFailingPage();
    await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' });

    act(() => history.push('/about'));

    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument();
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
  });
});

describe('a page whose code is fetched when first visited', () => {
  it('shows the error page when the download fails, and tries again on the next visit', async () => {
    // React reports the caught error to the console; this test expects it.
    vi.mocked(console.error).mockImplementation(() => {});
    let downloads = 0;
    const page = lazyPage(() => {
      downloads += 1;
      return downloads === 1
        ? Promise.reject(new Error('Failed to fetch dynamically imported module'))
        : Promise.resolve(() => <h1>About us</h1>);
    });
    function Routes() {
      const { pathname } = useLocation();
      const element = useRoutes([
        { path: '/', element: <h1>Home</h1> },
        { path: '/about', ...page },
      ]);
      return (
        <ErrorBoundary fallback={RouteError} resetKey={pathname}>
          <Suspense fallback={<p>Loading...</p>}>{element}</Suspense>
        </ErrorBoundary>
      );
    }
    const history = UNSAFE_createMemoryHistory({ initialEntries: ['/'], v5Compat: true });
    // Awaited, as the page suspends while its code downloads.
    const go = (path: string) =>
      act(() => {
        history.push(path);
        return Promise.resolve();
      });
    render(
      <HistoryRouter history={history}>
        <Routes />
      </HistoryRouter>,
    );

    await go('/about');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/dynamically imported module/)).toBeInTheDocument();
    expect(downloads).toBe(1);

    await go('/');
    await go('/about');

    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument();
    expect(downloads).toBe(2);
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
