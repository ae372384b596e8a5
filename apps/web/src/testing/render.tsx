import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter, matchRoutes } from 'react-router';
import { beforeAll } from 'vitest';
import { AuthDialogProvider } from '@/app/auth-dialog-provider';
import { AppProvider } from '@/app/providers';
import { appRoutes } from '@/app/router';

/**
 * Loads the lazy route modules these paths render, once, before the file's tests: the first
 * test's waits are then spent on what it checks, not on compiling its route on a busy machine.
 */
export function preloadRoutes(...paths: string[]) {
  beforeAll(async () => {
    const matches = paths.flatMap((path) => matchRoutes(appRoutes, path) ?? []);
    await Promise.all(
      matches.flatMap(({ route }) => (typeof route.lazy === 'function' ? [route.lazy()] : [])),
    );
  }, 60_000);
}

/** The whole app (frame, routes, providers) at a given URL. */
export function renderApp(path = '/') {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router };
}

/**
 * One component inside the app providers and a router, without the page frame (but with the
 * auth dialog the frame provides).
 */
export function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  // Every URL renders the same element, so it stays mounted when it navigates.
  const element = <AuthDialogProvider>{ui}</AuthDialogProvider>;
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router };
}
