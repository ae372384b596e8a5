import { useEffect } from 'react';

/**
 * Keeps a private page (a shared list, a provider's link) out of search engines while it is
 * shown: `<meta name="robots" content="noindex">` in the head. The server says the same in an
 * X-Robots-Tag header for the page it renders (routes with `handle: { noIndex: true }`).
 */
export function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}
