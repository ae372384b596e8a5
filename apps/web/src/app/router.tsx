import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RootLayout } from './root-layout';
import { RootError, RouteError } from './route-error';
import { HomeRoute } from './routes/home';

function PageLoading() {
  return <p className="p-4 text-lg">Loading...</p>;
}

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
          },
          {
            path: paths.suggestionRespond,
            lazy: () =>
              import('./routes/suggestion-respond').then((m) => ({
                Component: m.SuggestionRespondRoute,
              })),
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
            path: '*',
            lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })),
          },
        ],
      },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return <RouterProvider router={router} />;
}
