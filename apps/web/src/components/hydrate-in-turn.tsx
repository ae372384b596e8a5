import { Suspense, useCallback, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';

/**
 * How many parts of the page from the server React has yet to take over. Data the browser
 * fetches for itself (a person's bookmarks, the cards' votes) waits until none is left: a card
 * taken over after its data came would no longer match its HTML, and React would throw that
 * HTML away and draw the card again.
 */
let partsWaiting = 0;
const listeners = new Set<() => void>();

function changeWaiting(by: number): void {
  partsWaiting += by;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * True once every part of the page from the server has been taken over (at once for a page
 * rendered in the browser); false on the server and while the page is being taken over.
 */
export function useEveryPartTakenOver(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => partsWaiting === 0,
    () => false,
  );
}

type PartState = { counted: boolean; takenOver: boolean };

/** Inside the part: its layout effect runs when React has taken the part over. */
function TakenOver({ onTakenOver }: { onTakenOver: () => void }) {
  useLayoutEffect(onTakenOver, [onTakenOver]);
  return null;
}

/**
 * A part of the page React takes over on its own, after the rest (a Suspense boundary): a page
 * of results then hydrates in short tasks, a card at a time, instead of one long one that blocks
 * a slow phone's main thread. A tap on a card not yet taken over makes React take it over at
 * once and then handles the tap, so nothing a person does is lost. On the server, and rendered
 * in the browser, it is its children and nothing more.
 */
export function HydrateInTurn({ children }: { children: ReactNode }) {
  const part = useRef<PartState>({ counted: false, takenOver: false });
  const markTakenOver = useCallback(() => {
    const state = part.current;
    if (state.takenOver) return;
    state.takenOver = true;
    if (state.counted) changeWaiting(-1);
  }, []);
  // Runs when the page around the part is taken over; the part's own TakenOver runs when it is
  // (before this one, in the same commit, for a part rendered in the browser).
  useLayoutEffect(() => {
    const state = part.current;
    if (state.takenOver || state.counted) return;
    state.counted = true;
    changeWaiting(1);
    return () => {
      // A part dropped before it was taken over (the list changed) is no longer waited for.
      if (!state.takenOver && state.counted) {
        state.counted = false;
        changeWaiting(-1);
      }
    };
  }, []);
  return (
    <Suspense fallback={null}>
      <TakenOver onTakenOver={markTakenOver} />
      {children}
    </Suspense>
  );
}
