import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { isTakingOverServerHtml } from '@/hooks/use-browser-value';

let lastTurn: Promise<void> = Promise.resolve();

const aTaskLater = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Resolves in a task of its own, after every turn asked for before it. */
function nextTurn(): Promise<void> {
  lastTurn = lastTurn.then(aTaskLater);
  return lastTurn;
}

/**
 * Resolves once every part that waits for its turn has been taken over (at once if none waits):
 * then every control on the page works.
 */
export function whenEveryTurnIsTaken(): Promise<void> {
  // A task after the last turn: Preact hydrates the part that waited in the turn's own callbacks.
  return lastTurn.then(aTaskLater);
}

function WaitForTurn({ children }: { children: ReactNode }) {
  // Thrown only while the page from the server is taken over: Preact then keeps this part's
  // HTML as it is and takes it over when the promise resolves, in a later task.
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- Suspense's protocol is a thrown promise
  if (isTakingOverServerHtml()) throw nextTurn();
  return children;
}

/**
 * Takes over its part of the server's HTML in a task of its own (issue 13): a page of results
 * then hydrates in short tasks, one card at a time, instead of one long one that blocks a slow
 * phone's main thread. The HTML is there and links and forms work meanwhile; rendered in the
 * browser, or on the server, it is its children and nothing more.
 */
export function HydrateInTurn({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <WaitForTurn>{children}</WaitForTurn>
    </Suspense>
  );
}
