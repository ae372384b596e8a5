/** Where the scroll positions outlive a reload (the privacy notice names it). */
export const SCROLL_POSITIONS_KEY = 'locals-scroll-positions';

/**
 * History state for a navigation that must not move the page: a filter changed in place, a
 * detail opened over the list. Keeps whatever state the navigation already carries; the app's
 * scroll restoration (app/scroll-restoration.tsx) reads it.
 */
export function keepScroll(state?: object): object {
  return { ...state, keepScroll: true };
}

export function keepsScroll(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'keepScroll' in state;
}
