import { useState } from 'react';
import { RouterProvider, createBrowserRouter, matchRoutes } from 'react-router';
import type { HydrationState, RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RootLayout } from './root-layout';
import { RootError, RouteError } from './route-error';
import { HomeRoute } from './routes/home';

function PageLoading() {
  return <p className="p-4 text-lg">Loading...</p>;
}

/** The route of every unknown address: the server answers it with HTTP 404 (issue 13). */
export const NOT_FOUND_ROUTE_ID = 'not-found';

// Home ships in the first bundle; every other page is fetched when first visited.
export const appRoutes: RouteObject[] = [
  {
    Component: RootLayout,
    errorElement: <RootError />,
    HydrateFallback: PageLoading,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: paths.home, Component: HomeRoute },
          {
            path: paths.search,
            lazy: () => import('./routes/search').then((m) => ({ Component: m.SearchRoute })),
          },
          {
            path: paths.results,
            lazy: () => import('./routes/results').then((m) => ({ Component: m.ResultsRoute })),
          },
          {
            path: paths.map,
            lazy: () => import('./routes/map').then((m) => ({ Component: m.MapRoute })),
          },
          {
            path: paths.about,
            lazy: () => import('./routes/about').then((m) => ({ Component: m.AboutRoute })),
          },
          {
            path: paths.support,
            lazy: () => import('./routes/support').then((m) => ({ Component: m.SupportRoute })),
          },
          {
            path: paths.terms,
            lazy: () => import('./routes/terms').then((m) => ({ Component: m.TermsRoute })),
          },
          {
            path: paths.privacy,
            lazy: () => import('./routes/privacy').then((m) => ({ Component: m.PrivacyRoute })),
          },
          {
            path: paths.cookies,
            lazy: () => import('./routes/cookies').then((m) => ({ Component: m.CookiesRoute })),
          },
          {
            path: paths.listServices,
            lazy: () =>
              import('./routes/list-services').then((m) => ({ Component: m.ListServicesRoute })),
          },
          {
            path: paths.events,
            lazy: () => import('./routes/events').then((m) => ({ Component: m.EventsRoute })),
          },
          {
            path: paths.bookmarks,
            lazy: () => import('./routes/bookmarks').then((m) => ({ Component: m.BookmarksRoute })),
          },
          {
            path: paths.sharedBookmarks,
            lazy: () =>
              import('./routes/shared-bookmarks').then((m) => ({
                Component: m.SharedBookmarksRoute,
              })),
            handle: { noIndex: true },
          },
          {
            path: paths.suggestionRespond,
            lazy: () =>
              import('./routes/suggestion-respond').then((m) => ({
                Component: m.SuggestionRespondRoute,
              })),
            handle: { noIndex: true },
          },
          {
            path: paths.signIn,
            lazy: () => import('./routes/sign-in').then((m) => ({ Component: m.SignInRoute })),
          },
          {
            path: paths.resetPassword,
            lazy: () =>
              import('./routes/reset-password').then((m) => ({ Component: m.ResetPasswordRoute })),
          },
          {
            path: paths.newsletterUnsubscribed,
            lazy: () =>
              import('./routes/newsletter-unsubscribed').then((m) => ({
                Component: m.NewsletterUnsubscribedRoute,
              })),
          },
          {
            path: paths.newsletterUnsubscribeFailed,
            lazy: () =>
              import('./routes/newsletter-unsubscribe-failed').then((m) => ({
                Component: m.NewsletterUnsubscribeFailedRoute,
              })),
          },
          {
            path: paths.moderation,
            lazy: () =>
              import('./routes/moderation').then((m) => ({ Component: m.ModerationRoute })),
            handle: { noIndex: true },
          },
          {
            path: paths.moderationApplication,
            lazy: () =>
              import('./routes/moderation-application').then((m) => ({
                Component: m.ModerationApplicationRoute,
              })),
            handle: { noIndex: true },
          },
          {
            path: paths.moderationSuggestions,
            lazy: () =>
              import('./routes/moderation-suggestions').then((m) => ({
                Component: m.ModerationSuggestionsRoute,
              })),
            handle: { noIndex: true },
          },
          {
            path: paths.moderationProviderEdits,
            lazy: () =>
              import('./routes/moderation-provider-edits').then((m) => ({
                Component: m.ModerationProviderEditsRoute,
              })),
            handle: { noIndex: true },
          },
          {
            path: paths.moderationStale,
            lazy: () =>
              import('./routes/moderation-stale').then((m) => ({
                Component: m.ModerationStaleRoute,
              })),
            handle: { noIndex: true },
          },
          {
            path: paths.moderationAudit,
            lazy: () =>
              import('./routes/moderation-audit').then((m) => ({
                Component: m.ModerationAuditRoute,
              })),
            handle: { noIndex: true },
          },
          {
            path: paths.myListings,
            lazy: () =>
              import('./routes/my-listings').then((m) => ({ Component: m.MyListingsRoute })),
          },
          {
            path: paths.myListingClaim,
            lazy: () =>
              import('./routes/my-listing-claim').then((m) => ({
                Component: m.MyListingClaimRoute,
              })),
            handle: { noIndex: true },
          },
          {
            path: paths.myListingEdit,
            lazy: () =>
              import('./routes/my-listing-edit').then((m) => ({
                Component: m.MyListingEditRoute,
              })),
          },
          {
            path: paths.listingCheck,
            lazy: () =>
              import('./routes/listing-check').then((m) => ({ Component: m.ListingCheckRoute })),
            handle: { noIndex: true },
          },
          {
            id: NOT_FOUND_ROUTE_ID,
            path: '*',
            lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })),
          },
        ],
      },
    ],
  },
];

/**
 * A page the server rendered hydrates with the server's router state; its lazy route modules
 * are loaded first (main.tsx), so the first render matches the server's HTML.
 */
export function AppRouter({ hydrationData }: { hydrationData?: HydrationState | undefined }) {
  const [router] = useState(() =>
    createBrowserRouter(appRoutes, hydrationData ? { hydrationData } : {}),
  );
  return <RouterProvider router={router} />;
}

/** Loads the lazy modules of the routes that match `url`, as the server did before rendering. */
export async function loadMatchedRoutes(url: Location | URL): Promise<void> {
  const matches = matchRoutes(appRoutes, url) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}
