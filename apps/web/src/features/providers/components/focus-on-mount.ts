import { useLayoutEffect, useRef } from 'react';

/**
 * A ref that focuses its element once, when it first appears: not on every render, which would
 * pull focus out of a field the person is typing in.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
