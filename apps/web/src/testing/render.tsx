import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { UNSAFE_createMemoryHistory, unstable_HistoryRouter as HistoryRouter } from 'react-router';
import type { Location } from 'react-router';
import { beforeAll } from 'vitest';
import { AuthDialogProvider } from '@/app/auth-dialog-provider';
import { AppProvider } from '@/app/providers';
import { AppRoutes, loadMatchedRoutes, matchPage } from '@/app/router';

/**
 * Loads the lazy route modules these paths render, once, before the file's tests: the first
 * test's waits are then spent on what it checks, not on compiling its route on a busy machine.
 */
export function preloadRoutes(...paths: string[]) {
  beforeAll(async () => {
    await Promise.all(paths.map((path) => loadMatchedRoutes(path)));
  }, 60_000);
}

/** The history a test drives and reads, as the browser's Back button and address bar would. */
export type TestRouter = {
  readonly state: { location: Location; historyAction: 'POP' | 'PUSH' | 'REPLACE' };
  navigate(to: string | number): Promise<void>;
};

function renderAt(path: string, routes: ReactNode) {
  const history = UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true });
  const router: TestRouter = {
    get state() {
      return { location: history.location, historyAction: history.action };
    },
    // A promise, so a test can await act() around it.
    navigate: (to) => {
      if (typeof to === 'number') history.go(to);
      else history.push(to);
      return Promise.resolve();
    },
  };
  const view = render(
    <AppProvider>
      <HistoryRouter history={history}>{routes}</HistoryRouter>
    </AppProvider>,
  );
  return { ...view, router };
}

/**
 * The whole app (frame, routes, providers) at a given URL. The page's code must be loaded
 * first (`preloadRoutes`), as the browser loads it before hydrating; so must that of any page
 * the test goes on to, or React reports the page suspending inside the test's act().
 */
export function renderApp(path = '/') {
  if (!matchPage(path).isLoaded())
    throw new Error(`renderApp('${path}'): call preloadRoutes('${path}') in this test file first`);
  return renderAt(path, <AppRoutes />);
}

/**
 * One component inside the app providers and a router, without the page frame (but with the
 * auth dialog the frame provides). It stays mounted whatever the address.
 */
export function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  return renderAt(path, <AuthDialogProvider>{ui}</AuthDialogProvider>);
}
