import { useSyncExternalStore } from 'react';

/**
 * Where toasts show. An open modal dialog hides the rest of the page from screen readers,
 * blocks taps outside itself and keeps keyboard focus inside: a toast in the page's corner
 * could then be neither read, tapped nor reached, and it covered the dialog's heading on a
 * phone (issue 28). So each open dialog offers a place at its foot (`offerToastHost`, a
 * callback ref); the newest dialog's takes the toasts, and the page's corner when none is open.
 */
let hosts: readonly HTMLElement[] = [];
const listeners = new Set<() => void>();

function changeHosts(next: readonly HTMLElement[]): void {
  hosts = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A callback ref for the element a dialog keeps for toasts while it is open. */
export function offerToastHost(element: HTMLElement | null): (() => void) | undefined {
  if (!element) return undefined;
  changeHosts([...hosts, element]);
  return () => changeHosts(hosts.filter((host) => host !== element));
}

/** The newest open dialog's place for toasts, or null for the page's own. */
export function useToastHost(): HTMLElement | null {
  return useSyncExternalStore(
    subscribe,
    () => hosts.at(-1) ?? null,
    () => null,
  );
}
