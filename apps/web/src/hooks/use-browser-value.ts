import { useSyncExternalStore } from 'react';

/** The values read here change only through the page's own code, which re-renders after. */
const subscribeToNothing = () => () => {};

/**
 * A value only the browser can read (its storage, say), and what the server renders instead.
 * The browser's first render of a page from the server uses `serverValue` too, so it matches the
 * HTML it takes over; React then renders again with `read()`. Anything rendered in the browser
 * reads at once. `read` must give the same value (a primitive) while nothing changes it.
 */
export function useBrowserValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(subscribeToNothing, read, () => serverValue);
}
