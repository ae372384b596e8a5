import { use } from 'react';
import type { ComponentType } from 'react';
import { matchRoutes, useLocation, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RootLayout } from './root-layout';
import { ErrorBoundary, RootError } from './route-error';

/** The route of every unknown address: the server answers it with HTTP 404 (decision 018). */
export const NOT_FOUND_ROUTE_ID = 'not-found';

/** What a route carries besides its page: whether it is private, and how to fetch its code. */
export type PageHandle = {
  /** A private page: kept out of search engines. */
  noIndex?: boolean;
  /** Fetches the page's code; the server and the hydrating browser wait for it before rendering. */
  load?: () => Promise<unknown>;
  /** Whether the page's code is here, so it renders without suspending. */
  isLoaded?: () => boolean;
};

/**
 * A page whose code is fetched when it is first needed. Once fetched it renders at once, so a
 * page loaded before rendering (`loadMatchedRoutes`) renders on the first pass, as the server's
 * HTML did; before that it suspends, and a navigation keeps the previous page on screen (React
 * Router navigates in a transition) until the code arrives.
 */
export function lazyPage(
  load: () => Promise<ComponentType>,
  { noIndex = false }: { noIndex?: boolean } = {},
): Pick<RouteObject, 'element' | 'handle'> {
  let Loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  // The visit (history entry) whose download failed: that visit shows the error page, and the
  // next visit tries the download again.
  let failedOn: string | undefined;
  const fetchCode = (visit = '') => {
    if (failedOn !== undefined && failedOn !== visit) loading = failedOn = undefined;
    return (loading ??= load().then(
      (component) => (Loaded = component),
      (error: unknown) => {
        failedOn = visit;
        throw error;
      },
    ));
  };
  function LazyPage() {
    const visit = useLocation().key;
    const Page = Loaded ?? use(fetchCode(visit));
    // eslint-disable-next-line react-hooks/static-components -- one component per page, loaded once and kept
    return <Page />;
  }
  const handle: PageHandle = {
    noIndex,
    load: () => fetchCode(),
    isLoaded: () => Loaded !== undefined,
  };
  return { element: <LazyPage />, handle };
}

/**
 * What each public page offers, in a sentence: its `<meta name="description">` from the server,
 * shown under the page's title by search engines and in shared links. Other pages keep the
 * site's own (index.html).
 */
const PAGE_DESCRIPTIONS: Partial<Record<string, string>> = {
  [paths.home]:
    'Search by postcode for local health, help and support services near you: GPs, pharmacies, dentists, food banks, mental health support and welcome spaces, with national helplines.',
  [paths.search]:
    'Choose what you are looking for and enter a postcode to find local help and support services near you.',
  [paths.results]:
    'Local help and support services near a postcode, nearest first, with their phone numbers, opening times and directions.',
  [paths.map]:
    'A map of local help and support services near a postcode, with a list of the same services.',
  [paths.events]:
    'Community events near you: coffee mornings, food stalls, walking groups and more, with dates, times and how to get there.',
  [paths.about]: 'Who runs Locals, where its information comes from and how it is checked.',
  [paths.support]:
    'Help with using Locals: searching, saving services, text size, and how to contact us.',
  [paths.terms]: 'The terms of use of Locals, the directory of local help and support services.',
  [paths.privacy]: 'What Locals keeps about you, why, for how long, and your rights.',
  [paths.cookies]: 'The cookies and browser storage Locals uses, and how to change your choice.',
  [paths.listServices]: 'Add a service you run to Locals, so people nearby can find it.',
  [paths.newsletter]:
    'Sign up for occasional emails from Locals about new services and community events near you.',
};

