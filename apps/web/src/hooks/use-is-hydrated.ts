import { useDeferredValue } from 'react';
import { useBrowserValue } from './use-browser-value';

/**
 * False on the server and while the browser takes over the server's HTML (its first render must
 * match that HTML); true from then on, and at once in anything rendered in the browser.
 */
export function useIsHydrated(): boolean {
  return useBrowserValue(() => true, false);
}

/**
 * `useIsHydrated`, but its turn to true after the page is taken over comes in a background
 * render (a deferred value), which React draws in short slices a tap can interrupt: for a big
 * part the browser adds then (a dialog opened with the page) that would otherwise be drawn in
 * one long task on a slow phone. True at once in anything rendered in the browser.
 */
export function useIsHydratedInBackground(): boolean {
  return useDeferredValue(useIsHydrated());
}
