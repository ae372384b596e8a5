import { useSyncExternalStore } from 'react';

/**
 * Where toasts show. An open modal dialog hides the rest of the page from screen readers,
 * blocks taps outside itself and keeps keyboard focus inside: a toast in the page's corner
 * could then be neither read, tapped nor reached, and it covered the dialog's heading on a
 * phone (decision 036). So each open dialog offers a place at its foot (`offerToastHost`, a
 * callback ref). A toast goes to the newest open dialog's when it is shown and stays there (a
 * dialog opened later does not take it over, so Escape closes that dialog, not the toast); to
 * the page's corner when no dialog is open, or once its own has closed.
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
export function currentToastHost(): HTMLElement | null {
  return hosts.at(-1) ?? null;
}

/** `host` while its dialog is still open, else null (the page's own place). */
export function useOpenToastHost(host: HTMLElement | null): HTMLElement | null {
  const isOpen = useSyncExternalStore(
    subscribe,
    () => host !== null && hosts.includes(host),
    () => false,
  );
  return isOpen ? host : null;
}
