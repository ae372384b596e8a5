import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AuthDialogProvider } from '@/app/auth-dialog-provider';
import { AppProvider } from '@/app/providers';
import { appRoutes } from '@/app/router';

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
