import { useEffect, useEffectEvent, useRef } from 'react';

/** The next page loads when the list end comes within 1000 px of the screen. */
export const INFINITE_SCROLL_ROOT_MARGIN = '0px 0px 1000px 0px';

/**
 * Calls onReachEnd when the returned sentinel nears the viewport. The observer is rebuilt
 * whenever `pageCount` changes, because a sentinel still in range after a short page
 * would otherwise never report again.
 */
export function useInfiniteScroll(onReachEnd: () => void, isEnabled: boolean, pageCount: number) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  // The latest onReachEnd when the observer fires, so a new callback never rebuilds the observer.
  const reachEnd = useEffectEvent(onReachEnd);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    // Without IntersectionObserver the "Load more results" button still works.
    if (!sentinel || !isEnabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reachEnd();
      },
      { rootMargin: INFINITE_SCROLL_ROOT_MARGIN },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [isEnabled, pageCount]);

  return sentinelRef;
}
