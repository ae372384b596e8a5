import { useSyncExternalStore } from 'react';
import { useIsServerRender } from '@/lib/request-cookies';

/** True while main.tsx takes over the server's HTML: the first render must match it. */
let takingOver = false;
const takeOverListeners = new Set<() => void>();

/** Hydrates the server's HTML (main.tsx), telling useBrowserValue to render what the server did. */
export function takeOverServerHtml(hydrate: () => void): void {
  takingOver = true;
  try {
    hydrate();
  } finally {
    takingOver = false;
    for (const listener of takeOverListeners) listener();
  }
}

function subscribeToTakeOver(listener: () => void): () => void {
  takeOverListeners.add(listener);
  return () => takeOverListeners.delete(listener);
}

/** True while main.tsx hydrates the server's HTML. */
export const isTakingOverServerHtml = () => takingOver;
const readIsTakingOver = isTakingOverServerHtml;

/**
 * A value only the browser can read (its storage, say), and what the server renders instead.
 * The browser's first render of a page from the server uses `serverValue` too, so it matches the
 * HTML it takes over (issue 13); then `read()`. Anything rendered in the browser reads at once.
 * (Not useSyncExternalStore's server snapshot: Preact, which the app runs on, has none.) The
 * values read here change only through the page's own code, which re-renders after.
 */
export function useBrowserValue<T>(read: () => T, serverValue: T): T {
  const isServerRender = useIsServerRender();
  const isTakingOver = useSyncExternalStore(subscribeToTakeOver, readIsTakingOver);
  return isServerRender || isTakingOver ? serverValue : read();
}
