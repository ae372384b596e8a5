import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
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

/** One component inside the app providers and a router, without the page frame. */
export function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  // Every URL renders the same element, so it stays mounted when it navigates.
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router };
}