// Each page's code is fetched when it is first visited, so no page carries another's in its
// first load.
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home, ...lazyPage(() => import('./routes/home').then((m) => m.HomeRoute)) },
      {
        path: paths.search,
        ...lazyPage(() => import('./routes/search').then((m) => m.SearchRoute)),
      },
      {
        path: paths.results,
        ...lazyPage(() => import('./routes/results').then((m) => m.ResultsRoute)),
      },
      {
        path: paths.map,
        ...lazyPage(() => import('./routes/map').then((m) => m.MapRoute)),
      },
      {
        path: paths.about,
        ...lazyPage(() => import('./routes/about').then((m) => m.AboutRoute)),
      },
      {
        path: paths.support,
        ...lazyPage(() => import('./routes/support').then((m) => m.SupportRoute)),
      },
      {
        path: paths.terms,
        ...lazyPage(() => import('./routes/terms').then((m) => m.TermsRoute)),
      },
      {
        path: paths.privacy,
        ...lazyPage(() => import('./routes/privacy').then((m) => m.PrivacyRoute)),
      },
      {
        path: paths.cookies,
        ...lazyPage(() => import('./routes/cookies').then((m) => m.CookiesRoute)),
      },
      {
        path: paths.listServices,
        ...lazyPage(() => import('./routes/list-services').then((m) => m.ListServicesRoute)),
      },
      {
        path: paths.events,
        ...lazyPage(() => import('./routes/events').then((m) => m.EventsRoute)),
      },
      {
        path: paths.bookmarks,
        ...lazyPage(() => import('./routes/bookmarks').then((m) => m.BookmarksRoute)),
      },
      {
        path: paths.sharedBookmarks,
        ...lazyPage(() => import('./routes/shared-bookmarks').then((m) => m.SharedBookmarksRoute), {
          noIndex: true,
        }),
      },
      {
        path: paths.suggestionRespond,
        ...lazyPage(
          () => import('./routes/suggestion-respond').then((m) => m.SuggestionRespondRoute),
          { noIndex: true },
        ),
      },
      {
        path: paths.signIn,
        ...lazyPage(() => import('./routes/sign-in').then((m) => m.SignInRoute)),
      },
      {
        path: paths.resetPassword,
        ...lazyPage(() => import('./routes/reset-password').then((m) => m.ResetPasswordRoute)),
      },
      {
        path: paths.newsletter,
        ...lazyPage(() => import('./routes/newsletter').then((m) => m.NewsletterRoute)),
      },
      {
        path: paths.newsletterSubscribed,
        ...lazyPage(() =>
          import('./routes/newsletter-subscribed').then((m) => m.NewsletterSubscribedRoute),
        ),
      },
      {
        path: paths.newsletterUnsubscribed,
        ...lazyPage(() =>
          import('./routes/newsletter-unsubscribed').then((m) => m.NewsletterUnsubscribedRoute),
        ),
      },
      {
        path: paths.newsletterUnsubscribeFailed,
        ...lazyPage(() =>
          import('./routes/newsletter-unsubscribe-failed').then(
            (m) => m.NewsletterUnsubscribeFailedRoute,
          ),
        ),
      },
      {
        path: paths.moderation,
        ...lazyPage(() => import('./routes/moderation').then((m) => m.ModerationRoute), {
          noIndex: true,
        }),
      },
      {
        path: paths.moderationApplication,
        ...lazyPage(
          () => import('./routes/moderation-application').then((m) => m.ModerationApplicationRoute),
          { noIndex: true },
        ),
      },
      {
        path: paths.moderationSuggestions,
        ...lazyPage(
          () => import('./routes/moderation-suggestions').then((m) => m.ModerationSuggestionsRoute),
          { noIndex: true },
        ),
      },
      {
        path: paths.moderationProviderEdits,
        ...lazyPage(
          () =>
            import('./routes/moderation-provider-edits').then(
              (m) => m.ModerationProviderEditsRoute,
            ),
          { noIndex: true },
        ),
      },
      {
        path: paths.moderationStale,
        ...lazyPage(() => import('./routes/moderation-stale').then((m) => m.ModerationStaleRoute), {
          noIndex: true,
        }),
      },
      {
        path: paths.moderationEvents,
        ...lazyPage(
          () => import('./routes/moderation-events').then((m) => m.ModerationEventsRoute),
          { noIndex: true },
        ),
      },
      {
        path: paths.moderationAudit,
        ...lazyPage(() => import('./routes/moderation-audit').then((m) => m.ModerationAuditRoute), {
          noIndex: true,
        }),
      },
      {
        path: paths.myListings,
        ...lazyPage(() => import('./routes/my-listings').then((m) => m.MyListingsRoute)),
      },
      {
        path: paths.myListingClaim,
        ...lazyPage(() => import('./routes/my-listing-claim').then((m) => m.MyListingClaimRoute), {
          noIndex: true,
        }),
      },
      {
        path: paths.myListingEdit,
        ...lazyPage(() => import('./routes/my-listing-edit').then((m) => m.MyListingEditRoute)),
      },
      {
        path: paths.myEvents,
        ...lazyPage(() => import('./routes/my-events').then((m) => m.MyEventsRoute), {
          noIndex: true,
        }),
      },
      {
        path: paths.newEvent,
        ...lazyPage(() => import('./routes/my-events-new').then((m) => m.MyEventsNewRoute), {
          noIndex: true,
        }),
      },
      {
        path: paths.editEvent,
        ...lazyPage(() => import('./routes/my-events-edit').then((m) => m.MyEventsEditRoute), {
          noIndex: true,
        }),
      },
      {
        path: paths.listingCheck,
        ...lazyPage(() => import('./routes/listing-check').then((m) => m.ListingCheckRoute), {
          noIndex: true,
        }),
      },
      {
        id: NOT_FOUND_ROUTE_ID,
        path: '*',
        ...lazyPage(() => import('./routes/not-found').then((m) => m.NotFoundRoute)),
      },
    ],
  },
];

/**
 * The app's pages. An error in a page shows the error page inside the frame; an error in the
 * frame itself shows it alone. Either clears when the address changes.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(appRoutes);
  return (
    <ErrorBoundary fallback={RootError} resetKey={pathname}>
      {element}
    </ErrorBoundary>
  );
}

/** The routes that match `url`, with what their handles say. */
export function matchPage(url: Location | URL | string) {
  const matches = matchRoutes(appRoutes, url) ?? [];
  const handles = matches.map(({ route }) => (route.handle ?? {}) as PageHandle);
  return {
    notFound: matches.some(({ route }) => route.id === NOT_FOUND_ROUTE_ID),
    noIndex: handles.some((handle) => handle.noIndex === true),
    /** The page's own description, or null to keep the site's. */
    description: PAGE_DESCRIPTIONS[matches.at(-1)?.route.path ?? ''] ?? null,
    isLoaded: () => handles.every((handle) => handle.isLoaded?.() ?? true),
    load: () =>
      Promise.all(handles.flatMap((handle) => (handle.load ? [handle.load()] : []))).then(
        () => undefined,
      ),
  };
}

/** Fetches the code of the pages that match `url`, as the server did before rendering. */
export function loadMatchedRoutes(url: Location | URL | string): Promise<void> {
  return matchPage(url).load();
}
