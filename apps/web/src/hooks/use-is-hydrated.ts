import { useBrowserValue } from './use-browser-value';

/**
 * False on the server and while the browser takes over the server's HTML (its first render must
 * match that HTML); true from then on, and at once in anything rendered in the browser.
 */
export function useIsHydrated(): boolean {
  return useBrowserValue(() => true, false);
}
