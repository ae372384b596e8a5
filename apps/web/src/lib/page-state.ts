import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** The data block a server-rendered page carries for the browser to hydrate from. */
export const PAGE_STATE_ELEMENT_ID = 'locals-page-state';

export type PageState = {
  router: HydrationState;
  queries: DehydratedState;
};

/** The server's state for this page, or null when the page was not rendered on the server. */
export function readPageState(): PageState | null {
  const element = document.getElementById(PAGE_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as PageState;
}
