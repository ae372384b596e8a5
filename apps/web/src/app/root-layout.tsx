import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import type { Location } from 'react-router';
import { HydrateInTurn, useEveryPartTakenOver } from '@/components/hydrate-in-turn';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/layout/skip-link';
import { AccountControls } from '@/features/auth/components/account-controls';
import { useSignInFailedNotice } from '@/features/auth/use-sign-in-failed-notice';
import { paths } from '@/config/paths';
import { CookieBanner } from '@/features/cookie-consent/components/cookie-banner';
import { FontSizeSelector } from '@/features/font-size/components/font-size-selector';
import { SiteViewsCounter } from '@/features/site-views/components/site-views-counter';
import { useSession } from '@/lib/auth';
import { useSubmittedForm } from '@/lib/submitted-form';
import { resultsScrollKey } from '@/lib/search-criteria';
import { AuthDialogProvider } from './auth-dialog-provider';
import { ErrorBoundary, RouteError } from './route-error';
import { ScrollRestoration } from './scroll-restoration';

/**
 * Said at the top of a page whose form only the app can send, when a browser without JavaScript
 * sent it (decision 036): the server shows the page again with this, and nothing typed.
 */
function FormNeedsScript() {
  const sent = useSubmittedForm('needs-script');
  if (!sent?.errors.form) return null;
  return (
    <div role="alert" className="mx-auto mt-4 max-w-6xl px-4">
      <p className="border-l-8 border-danger bg-danger-light p-4 text-lg font-bold">
        {sent.errors.form}
      </p>
    </div>
  );
}

function PageLoading() {
  return <p className="p-4 text-lg">Loading...</p>;
}

/** After an in-app navigation, move focus to the new page so screen readers announce it. */
function useFocusOnNavigation() {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const previousPathname = useRef(pathname);

  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return mainRef;
}

/**
 * Each history entry keeps its own scroll position, except /results: one search keeps one
 * position, so closing a detail, Back from /about or the link back from /map returns to the
 * same card (decision 035). Module-level: ScrollRestoration re-registers when getKey changes.
 */
function scrollKey(location: Location): string {
  return location.pathname === paths.results
    ? `${paths.results}:${resultsScrollKey(location.search)}`
    : location.key;
}

/**
 * Marks the page once the app has taken it over (after hydration of the server's HTML, parts
 * taken over in turn included): from then on every control works, not only links and forms.
 * Browser tests wait for it.
 */
function useMarkAppReady() {
  const isReady = useEveryPartTakenOver();
  useEffect(() => {
    if (isReady) document.documentElement.dataset.appReady = 'true';
  }, [isReady]);
}

export function RootLayout() {
  const { pathname } = useLocation();
  const session = useSession();
  const mainRef = useFocusOnNavigation();
  useSignInFailedNotice();
  useMarkAppReady();

  return (
    <AuthDialogProvider>
      <div className="flex min-h-dvh flex-col">
        <SkipLink />
        {/* The header, footer and cookie message are taken over each on its own, after the
            page's frame: short tasks on a slow phone, and a tap on one is never lost. */}
        <HydrateInTurn>
          <Header
            isSignedIn={session.isSignedIn}
            roles={session.isSignedIn ? session.user.roles : undefined}
            account={<AccountControls />}
            textSize={(id) => <FontSizeSelector id={id} />}
          />
        </HydrateInTurn>
        <main ref={mainRef} id={MAIN_CONTENT_ID} tabIndex={-1} className="grow">
          <FormNeedsScript />
          {/* An error in the page shows the error page inside the frame, until the address changes. */}
          <ErrorBoundary fallback={RouteError} resetKey={pathname}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
        <HydrateInTurn>
          <Footer>
            <SiteViewsCounter />
          </Footer>
        </HydrateInTurn>
        <HydrateInTurn>
          <CookieBanner />
        </HydrateInTurn>
        <ScrollRestoration getKey={scrollKey} />
      </div>
    </AuthDialogProvider>
  );
}
