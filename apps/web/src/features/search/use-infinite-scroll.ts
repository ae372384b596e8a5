import { useEffect, useLayoutEffect, useRef } from 'react';

/** Spec 9: the next page loads when the list end comes within 1000 px of the screen. */
export const INFINITE_SCROLL_ROOT_MARGIN = '0px 0px 1000px 0px';

/**
 * Calls onReachEnd when the returned sentinel nears the viewport. The observer is rebuilt
 * whenever `pageCount` changes, because a sentinel still in range after a short page
 * would otherwise never report again.
 */
export function useInfiniteScroll(onReachEnd: () => void, isEnabled: boolean, pageCount: number) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  // The latest onReachEnd, read when the observer fires (what React's useEffectEvent does; the
  // Preact the app runs on has no such hook), so a new callback never rebuilds the observer.
  const reachEnd = useRef(onReachEnd);
  useLayoutEffect(() => {
    reachEnd.current = onReachEnd;
  });

  useEffect(() => {
    const sentinel = sentinelRef.current;
    // Without IntersectionObserver the "Load more results" button still works.
    if (!sentinel || !isEnabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reachEnd.current();
      },
      { rootMargin: INFINITE_SCROLL_ROOT_MARGIN },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [isEnabled, pageCount]);

  return sentinelRef;
}
